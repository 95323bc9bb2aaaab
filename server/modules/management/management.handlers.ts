/** Handlers of the Management calls. */
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../generated/server/openapi';
import type { OperationHandlers } from '../../platform/handler';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';

const management = (request: FastifyRequest) => request.server.services.management;

export const managementHandlers = {
  managementGetConsentTexts: async (request: FastifyRequest<{ Querystring: { language: 'de' | 'en' } }>) => {
    const items = management(request).consentTexts(request.query.language);
    return ok({ totalCount: items.length, page: 1, pageSize: items.length, items });
  },
  managementGetTenantConsent: async (request: FastifyRequest<{ Querystring: { purpose: string } }>) =>
    ok(await management(request).tenantConsent(contextOf(request), request.query.purpose)),
  managementUpdateTenantConsent: async (request: FastifyRequest<{ Body: { purpose: 'ai' | 'gps'; granted: boolean } }>) =>
    ok(await management(request).updateConsent(contextOf(request), request.body.purpose, request.body.granted), translate(request.lang, 'common.saved')),
  managementGetTenant: async (request) => ok(await management(request).tenant(contextOf(request))),
  managementUpdateTenant: async (request: FastifyRequest<{ Body: components['schemas']['TenantUpdateRequest'] }>) =>
    ok(await management(request).updateTenant(contextOf(request), request.body), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
