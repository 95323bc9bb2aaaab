/** Handlers of the issued invoices and their register (decision 0031). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { contentDisposition } from '../../platform/file-names';

const service = (request: FastifyRequest) => request.server.services.issuedInvoices;

export const issuedInvoicesHandlers = {
  invoiceIssue: async (request: Body<'invoiceIssue'>) => ok(await service(request).issue(contextOf(request), request.body)),
  invoiceListIssued: async (request: Query<'invoiceListIssued'>) => ok(await service(request).list(contextOf(request), request.query)),
  invoiceGetIssued: async (request: Path<'invoiceGetIssued'>) => ok(await service(request).get(contextOf(request), request.params.id)),
  invoiceDownloadIssued: async (request: Path<'invoiceDownloadIssued'>, reply: FastifyReply) => {
    const file = await service(request).document(contextOf(request), request.params.id, request.params.document);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', contentDisposition(file.fileName, 'attachment'))
      .header('Cache-Control', 'private, no-store')
      .send(file.content);
  },
  invoiceCancelIssued: async (request: Path<'invoiceCancelIssued'>) => ok(await service(request).cancel(contextOf(request), request.params.id)),
  invoiceUnmarkActivitiesAsProcessed: async (request: Body<'invoiceUnmarkActivitiesAsProcessed'>) =>
    ok(await service(request).unmarkProcessed(contextOf(request), request.body)),
} satisfies OperationHandlers;
