/** Handlers of the ExternalSystem calls. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { contextOf } from '../../platform/context';

const accounting = (request: FastifyRequest) => request.server.services.accounting;

export const externalSystemHandlers = {
  externalSystemConnectExternalSystem: async (request: Body<'externalSystemConnectExternalSystem'>) =>
    ok(await accounting(request).connect(contextOf(request), request.body)),
  externalSystemDisconnect: async (request: FastifyRequest) => ok(await accounting(request).disconnect(contextOf(request))),
} satisfies OperationHandlers;
