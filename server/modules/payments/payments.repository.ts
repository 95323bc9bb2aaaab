/** The queries of payments, mails, reminders and the payment settings; each takes the tenant's transaction. */
import { and, asc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { customerPaymentTerms, customers, invoiceMails, invoicePayments, issuedInvoices, paymentSettings, users } from '../../db/schema';
import { paidCentsSql } from '../invoice';

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
 * highest one given, from the first of the account length's range, in the order the customers
 * first appear in the export) and kept from then on.
 */
export async function debtorAccounts(tx: Tx, tenantId: string, customerIds: string[], first: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const customerId of new Set(customerIds)) {
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

export type PaymentRow = typeof invoicePayments.$inferSelect & { createdByName: string | null };
export type MailRow = Omit<typeof invoiceMails.$inferSelect, 'attachment'> & { sentByName: string | null };

/** The payments of an invoice not removed, oldest first, with who recorded them. */
export async function paymentsOf(tx: Tx, invoiceId: string): Promise<PaymentRow[]> {
  return tx
    .select({ ...paymentColumns, createdByName: users.userName })
    .from(invoicePayments)
    .leftJoin(users, and(eq(users.tenantId, invoicePayments.tenantId), eq(users.id, invoicePayments.createdBy)))
    .where(and(eq(invoicePayments.invoiceId, invoiceId), isNull(invoicePayments.deletedAt)))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
}

const paymentColumns = {
  tenantId: invoicePayments.tenantId,
  id: invoicePayments.id,
  invoiceId: invoicePayments.invoiceId,
  paidOn: invoicePayments.paidOn,
  amountCents: invoicePayments.amountCents,
  method: invoicePayments.method,
  note: invoicePayments.note,
  createdBy: invoicePayments.createdBy,
  createdAt: invoicePayments.createdAt,
  deletedBy: invoicePayments.deletedBy,
  deletedAt: invoicePayments.deletedAt,
};

export async function findPayment(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoicePayments).where(and(eq(invoicePayments.id, id), isNull(invoicePayments.deletedAt)));
  return row;
}

export async function insertPayment(tx: Tx, row: typeof invoicePayments.$inferInsert) {
  const [stored] = await tx.insert(invoicePayments).values(row).returning();
  return stored!;
}

export async function markPaymentDeleted(tx: Tx, id: string, userId: string, at: Date) {
  await tx.update(invoicePayments).set({ deletedAt: at, deletedBy: userId }).where(eq(invoicePayments.id, id));
}

/** Locks the invoice's payments while one is recorded, so two at once cannot together overpay it. */
export async function lockPayments(tx: Tx, tenantId: string, invoiceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payments:${tenantId}:${invoiceId}`}, 0))`);
}

export async function paidCents(tx: Tx, tenantId: string, invoiceId: string): Promise<number> {
  const result = await tx.execute<{ paid: string }>(sql`select ${paidCentsSql('i')} as paid from issued_invoices i where i.tenant_id = ${tenantId} and i.id = ${invoiceId}`);
  return Number(result.rows[0]?.paid ?? 0);
}

export async function mailsOf(tx: Tx, invoiceId: string): Promise<MailRow[]> {
  return tx
    .select({
      tenantId: invoiceMails.tenantId,
      id: invoiceMails.id,
      invoiceId: invoiceMails.invoiceId,
      kind: invoiceMails.kind,
      level: invoiceMails.level,
      sentAt: invoiceMails.sentAt,
      toAddress: invoiceMails.toAddress,
      copyTo: invoiceMails.copyTo,
      language: invoiceMails.language,
      subject: invoiceMails.subject,
      attachmentName: invoiceMails.attachmentName,
      feeCents: invoiceMails.feeCents,
      payBy: invoiceMails.payBy,
      sentBy: invoiceMails.sentBy,
      sentByName: users.userName,
    })
    .from(invoiceMails)
    .leftJoin(users, and(eq(users.tenantId, invoiceMails.tenantId), eq(users.id, invoiceMails.sentBy)))
    .where(eq(invoiceMails.invoiceId, invoiceId))
    .orderBy(asc(invoiceMails.sentAt), sql`coalesce(${invoiceMails.level}, -1)`);
}

export async function insertMail(tx: Tx, row: typeof invoiceMails.$inferInsert) {
  await tx.insert(invoiceMails).values(row);
}

export type OverdueRow = {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  due_date: string;
  open_cents: string;
  last_level: number | null;
};

/**
 * Issued invoices (not cancelled, not a cancellation) past their due date with something open,
 * the longest overdue first; with their count and open total.
 */
export async function overdue(tx: Tx, tenantId: string, today: string, limit: number) {
  const base = sql`from issued_invoices i
    where i.tenant_id = ${tenantId} and i.kind = 'invoice' and i.due_date < ${today}::date
      and not exists (select 1 from issued_invoices c where c.tenant_id = i.tenant_id and c.cancels_id = i.id)
      and i.gross_cents > ${paidCentsSql('i')}`;
  const rows = await tx.execute<OverdueRow>(sql`select i.id, i.number, i.customer_id, i.buyer->>'name' as customer_name, i.due_date::text as due_date,
      (i.gross_cents - ${paidCentsSql('i')})::text as open_cents,
      (select max(m.level) from invoice_mails m where m.tenant_id = i.tenant_id and m.invoice_id = i.id) as last_level
    ${base} order by i.due_date, i.sequence_year, i.sequence_number limit ${limit}`);
  const totals = await tx.execute<{ count: string; open: string | null }>(sql`select count(*)::text as count, sum(i.gross_cents - ${paidCentsSql('i')})::text as open ${base}`);
  return { rows: rows.rows, totalCount: Number(totals.rows[0]?.count ?? 0), openCents: Number(totals.rows[0]?.open ?? 0) };
}

/** Issued invoices and cancellations dated in the period, in number order. */
export async function invoicesDated(tx: Tx, from: string, to: string) {
  return tx
    .select({
      id: issuedInvoices.id,
      number: issuedInvoices.number,
      kind: issuedInvoices.kind,
      customerId: issuedInvoices.customerId,
      invoiceDate: issuedInvoices.invoiceDate,
      dueDate: issuedInvoices.dueDate,
      vatTreatment: issuedInvoices.vatTreatment,
      vatByRate: issuedInvoices.vatByRate,
      grossCents: issuedInvoices.grossCents,
      buyer: issuedInvoices.buyer,
    })
    .from(issuedInvoices)
    .where(and(sql`${issuedInvoices.invoiceDate} between ${from}::date and ${to}::date`))
    .orderBy(asc(issuedInvoices.invoiceDate), asc(issuedInvoices.sequenceYear), asc(issuedInvoices.sequenceNumber));
}

/** Payments (not removed) received in the period, with their invoice's number, customer and buyer name. */
export async function paymentsReceived(tx: Tx, from: string, to: string) {
  return tx
    .select({
      paidOn: invoicePayments.paidOn,
      amountCents: invoicePayments.amountCents,
      number: issuedInvoices.number,
      customerId: issuedInvoices.customerId,
      buyer: issuedInvoices.buyer,
    })
    .from(invoicePayments)
    .innerJoin(issuedInvoices, and(eq(issuedInvoices.tenantId, invoicePayments.tenantId), eq(issuedInvoices.id, invoicePayments.invoiceId)))
    .where(and(isNull(invoicePayments.deletedAt), sql`${invoicePayments.paidOn} between ${from}::date and ${to}::date`))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
}
