/**
 * Handlers of the Invoice calls built so far: the processed and archived marks. Preview, lexoffice
 * export and deletion by filter are not here yet and answer 501.
 */
import type { FastifyRequest } from 'fastify';
import type { RouteHandler } from '../../app';
import type { OperationBody as Body, OperationId } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';


const service = (request: FastifyRequest) => request.server.services.invoice;

export const invoiceHandlers = {
  invoiceMarkActivitiesAsProcessed: async (request: Body<'invoiceMarkActivitiesAsProcessed'>) =>
    ok(await service(request).markProcessed(contextOf(request), request.body)),

  invoiceMarkActivitiesAsProcessedByFilter: async (request: Body<'invoiceMarkActivitiesAsProcessedByFilter'>) =>
    ok(await service(request).markProcessedByFilter(contextOf(request), request.body)),
} as Partial<Record<OperationId, RouteHandler>>;
