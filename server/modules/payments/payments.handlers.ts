/** Handlers of the Payments calls. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';

const payments = (request: FastifyRequest) => request.server.services.payments;

export const paymentsHandlers = {
  paymentsGetSettings: async (request: FastifyRequest) => ok(await payments(request).settings(contextOf(request))),
  paymentsUpdateSettings: async (request: Body<'paymentsUpdateSettings'>) =>
    ok(await payments(request).updateSettings(contextOf(request), request.body), translate(request.lang, 'common.saved')),
  paymentsGetCustomerTerms: async (request: Path<'paymentsGetCustomerTerms'>) =>
    ok(await payments(request).customerTerms(contextOf(request), request.params.customerId)),
  paymentsSetCustomerTerms: async (request: Body<'paymentsSetCustomerTerms'>) =>
    ok(await payments(request).setCustomerTerms(contextOf(request), request.body), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
