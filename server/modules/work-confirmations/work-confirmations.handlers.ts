/** Handlers of the WorkConfirmations calls: read the signed form, call the service; send the PDF. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationPath as Path } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { AppError, ok } from '../../platform/errors';
import { sendStoredFile } from '../../platform/file-response';
import { readMultipart } from '../../platform/multipart';
import { MAX_SIGNATURE_BYTES, readConfirmationForm } from './work-confirmations.service';

const service = (request: FastifyRequest) => request.server.services.workConfirmations;

export const workConfirmationsHandlers = {
  workConfirmationsCreate: async (request: FastifyRequest) => {
    const ctx = contextOf(request);
    const form = await readMultipart(request, {
      fileField: 'file',
      maxFileBytes: MAX_SIGNATURE_BYTES,
      tooLarge: () => new AppError('INVALID_IMAGE', 'confirmations.signatureInvalid'),
    });
    const input = await readConfirmationForm(ctx, form);
    return ok(await service(request).create(ctx, input));
  },

  workConfirmationsGet: async (request: Path<'workConfirmationsGet'>, reply: FastifyReply) => {
    const confirmation = await service(request).get(contextOf(request), request.params.id);
    return sendStoredFile(reply, request.server.deps.storage, {
      key: confirmation.pdfKey,
      contentType: 'application/pdf',
      fileName: confirmation.fileName,
      etag: `"${confirmation.id}"`,
    });
  },
} satisfies OperationHandlers;
