/** Handlers of the Information calls: read the validated request, call the service, shape the answer. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { operations } from '../../../generated/server/openapi';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import {
  createInformation,
  deleteInformationEntry,
  getInformationPage,
  updateInformationEntry,
  type InformationListParams,
} from './information.service';

type Params = FastifyRequest<{ Params: { id: string } }>;

const database = (request: FastifyRequest) => request.server.deps.database;

function listParams(q: NonNullable<operations['informationGetAll']['parameters']['query']>): InformationListParams {
  return {
    customerId: q.customerId,
    includeProcessed: q.includeProcessed,
    includeUnprocessed: q.includeUnprocessed,
    fromDate: q.fromDate,
    toDate: q.toDate,
    filter: q.filter,
    orderBy: q.orderBy,
    isDescending: q.isDescending,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const informationHandlers = {
  informationGetAll: async (request: Query<'informationGetAll'>) =>
    ok(await getInformationPage(contextOf(request), database(request), listParams(request.query))),

  informationReporting: async (request: Query<'informationReporting'>) =>
    ok(
      await getInformationPage(contextOf(request), database(request), {
        ...listParams(request.query),
        subType: request.query.subType,
      }),
    ),

  informationCreate: async (request: Body<'informationCreate'>, reply: FastifyReply) => {
    const entry = await createInformation(contextOf(request), database(request), request.body);
    return reply.status(201).send(ok(entry));
  },

  informationUpdate: async (request: Body<'informationUpdate'>) =>
    ok(await updateInformationEntry(contextOf(request), database(request), request.body)),

  informationDelete: async (request: Params) => {
    await deleteInformationEntry(contextOf(request), database(request), request.params.id);
    return ok(null);
  },
} satisfies OperationHandlers;
