/**
 * The payment terms of an invoice to a customer (decision 0032): the customer's own, else the
 * firm's, else 14 days net. Read here, beside the rows, because issuing an invoice (the invoice
 * module) and the payments module both need them, and neither may reach into the other.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERMS, termsFor, type PaymentTerms } from '../platform/payment-terms';
import type { Tx } from './database';
import { customerPaymentTerms, paymentSettings } from './schema';

/** The firm's terms from its settings row (none yet: 14 days net). */
export function firmTerms(row: { paymentDays: number; discountPercent: number | null; discountDays: number | null } | undefined): PaymentTerms {
  return { days: row?.paymentDays ?? DEFAULT_PAYMENT_TERMS.days, discountPercent: row?.discountPercent ?? null, discountDays: row?.discountDays ?? null };
}

/** The terms of an invoice to this customer, in the transaction's firm. */
export async function paymentTermsFor(tx: Tx, customerId: string): Promise<PaymentTerms> {
  const [settings] = await tx.select().from(paymentSettings);
  const [customer] = await tx.select().from(customerPaymentTerms).where(eq(customerPaymentTerms.customerId, customerId));
  return termsFor(firmTerms(settings), {
    paymentDays: customer?.paymentDays ?? null,
    discountPercent: customer?.discountPercent ?? null,
    discountDays: customer?.discountDays ?? null,
  });
}
