/**
 * Rules of payments, free of I/O (decision 0032): which reminder level may be sent next, the mail
 * templates, the settings' shape and the fiscal year of a DATEV period. The status of an issued
 * invoice is the register's (`statusSql`), fed by the payments through its hook.
 */
import { toCents, toEuro } from '../../platform/money';
import { translate, type Lang } from '../../platform/i18n';
import type { PaymentTerms } from '../../platform/payment-terms';
import type { components } from '../../../generated/server/openapi';
import type { PaymentSettingsRow } from './payments.repository';
import { firmTerms } from '../../db/payment-terms';

type Settings = components['schemas']['PaymentSettings'];

/** The next reminder level (0 reminder, 1 and 2 dunning) after the ones sent, or null after level 2. */
export function nextReminderLevel(sentLevels: number[]): 0 | 1 | 2 | null {
  const next = sentLevels.length === 0 ? 0 : Math.max(...sentLevels) + 1;
  return next <= 2 ? (next as 0 | 1 | 2) : null;
}

/** The placeholders of the invoice mail's texts. */
const MAIL_PLACEHOLDERS = ['number', 'customer', 'amount', 'dueDate', 'firm'];

/** A built-in mail text with its placeholders kept, as the firm's template starts from. */
export function defaultMailText(lang: Lang, key: 'payments.mailSubject' | 'payments.mailBody'): string {
  return translate(lang, key, Object.fromEntries(MAIL_PLACEHOLDERS.map((name) => [name, `{${name}}`])));
}

/** `{name}` placeholders filled; unknown ones stay as written. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function euroText(language: Lang, cents: number): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function dayText(language: Lang, isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return language === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}


/** The discount given as a pair, within the payment term: the field errors otherwise. */
export function termsErrors(terms: PaymentTerms, prefix: string): Record<string, string[]> {
  if ((terms.discountPercent === null) !== (terms.discountDays === null)) {
    return { [`${prefix}.${terms.discountPercent === null ? 'discountPercent' : 'discountDays'}`]: ['payments.discountPair'] };
  }
  if (terms.discountDays !== null && terms.discountDays > terms.days) return { [`${prefix}.discountDays`]: ['payments.discountDays'] };
  return {};
}

export function settingsDto(row: PaymentSettingsRow | undefined): Settings {
  const defaults = (lang: Lang) => ({ subject: defaultMailText(lang, 'payments.mailSubject'), body: defaultMailText(lang, 'payments.mailBody') });
  return {
    terms: firmTerms(row),
    mailTexts: {
      subjectDe: row?.mailSubjectDe ?? null,
      bodyDe: row?.mailBodyDe ?? null,
      subjectEn: row?.mailSubjectEn ?? null,
      bodyEn: row?.mailBodyEn ?? null,
    },
    reminderFees: {
      reminder: toEuro(row?.reminderFeeCents ?? 0),
      dunning1: toEuro(row?.dunning1FeeCents ?? 0),
      dunning2: toEuro(row?.dunning2FeeCents ?? 0),
    },
    datev: {
      consultantNumber: row?.datevConsultantNumber ?? null,
      clientNumber: row?.datevClientNumber ?? null,
      fiscalYearStartMonth: row?.datevFiscalYearStartMonth ?? 1,
      accountLength: row?.datevAccountLength ?? 4,
      chart: row?.datevChart ?? 'SKR03',
    },
    defaultMailTexts: {
      subjectDe: defaults('de').subject,
      bodyDe: defaults('de').body,
      subjectEn: defaults('en').subject,
      bodyEn: defaults('en').body,
    },
  };
}

/** An empty text is the built-in one. */
const textOrNull = (value: string | null) => (value && value.trim() ? value : null);

export function settingsFields(body: components['schemas']['PaymentSettingsUpdate']) {
  return {
    paymentDays: body.terms.days,
    discountPercent: body.terms.discountPercent,
    discountDays: body.terms.discountDays,
    mailSubjectDe: textOrNull(body.mailTexts.subjectDe),
    mailBodyDe: textOrNull(body.mailTexts.bodyDe),
    mailSubjectEn: textOrNull(body.mailTexts.subjectEn),
    mailBodyEn: textOrNull(body.mailTexts.bodyEn),
    reminderFeeCents: toCents(body.reminderFees.reminder),
    dunning1FeeCents: toCents(body.reminderFees.dunning1),
    dunning2FeeCents: toCents(body.reminderFees.dunning2),
    datevConsultantNumber: body.datev.consultantNumber,
    datevClientNumber: body.datev.clientNumber,
    datevFiscalYearStartMonth: body.datev.fiscalYearStartMonth,
    datevAccountLength: body.datev.accountLength,
    datevChart: body.datev.chart,
  };
}

/**
 * The fiscal year a period lies in: its first day, or null when the period starts after it ends
 * or spans two fiscal years (DATEV takes one batch per fiscal year).
 */
export function fiscalYearOf(from: string, to: string, startMonth: number): string | null {
  if (from > to) return null;
  const startOf = (iso: string) => {
    const year = Number(iso.slice(0, 4));
    const month = Number(iso.slice(5, 7));
    const startYear = month >= startMonth ? year : year - 1;
    return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
  };
  return startOf(from) === startOf(to) ? startOf(from) : null;
}
