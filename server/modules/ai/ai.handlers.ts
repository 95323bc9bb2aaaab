/** Handlers of the AI calls: read the request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationBody as Body } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { AppError, ok } from '../../platform/errors';
import type { OperationHandlers } from '../../platform/handler';
import { FormFields, readMultipart } from '../../platform/multipart';

const ai = (request: FastifyRequest) => request.server.services.ai;

export const aiHandlers = {
  aiGetStatus: async (request: FastifyRequest) => ok(await ai(request).status(contextOf(request))),

  aiTranscribe: async (request: FastifyRequest) => {
    const ctx = contextOf(request);
    const maxBytes = request.server.deps.config.ai.maxAudioBytes;
    const form = await readMultipart(request, {
      fileField: 'file',
      maxFileBytes: maxBytes,
      tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'ai.audioTooLarge', { params: { limit: Math.round((maxBytes / 1024 / 1024) * 10) / 10 } }),
    });
    const fields = new FormFields(form, ctx.lang, 'file');
    const language = fields.string('language', { maxLength: 2 });
    if (language !== undefined && language !== 'de' && language !== 'en') fields.fieldError('language', 'validation.enum', { values: 'de, en' });
    if (!form.file) fields.fieldError('file', 'ai.fileRequired');
    fields.assertValid();
    return ok(await ai(request).transcribe(ctx, { file: await form.file!.bytes(), language: (language as 'de' | 'en' | undefined) ?? ctx.lang }));
  },

  aiSortDictation: async (request: Body<'aiSortDictation'>) => ok(await ai(request).sortDictation(contextOf(request), request.body)),
  aiSummarize: async (request: Body<'aiSummarize'>) => ok(await ai(request).summarize(contextOf(request), request.body)),
  aiInvoiceText: async (request: Body<'aiInvoiceText'>) => ok(await ai(request).invoiceText(contextOf(request), request.body)),
} satisfies OperationHandlers;
