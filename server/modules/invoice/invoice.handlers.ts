/**
 * Handlers of the Invoice calls: preview and export files, the processed and archived marks and
 * deletion by filter. The lexoffice export is not here yet and answers 501.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';


const service = (request: FastifyRequest) => request.server.services.invoice;

export const invoiceHandlers = {
  invoiceCreatePreviewFromActivities: async (request: Body<'invoiceCreatePreviewFromActivities'>) =>
    ok(await service(request).createPreview(contextOf(request), request.body)),

  invoiceExportToLexOffice: async (request: Body<'invoiceExportToLexOffice'>) => ok(await service(request).exportToLexoffice(contextOf(request), request.body)),
  invoiceMarkActivitiesAsProcessed: async (request: Body<'invoiceMarkActivitiesAsProcessed'>) =>
    ok(await service(request).markProcessed(contextOf(request), request.body)),

  invoiceMarkActivitiesAsProcessedByFilter: async (request: Body<'invoiceMarkActivitiesAsProcessedByFilter'>) =>
    ok(await service(request).markProcessedByFilter(contextOf(request), request.body)),

  invoiceDeleteActivitiesByFilter: async (request: Body<'invoiceDeleteActivitiesByFilter'>) =>
    ok(await service(request).deleteByFilter(contextOf(request), request.body)),
} satisfies OperationHandlers;
