/**
 * Issued invoices (decision 0031): the number sequence per firm and year, the invoices as issued
 * (never changed or deleted: no grant for the app role, and a trigger for every role), and the
 * vouchers of firms that issue their invoices in lexoffice. Entries point at the invoice that
 * billed them (`invoice_id` on `information_entries` and `time_tracks`).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, tenantRowKey } from './columns';
import { customers } from './catalog';
import { tenants } from './tenants';

/** The last number given per firm and year (year 0: one sequence for all years); locked while issuing. */
export const invoiceNumberSequences = pgTable(
  'invoice_number_sequences',
  {
    tenantId: uuid('tenant_id').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.year] }),
    check('invoice_number_sequences_last_number_check', sql`${t.lastNumber} >= 0`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'invoice_number_sequences_tenant_fk' }).onDelete('cascade'),
  ],
);

/** The firm as it stood on the invoice. */
export interface SellerSnapshot {
  name: string;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  vatId: string | null;
  taxNumber: string | null;
  legalRegistrationId: string | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  smallBusiness: boolean;
}

/** The customer as it stood on the invoice. */
export interface BuyerSnapshot {
  name: string;
  customerNumber: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  vatId: string | null;
  leitwegId: string | null;
  business: boolean;
}

/** One position as it was invoiced (amounts in cents; negated on a cancellation). */
export interface IssuedPosition {
  key: string;
  kind: string;
  description: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  vatCategory: string;
  vatRate: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
  informationIds: string[];
  timeTrackIds: string[];
}

export interface IssuedVatRate {
  vatCategory: string;
  vatRate: number;
  netCents: number;
  vatCents: number;
}

export const issuedInvoices = pgTable(
  'issued_invoices',
  {
    ...tenantRowKey,
    number: text('number').notNull(),
    sequenceYear: integer('sequence_year').notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    kind: text('kind').$type<'invoice' | 'cancellation'>().notNull(),
    /** The invoice a cancellation cancels (BT-25). */
    cancelsId: uuid('cancels_id'),
    customerId: uuid('customer_id').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    serviceFrom: timestamp('service_from', { withTimezone: true }).notNull(),
    serviceTo: timestamp('service_to', { withTimezone: true }).notNull(),
    language: text('language').notNull(),
    format: text('format').$type<'pdf' | 'zugferd' | 'xrechnung'>().notNull(),
    currency: text('currency').notNull().default('EUR'),
    title: text('title').notNull(),
    vatTreatment: text('vat_treatment').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    vatByRate: jsonb('vat_by_rate').$type<IssuedVatRate[]>().notNull(),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    positions: jsonb('positions').$type<IssuedPosition[]>().notNull(),
    /** The PDF as issued (ZUGFeRD: with the XML inside); byte-identical on every download. */
    pdf: bytea('pdf').notNull(),
    pdfFileName: text('pdf_file_name').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    /** The XRechnung XML as issued (the original); a ZUGFeRD invoice carries its XML inside `pdf`. */
    xml: bytea('xml'),
    xmlFileName: text('xml_file_name'),
    xmlSha256: text('xml_sha256'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('issued_invoices_number_uq').on(t.tenantId, t.number),
    unique('issued_invoices_sequence_uq').on(t.tenantId, t.sequenceYear, t.sequenceNumber),
    check('issued_invoices_kind_check', sql`${t.kind} IN ('invoice', 'cancellation')`),
    check('issued_invoices_cancels_check', sql`(${t.kind} = 'cancellation') = (${t.cancelsId} IS NOT NULL)`),
    check('issued_invoices_format_check', sql`${t.format} IN ('pdf', 'zugferd', 'xrechnung')`),
    check('issued_invoices_xml_check', sql`(${t.format} = 'xrechnung') = (${t.xml} IS NOT NULL)`),
    uniqueIndex('issued_invoices_cancels_uq').on(t.tenantId, t.cancelsId).where(sql`${t.cancelsId} IS NOT NULL`),
    index('issued_invoices_date_idx').on(t.tenantId, t.invoiceDate, t.sequenceYear, t.sequenceNumber),
    index('issued_invoices_customer_idx').on(t.tenantId, t.customerId, t.invoiceDate),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'issued_invoices_tenant_fk' }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'issued_invoices_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.cancelsId], foreignColumns: [t.tenantId, t.id], name: 'issued_invoices_cancels_fk' }),
  ],
);

/** An invoice a firm that bills in lexoffice created there from here: lexoffice's number and link. */
export const accountingVouchers = pgTable(
  'accounting_vouchers',
  {
    ...tenantRowKey,
    system: text('system').notNull(),
    voucherId: text('voucher_id').notNull(),
    voucherNumber: text('voucher_number'),
    status: text('status').$type<'draft' | 'open'>().notNull(),
    customerId: uuid('customer_id').notNull(),
    voucherDate: date('voucher_date', { mode: 'string' }).notNull(),
    serviceFrom: timestamp('service_from', { withTimezone: true }).notNull(),
    serviceTo: timestamp('service_to', { withTimezone: true }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    documentUrl: text('document_url').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('accounting_vouchers_voucher_uq').on(t.tenantId, t.system, t.voucherId),
    check('accounting_vouchers_status_check', sql`${t.status} IN ('draft', 'open')`),
    index('accounting_vouchers_date_idx').on(t.tenantId, t.voucherDate),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'accounting_vouchers_tenant_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'accounting_vouchers_customer_fk' }),
  ],
);
