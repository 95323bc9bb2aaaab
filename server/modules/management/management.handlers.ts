/** Handlers of the Management calls. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readMultipart } from '../../platform/multipart';
import { contentDisposition } from '../../platform/file-names';
import { MAX_LOGO_BYTES } from './logo';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { AppError, ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';

const management = (request: FastifyRequest) => request.server.services.management;

export const managementHandlers = {
  managementGetConsentTexts: async (request: Query<'managementGetConsentTexts'>) => {
    const items = management(request).consentTexts(request.query.language);
    return ok({ totalCount: items.length, page: 1, pageSize: items.length, items });
  },
  managementGetTenantConsent: async (request: Query<'managementGetTenantConsent'>) =>
    ok(await management(request).tenantConsent(contextOf(request), request.query.purpose)),
  managementGetConsentHistory: async (request: Query<'managementGetConsentHistory'>) =>
    ok(await management(request).consentHistory(contextOf(request), request.query)),
  managementUpdateTenantConsent: async (request: Body<'managementUpdateTenantConsent'>) =>
    ok(await management(request).updateConsent(contextOf(request), request.body.purpose, request.body.granted), translate(request.lang, 'common.saved')),
  managementGetTenant: async (request) => ok(await management(request).tenant(contextOf(request))),
  managementUpdateTenant: async (request: Body<'managementUpdateTenant'>) =>
    ok(await management(request).updateTenant(contextOf(request), request.body), translate(request.lang, 'common.saved')),
  managementUploadLogo: async (request: FastifyRequest) => {
    const form = await readMultipart(request, {
      fileField: 'file',
      maxFileBytes: MAX_LOGO_BYTES,
      tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'management.logoTooLarge'),
    });
    if (!form.file) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { file: ['validation.required'] } });
    return ok(await management(request).setLogo(contextOf(request), await form.file.bytes()), translate(request.lang, 'common.saved'));
  },
  managementGetLogo: async (request: FastifyRequest, reply: FastifyReply) => {
    const logo = await management(request).logo(contextOf(request));
    return reply
      .header('Content-Type', 'image/png')
      .header('Content-Disposition', contentDisposition('logo.png'))
      .header('ETag', `"logo-${logo.version}"`)
      .header('Cache-Control', 'private, max-age=86400')
      .send(logo.data);
  },
  managementDeleteLogo: async (request: FastifyRequest) => ok(await management(request).removeLogo(contextOf(request)), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
