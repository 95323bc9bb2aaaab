/** Handlers of the Management calls. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { ok } from '../../platform/errors';
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
  managementUpdateTenantConsent: async (request: Body<'managementUpdateTenantConsent'>) =>
    ok(await management(request).updateConsent(contextOf(request), request.body.purpose, request.body.granted), translate(request.lang, 'common.saved')),
  managementGetTenant: async (request) => ok(await management(request).tenant(contextOf(request))),
  managementUpdateTenant: async (request: Body<'managementUpdateTenant'>) =>
    ok(await management(request).updateTenant(contextOf(request), request.body), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
