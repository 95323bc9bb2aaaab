/** The firm (tenant) itself. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '../../platform/time-zone';
import { timestamps } from './columns';

/** A tenant is one firm. Its own row is visible only inside its tenant context. */
export const tenants = pgTable('tenants', {
  tenantId: uuid('tenant_id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  street: text('street'),
  zip: text('zip'),
  city: text('city'),
  country: text('country').default('DE'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  vatId: text('vat_id'),
  taxNumber: text('tax_number'),
  /** Handelsregister or Handwerksrolle number (EN 16931 BT-30): identifies a seller without VAT id. */
  legalRegistrationId: text('legal_registration_id'),
  iban: text('iban'),
  bic: text('bic'),
  bankName: text('bank_name'),
  defaultHourlyRate: numeric('default_hourly_rate', { precision: 10, scale: 2, mode: 'number' }).notNull().default(60),
  smallBusiness: boolean('small_business').notNull().default(false),
  invoiceLanguage: text('invoice_language').notNull().default('de'),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  dailyTargetMinutes: integer('daily_target_minutes').notNull().default(480),
  /** The firm's working days as ISO weekdays (1 Monday … 7 Sunday): the days a target is due. */
  workingDays: integer('working_days').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
  /** Whose public holidays are free days: `DE` (nationwide ones only) or a state, e.g. `DE-BY`. */
  holidayRegion: text('holiday_region').notNull().default('DE'),
  /** How many days back an Employee may add working time afterwards (0: only today). */
  lateEntryDays: integer('late_entry_days').notNull().default(7),
  language: text('language').notNull().default('de'),
  /** How issued invoices are numbered: `{YYYY}`/`{YY}` the year, `{N…}` the sequence, zero-padded to the N count. */
  invoiceNumberFormat: text('invoice_number_format').notNull().default('RE-{YYYY}-{NNNN}'),
  /** The sequence restarts at 1 each calendar year (in the firm's time zone). */
  invoiceNumberYearly: boolean('invoice_number_yearly').notNull().default(true),
  /** Where the firm issues its invoices: here (numbers from the sequence) or in lexoffice. */
  invoiceIssuer: text('invoice_issuer').$type<'fieldbook' | 'lexoffice'>().notNull().default('fieldbook'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** When the firm's logo (stored as a file, drawn on its PDFs) was last set; null without one. */
  logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true }),
  ...timestamps,
}, (t) => [
  check('tenants_late_entry_days_range', sql`${t.lateEntryDays} BETWEEN 0 AND 365`),
  check('tenants_invoice_issuer_check', sql`${t.invoiceIssuer} IN ('fieldbook', 'lexoffice')`),
]);
