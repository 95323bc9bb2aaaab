/** Handlers of the Payments calls. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path, OperationQuery as Query } from '../../platform/contract';
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
  paymentsGetForInvoice: async (request: Path<'paymentsGetForInvoice'>) => ok(await payments(request).receivable(contextOf(request), request.params.invoiceId)),
  paymentsRecord: async (request: Body<'paymentsRecord'>) =>
    ok(await payments(request).record(contextOf(request), request.body), translate(request.lang, 'payments.recorded')),
  paymentsDelete: async (request: Path<'paymentsDelete'>) =>
    ok(await payments(request).deletePayment(contextOf(request), request.params.id), translate(request.lang, 'payments.deleted')),
  paymentsGetOverdue: async (request: FastifyRequest) => ok(await payments(request).overdue(contextOf(request))),
  paymentsSend: async (request: Body<'paymentsSend'>) => {
    const sent = await payments(request).send(contextOf(request), request.body);
    return ok(sent.data, translate(request.lang, 'payments.sent', { to: sent.to }));
  },
  paymentsRemind: async (request: Body<'paymentsRemind'>) => {
    const sent = await payments(request).remind(contextOf(request), request.body);
    return ok(sent.data, translate(request.lang, 'payments.sent', { to: sent.to }));
  },
  paymentsDatevExport: async (request: Query<'paymentsDatevExport'>) => ok(await payments(request).datevExport(contextOf(request), request.query)),
} satisfies OperationHandlers;
