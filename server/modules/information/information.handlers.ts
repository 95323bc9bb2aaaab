/** Handlers of the Information calls: read the validated request, call the service, shape the answer. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import {
  createInformation,
  deleteInformationEntry,
  getInformationPage,
  updateInformationEntry,
} from './information.service';


const database = (request: FastifyRequest) => request.server.deps.database;

export const informationHandlers = {
  informationGetAll: async (request: Query<'informationGetAll'>) =>
    ok(await getInformationPage(contextOf(request), database(request), request.query)),

  informationReporting: async (request: Query<'informationReporting'>) =>
    ok(
      await getInformationPage(contextOf(request), database(request), request.query),
    ),

  informationCreate: async (request: Body<'informationCreate'>, reply: FastifyReply) => {
    const entry = await createInformation(contextOf(request), database(request), request.body);
    return reply.status(201).send(ok(entry));
  },

  informationUpdate: async (request: Body<'informationUpdate'>) =>
    ok(await updateInformationEntry(contextOf(request), database(request), request.body)),

  informationDelete: async (request: Path<'informationDelete'>) => {
    await deleteInformationEntry(contextOf(request), database(request), request.params.id);
    return ok(null);
  },
} satisfies OperationHandlers;
