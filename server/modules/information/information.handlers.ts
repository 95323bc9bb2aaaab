/** Handlers of the Information calls: read the validated request, call the service, shape the answer. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';

const service = (request: FastifyRequest) => request.server.services.information;

export const informationHandlers = {
  informationGetAll: async (request: Query<'informationGetAll'>) =>
    ok(await service(request).list(contextOf(request), request.query)),

  informationReporting: async (request: Query<'informationReporting'>) =>
    ok(await service(request).getReport(contextOf(request), request.query)),

  informationCreate: async (request: Body<'informationCreate'>, reply: FastifyReply) => {
    const entry = await service(request).create(contextOf(request), request.body);
    return reply.status(201).send(ok(entry));
  },

  informationUpdate: async (request: Body<'informationUpdate'>) =>
    ok(await service(request).update(contextOf(request), request.body)),

  informationDelete: async (request: Path<'informationDelete'>) => {
    await service(request).delete(contextOf(request), request.params.id);
    return ok(null);
  },
} satisfies OperationHandlers;
