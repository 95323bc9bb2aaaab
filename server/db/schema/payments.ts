/** Payment terms, payments, mails and reminders of issued invoices, the DATEV settings (decision 0032). */
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, tenantRowKey } from './columns';
import { issuedInvoices } from './invoicing';
import { tenants } from './tenants';
import { customers } from './catalog';

/** One row per firm; absent until first saved (then the defaults apply). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    paymentDays: integer('payment_days').notNull().default(14),
    discountPercent: numeric('discount_percent', { precision: 4, scale: 2, mode: 'number' }),
    discountDays: integer('discount_days'),
    mailSubjectDe: text('mail_subject_de'),
    mailBodyDe: text('mail_body_de'),
    mailSubjectEn: text('mail_subject_en'),
    mailBodyEn: text('mail_body_en'),
    reminderFeeCents: integer('reminder_fee_cents').notNull().default(0),
    dunning1FeeCents: integer('dunning1_fee_cents').notNull().default(0),
    dunning2FeeCents: integer('dunning2_fee_cents').notNull().default(0),
    datevConsultantNumber: integer('datev_consultant_number'),
    datevClientNumber: integer('datev_client_number'),
    datevFiscalYearStartMonth: integer('datev_fiscal_year_start_month').notNull().default(1),
    datevAccountLength: integer('datev_account_length').notNull().default(4),
    datevChart: text('datev_chart').$type<'SKR03' | 'SKR04'>().notNull().default('SKR03'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId], name: 'payment_settings_pkey' }),
    check('payment_settings_days', sql`${t.paymentDays} BETWEEN 0 AND 365`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'payment_settings_tenant_fk' }).onDelete('cascade'),
  ],
);

/** A customer's own terms (all three null: the firm's apply) and its DATEV debtor account. */
export const customerPaymentTerms = pgTable(
  'customer_payment_terms',
  {
    tenantId: uuid('tenant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    paymentDays: integer('payment_days'),
    discountPercent: numeric('discount_percent', { precision: 4, scale: 2, mode: 'number' }),
    discountDays: integer('discount_days'),
    debtorAccount: integer('debtor_account'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.customerId], name: 'customer_payment_terms_pkey' }),
    uniqueIndex('customer_payment_terms_debtor_uq').on(t.tenantId, t.debtorAccount),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'customer_payment_terms_customer_fk' }).onDelete('cascade'),
  ],
);

/** A payment received for an issued invoice; removed ones stay, marked (`deletedAt`). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    ...tenantRowKey,
    invoiceId: uuid('invoice_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').$type<'transfer' | 'cash' | 'card' | 'directDebit' | 'other'>().notNull(),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedBy: uuid('deleted_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_payments_invoice_idx').on(t.tenantId, t.invoiceId),
    index('invoice_payments_paid_on_idx').on(t.tenantId, t.paidOn),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [issuedInvoices.tenantId, issuedInvoices.id], name: 'invoice_payments_invoice_fk' }),
  ],
);

/** The invoice mail and the reminders (level 0) and dunning letters (1, 2) sent for an invoice. */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    ...tenantRowKey,
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind').$type<'invoice' | 'reminder' | 'dunning1' | 'dunning2'>().notNull(),
    level: integer('level'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    toAddress: text('to_address').notNull(),
    copyTo: text('copy_to'),
    language: text('language').$type<'de' | 'en'>().notNull(),
    subject: text('subject').notNull(),
    attachmentName: text('attachment_name').notNull(),
    /** The reminder's PDF as sent; null for the invoice mail (its attachment is the invoice's stored document). */
    attachment: bytea('attachment'),
    feeCents: integer('fee_cents').notNull().default(0),
    payBy: date('pay_by', { mode: 'string' }),
    sentBy: uuid('sent_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invoice_mails_level_uq').on(t.tenantId, t.invoiceId, t.level).where(sql`${t.level} IS NOT NULL`),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [issuedInvoices.tenantId, issuedInvoices.id], name: 'invoice_mails_invoice_fk' }),
  ],
);
