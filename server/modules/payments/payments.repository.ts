/** The queries of payments, mails, reminders and the payment settings; each takes the tenant's transaction. */
import { and, eq, isNotNull, max } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { customerPaymentTerms, customers, paymentSettings } from '../../db/schema';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type PaymentSettingsFields = Omit<typeof paymentSettings.$inferInsert, 'tenantId' | 'updatedAt'>;

export async function findSettings(tx: Tx): Promise<PaymentSettingsRow | undefined> {
  const [row] = await tx.select().from(paymentSettings);
  return row;
}

export async function saveSettings(tx: Tx, tenantId: string, fields: PaymentSettingsFields) {
  const [row] = await tx
    .insert(paymentSettings)
    .values({ tenantId, ...fields })
    .onConflictDoUpdate({ target: paymentSettings.tenantId, set: { ...fields, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function findCustomerTerms(tx: Tx, customerId: string) {
  const [row] = await tx.select().from(customerPaymentTerms).where(eq(customerPaymentTerms.customerId, customerId));
  return row;
}

export async function saveCustomerTerms(
  tx: Tx,
  tenantId: string,
  customerId: string,
  terms: { paymentDays: number | null; discountPercent: number | null; discountDays: number | null },
) {
  await tx
    .insert(customerPaymentTerms)
    .values({ tenantId, customerId, ...terms })
    .onConflictDoUpdate({ target: [customerPaymentTerms.tenantId, customerPaymentTerms.customerId], set: terms });
}

/**
 * The DATEV debtor account of each customer, assigned at its first export (the next after the
 * highest one given, from the first of the account length's range) and kept from then on.
 */
export async function debtorAccounts(tx: Tx, tenantId: string, customerIds: string[], first: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const customerId of [...new Set(customerIds)].sort()) {
    const existing = await findCustomerTerms(tx, customerId);
    if (existing?.debtorAccount) {
      out.set(customerId, existing.debtorAccount);
      continue;
    }
    const [top] = await tx.select({ top: max(customerPaymentTerms.debtorAccount) }).from(customerPaymentTerms).where(and(isNotNull(customerPaymentTerms.debtorAccount)));
    const account = Math.max(first, (top?.top ?? first - 1) + 1);
    await tx
      .insert(customerPaymentTerms)
      .values({ tenantId, customerId, debtorAccount: account })
      .onConflictDoUpdate({ target: [customerPaymentTerms.tenantId, customerPaymentTerms.customerId], set: { debtorAccount: account } });
    out.set(customerId, account);
  }
  return out;
}

/** Whether the customer exists in this firm (row-level security hides every other firm's). */
export async function customerExists(tx: Tx, customerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  return !!row;
}
