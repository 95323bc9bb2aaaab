/**
 * Queries of issued invoices (decision 0031), each inside the tenant transaction. Issued rows are
 * only ever inserted; the number comes from the firm's sequence row, which the issuing transaction
 * updates (and so locks) until it ends.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { countUpToCap, pastCount } from '../../db/helpers';
import { issuedInvoices, accountingVouchers, invoiceNumberSequences } from '../../db/schema';
import { columnsOf, customerNameSql } from '../../platform/display-names';

const customerDisplayNameSql = customerNameSql(columnsOf('c'));
import { statusSql } from './issued-invoices.status';
import type { RegisterStatus } from '../../platform/invoice-number';

export type IssuedInvoiceInsert = typeof issuedInvoices.$inferInsert;
/** An issued invoice without its document bytes. */
export type IssuedInvoiceRow = Omit<typeof issuedInvoices.$inferSelect, 'pdf' | 'xml'>;

/**
 * The next number of the firm's sequence for `year` (0: one sequence for all years). The row stays
 * locked until the transaction ends: a concurrent issue waits, and a rollback gives the number back.
 */
export async function takeNextSequenceNumber(tx: Tx, tenantId: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberSequences)
    .values({ tenantId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumberSequences.tenantId, invoiceNumberSequences.year],
      set: { lastNumber: sql`${invoiceNumberSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberSequences.lastNumber });
  return row!.lastNumber;
}

export async function insertIssuedInvoice(tx: Tx, row: IssuedInvoiceInsert): Promise<void> {
  await tx.insert(issuedInvoices).values(row);
}

const rowColumns = {
  tenantId: issuedInvoices.tenantId,
  id: issuedInvoices.id,
  number: issuedInvoices.number,
  sequenceYear: issuedInvoices.sequenceYear,
  sequenceNumber: issuedInvoices.sequenceNumber,
  kind: issuedInvoices.kind,
  cancelsId: issuedInvoices.cancelsId,
  customerId: issuedInvoices.customerId,
  invoiceDate: issuedInvoices.invoiceDate,
  dueDate: issuedInvoices.dueDate,
  serviceFrom: issuedInvoices.serviceFrom,
  serviceTo: issuedInvoices.serviceTo,
  language: issuedInvoices.language,
  format: issuedInvoices.format,
  currency: issuedInvoices.currency,
  title: issuedInvoices.title,
  vatTreatment: issuedInvoices.vatTreatment,
  netCents: issuedInvoices.netCents,
  vatCents: issuedInvoices.vatCents,
  grossCents: issuedInvoices.grossCents,
  vatByRate: issuedInvoices.vatByRate,
  seller: issuedInvoices.seller,
  buyer: issuedInvoices.buyer,
  positions: issuedInvoices.positions,
  pdfFileName: issuedInvoices.pdfFileName,
  pdfSha256: issuedInvoices.pdfSha256,
  xmlFileName: issuedInvoices.xmlFileName,
  xmlSha256: issuedInvoices.xmlSha256,
  createdBy: issuedInvoices.createdBy,
  createdByName: issuedInvoices.createdByName,
  createdAt: issuedInvoices.createdAt,
};

/** One issued invoice with its totals and snapshots (no document bytes); undefined when unknown. */
export async function findIssuedInvoice(tx: Tx, tenantId: string, id: string): Promise<IssuedInvoiceRow | undefined> {
  const [row] = await tx.select(rowColumns).from(issuedInvoices).where(and(eq(issuedInvoices.tenantId, tenantId), eq(issuedInvoices.id, id)));
  return row;
}

/** The cancellation of an invoice, if it has one. */
export async function findCancellationOf(tx: Tx, tenantId: string, id: string): Promise<IssuedInvoiceRow | undefined> {
  const [row] = await tx.select(rowColumns).from(issuedInvoices).where(and(eq(issuedInvoices.tenantId, tenantId), eq(issuedInvoices.cancelsId, id)));
  return row;
}

/** The stored bytes of one document of an invoice, exactly as issued. */
export async function issuedDocument(tx: Tx, tenantId: string, id: string, which: 'pdf' | 'xml') {
  const [row] = await tx
    .select({
      content: which === 'pdf' ? issuedInvoices.pdf : issuedInvoices.xml,
      fileName: which === 'pdf' ? issuedInvoices.pdfFileName : issuedInvoices.xmlFileName,
    })
    .from(issuedInvoices)
    .where(and(eq(issuedInvoices.tenantId, tenantId), eq(issuedInvoices.id, id)));
  return row && row.content && row.fileName ? { content: row.content, fileName: row.fileName } : undefined;
}

/** Binds the entries to the invoice (and marks them processed); answers how many were bound. */
export async function bindEntries(tx: Tx, tenantId: string, invoiceId: string, ids: { informationIds: string[]; timeTrackIds: string[] }, now: Date) {
  const info = await tx.execute(sql`
    update information_entries set invoice_id = ${invoiceId}, processed_at = coalesce(processed_at, ${now}::timestamptz), updated_at = ${now}::timestamptz
    where tenant_id = ${tenantId} and id = any(${sql.param(ids.informationIds)}::uuid[]) and invoice_id is null`);
  const tracks = await tx.execute(sql`
    update time_tracks set invoice_id = ${invoiceId}, processed_at = coalesce(processed_at, ${now}::timestamptz), updated_at = ${now}::timestamptz
    where tenant_id = ${tenantId} and id = any(${sql.param(ids.timeTrackIds)}::uuid[]) and invoice_id is null`);
  return (info.rowCount ?? 0) + (tracks.rowCount ?? 0);
}

/** Releases the entries an invoice bound: open (billable) again. Answers their ids. */
export async function releaseEntries(tx: Tx, tenantId: string, invoiceId: string, now: Date) {
  const info = await tx.execute<{ id: string }>(sql`
    update information_entries set invoice_id = null, processed_at = null, archived_at = null, updated_at = ${now}::timestamptz
    where tenant_id = ${tenantId} and invoice_id = ${invoiceId} returning id`);
  const tracks = await tx.execute<{ id: string }>(sql`
    update time_tracks set invoice_id = null, processed_at = null, archived_at = null, updated_at = ${now}::timestamptz
    where tenant_id = ${tenantId} and invoice_id = ${invoiceId} returning id`);
  return { informationIds: info.rows.map((r) => r.id), timeTrackIds: tracks.rows.map((r) => r.id) };
}

/** The invoices (by number) that bind any of these entries, for the 409 naming them. */
export async function invoicesBinding(tx: Tx, tenantId: string, ids: { informationIds: string[]; timeTrackIds: string[] }) {
  const result = await tx.execute<{ id: string; number: string; invoice_id: string }>(sql`
    select x.id, i.number, i.id as invoice_id from (
      select id, invoice_id from information_entries where tenant_id = ${tenantId} and id = any(${sql.param(ids.informationIds)}::uuid[]) and invoice_id is not null
      union all
      select id, invoice_id from time_tracks where tenant_id = ${tenantId} and id = any(${sql.param(ids.timeTrackIds)}::uuid[]) and invoice_id is not null
    ) x join issued_invoices i on i.tenant_id = ${tenantId} and i.id = x.invoice_id
    order by i.number`);
  return result.rows.map((r) => ({ entryId: r.id, invoiceId: r.invoice_id, number: r.number }));
}

export interface RegisterQuery {
  /** The firm's date today, `YYYY-MM-DD`: what is overdue. */
  today: string;
  customerId?: string;
  status?: RegisterStatus;
  kind?: 'invoice' | 'cancellation';
  fromDate?: string;
  toDate?: string;
  search?: string;
  page: number;
  pageSize: number;
}

export interface RegisterRow {
  id: string;
  source: 'fieldbook' | 'lexoffice';
  number: string | null;
  kind: 'invoice' | 'cancellation';
  cancelsId: string | null;
  customerId: string;
  customerName: string;
  invoiceDate: string;
  dueDate: string | null;
  netCents: number;
  grossCents: number;
  status: RegisterStatus | null;
  format: string | null;
  externalUrl: string | null;
}

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The register: issued invoices and cancellations, and the vouchers issued in lexoffice from here
 * (their status is lexoffice's), newest first, filtered and paged. Answers the page and the count.
 */
export async function listRegister(tx: Tx, tenantId: string, query: RegisterQuery): Promise<{ totalCount: number; capped: boolean; rows: RegisterRow[] }> {
  const conditions: SQL[] = [];
  if (query.customerId) conditions.push(sql`r.customer_id = ${query.customerId}`);
  if (query.status) conditions.push(sql`r.status = ${query.status}`);
  if (query.kind) conditions.push(sql`r.kind = ${query.kind}`);
  if (query.fromDate) conditions.push(sql`r.invoice_date >= ${query.fromDate}::date`);
  if (query.toDate) conditions.push(sql`r.invoice_date <= ${query.toDate}::date`);
  const search = query.search?.trim();
  if (search) conditions.push(sql`(lower(coalesce(r.number, '')) like ${likeOf(search)} or lower(r.customer_name) like ${likeOf(search)})`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = sql`
    select i.id, 'fieldbook' as source, i.number, i.kind, i.cancels_id, i.customer_id, ${customerDisplayNameSql} as customer_name,
      i.invoice_date, i.due_date, i.net_cents, i.gross_cents, ${statusSql('i', query.today)} as status, i.format, null::text as external_url,
      i.sequence_year, i.sequence_number, i.created_at
    from issued_invoices i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
    where i.tenant_id = ${tenantId}
    union all
    select v.id, v.system, v.voucher_number, 'invoice', null::uuid, v.customer_id, ${customerDisplayNameSql},
      v.voucher_date, null::date, v.net_cents, v.gross_cents, null::text, null::text, v.document_url,
      0, 0, v.created_at
    from accounting_vouchers v join customers c on c.tenant_id = v.tenant_id and c.id = v.customer_id
    where v.tenant_id = ${tenantId}`;
  const { totalCount, capped } = await countUpToCap(tx, { limit: (limit: number) => sql`select 1 from (${rows}) r ${where} limit ${limit}` });
  if (pastCount(totalCount, (query.page - 1) * query.pageSize)) return { totalCount, capped, rows: [] };
  const page = await tx.execute<Record<string, unknown>>(sql`
    select * from (${rows}) r ${where}
    order by r.invoice_date desc, r.created_at desc, r.sequence_year desc, r.sequence_number desc, r.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const day = (v: unknown) => (v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
  return {
    totalCount,
    capped,
    rows: page.rows.map((r) => ({
      id: r.id as string,
      source: r.source as 'fieldbook' | 'lexoffice',
      number: (r.number as string | null) ?? null,
      kind: r.kind as 'invoice' | 'cancellation',
      cancelsId: (r.cancels_id as string | null) ?? null,
      customerId: r.customer_id as string,
      customerName: r.customer_name as string,
      invoiceDate: day(r.invoice_date)!,
      dueDate: day(r.due_date),
      netCents: Number(r.net_cents),
      grossCents: Number(r.gross_cents),
      status: (r.status as RegisterStatus | null) ?? null,
      format: (r.format as string | null) ?? null,
      externalUrl: (r.external_url as string | null) ?? null,
    })),
  };
}

/** The status of one issued invoice on `today` (the firm's date). */
export async function statusOf(tx: Tx, tenantId: string, id: string, today: string): Promise<RegisterStatus | undefined> {
  const result = await tx.execute<{ status: RegisterStatus }>(sql`select ${statusSql('i', today)} as status from issued_invoices i where i.tenant_id = ${tenantId} and i.id = ${id}`);
  return result.rows[0]?.status;
}

export type AccountingVoucherInsert = typeof accountingVouchers.$inferInsert;

/** Records an invoice created in lexoffice from here (its number once finalized). */
export async function insertAccountingVoucher(tx: Tx, row: AccountingVoucherInsert): Promise<void> {
  await tx.insert(accountingVouchers).values(row).onConflictDoNothing();
}
