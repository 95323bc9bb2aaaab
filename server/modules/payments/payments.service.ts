/** Payment terms, payments, mails, reminders and the DATEV export (decision 0032). */
import type { Deps } from '../../platform/handler';
import type { RequestContext } from '../../platform/context';
import type { BodyOf } from '../../platform/contract';
import { AppError, notFound } from '../../platform/errors';
import type { PaymentTerms } from '../../platform/payment-terms';
import * as repo from './payments.repository';
import { settingsDto, settingsFields, termsErrors } from './payments.rules';

export class PaymentsService {
  constructor(private readonly deps: Deps) {}

  async settings(ctx: RequestContext) {
    return this.deps.database.withTenant(ctx.tenantId, async (tx) => settingsDto(await repo.findSettings(tx)));
  }

  async updateSettings(ctx: RequestContext, body: BodyOf<'paymentsUpdateSettings'>) {
    const errors = termsErrors(body.terms, 'terms');
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: errors });
    return this.deps.database.withTenant(ctx.tenantId, async (tx) => settingsDto(await repo.saveSettings(tx, ctx.tenantId, settingsFields(body))));
  }

  async customerTerms(ctx: RequestContext, customerId: string): Promise<PaymentTerms | null> {
    return this.deps.database.withTenant(ctx.tenantId, async (tx) => {
      if (!(await repo.customerExists(tx, customerId))) throw notFound();
      return termsDto(await repo.findCustomerTerms(tx, customerId));
    });
  }

  async setCustomerTerms(ctx: RequestContext, body: BodyOf<'paymentsSetCustomerTerms'>): Promise<PaymentTerms | null> {
    if (body.terms) {
      const errors = termsErrors(body.terms, 'terms');
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: errors });
    }
    return this.deps.database.withTenant(ctx.tenantId, async (tx) => {
      if (!(await repo.customerExists(tx, body.customerId))) throw notFound();
      const terms = body.terms ?? { days: null, discountPercent: null, discountDays: null };
      await repo.saveCustomerTerms(tx, ctx.tenantId, body.customerId, { paymentDays: terms.days, discountPercent: terms.discountPercent, discountDays: terms.discountDays });
      return termsDto(await repo.findCustomerTerms(tx, body.customerId));
    });
  }
}

function termsDto(row: Awaited<ReturnType<typeof repo.findCustomerTerms>>): PaymentTerms | null {
  if (!row || row.paymentDays === null) return null;
  return { days: row.paymentDays, discountPercent: row.discountPercent, discountDays: row.discountDays };
}
