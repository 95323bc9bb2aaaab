/** Payment terms, payments, mails and reminders of issued invoices, the DATEV settings (decision 0032). */
import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
