/**
 * The rules of a customer record, shared by Create, Update and the CSV import: text is trimmed and
 * empty text is stored as null; a customer needs a company name or a first and a last name;
 * the country is a known ISO 3166-1 alpha-2 code; the hourly rate lies
 * between 0 and 10,000 euro with two decimals; an e-mail address follows the contract's `email`
 * format; a Leitweg-ID has its check digits right and a VAT id the format of its country prefix
 * (`server/platform/tax-ids.ts`). Whether the customer is a business defaults to having a company
 * name.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { MessageKey } from '../../platform/i18n';
import { cleanText, roundTo } from '../../platform/field-values';
import { isValidLeitwegId, isValidVatId, normaliseLeitwegId, normaliseVatId } from '../../platform/tax-ids';
import type { CustomerFields } from './customers.repository';

export type RuleViolation = { field: keyof CustomerFields; key: MessageKey };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const knownCountries = new Map<string, boolean>();

/** A code ICU knows as a region (DE, AT, CH, ...), not just any two letters. */
export function isKnownCountry(code: string): boolean {
  let known = knownCountries.get(code);
  if (known === undefined) {
    let name: string | undefined;
    try {
      name = /^[A-Z]{2}$/.test(code) ? regionNames.of(code) : undefined;
    } catch {
      name = undefined;
    }
    // Old and alias codes (DD, UK) have names too; only the canonical code counts.
    known = !!name && name !== code && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
    knownCountries.set(code, known);
  }
  return known;
}

const emailFormat = fullFormats.email as RegExp;

export function isEmail(value: string): boolean {
  return emailFormat.test(value);
}

export const HOURLY_RATE_MAX = 10_000;

export function customerViolations(fields: CustomerFields): RuleViolation[] {
  const out: RuleViolation[] = [];
  if (!fields.companyName && !(fields.firstName && fields.lastName)) {
    out.push({ field: 'companyName', key: 'customers.nameRequired' });
  }
  if (fields.email !== null && !isEmail(fields.email)) out.push({ field: 'email', key: 'customers.emailInvalid' });
  if (!isKnownCountry(fields.country)) out.push({ field: 'country', key: 'customers.countryInvalid' });
  if (fields.leitwegId !== null && !isValidLeitwegId(fields.leitwegId)) out.push({ field: 'leitwegId', key: 'customers.leitwegIdInvalid' });
  if (fields.vatId !== null && !isValidVatId(fields.vatId)) out.push({ field: 'vatId', key: 'customers.vatIdInvalid' });
  if (fields.hourlyRate !== null && (!Number.isFinite(fields.hourlyRate) || fields.hourlyRate < 0 || fields.hourlyRate > HOURLY_RATE_MAX)) {
    out.push({ field: 'hourlyRate', key: 'customers.hourlyRateRange' });
  }
  return out;
}

/** The input of Create and Update (and a complete import row) as stored fields. */
export function normaliseCustomer(input: Partial<Record<keyof CustomerFields, unknown>>): CustomerFields {
  const text = (value: unknown) => cleanText(typeof value === 'string' ? value : null);
  const rate = typeof input.hourlyRate === 'number' ? roundTo(input.hourlyRate, 2) : null;
  const companyName = text(input.companyName);
  return {
    companyName,
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    phone: text(input.phone),
    email: text(input.email),
    street: text(input.street),
    zip: text(input.zip),
    city: text(input.city),
    country: text(input.country)?.toUpperCase() ?? 'DE',
    hourlyRate: rate,
    externalId: text(input.externalId),
    leitwegId: leitwegIdOf(input.leitwegId),
    vatId: vatIdOf(input.vatId),
    business: typeof input.business === 'boolean' ? input.business : companyName !== null,
  };
}

/** A Leitweg-ID as stored (upper case, no spaces), or null. */
export function leitwegIdOf(value: unknown): string | null {
  const text = cleanText(typeof value === 'string' ? value : null);
  return text === null ? null : normaliseLeitwegId(text);
}

/** A VAT id as stored (upper case, no spaces, dots or hyphens), or null. */
export function vatIdOf(value: unknown): string | null {
  const text = cleanText(typeof value === 'string' ? value : null);
  return text === null ? null : normaliseVatId(text);
}

/** Whether storing `next` over `current` would change nothing. */
export function sameCustomerFields(current: CustomerFields, next: CustomerFields): boolean {
  return (
    current.companyName === next.companyName &&
    current.firstName === next.firstName &&
    current.lastName === next.lastName &&
    current.phone === next.phone &&
    current.email === next.email &&
    current.street === next.street &&
    current.zip === next.zip &&
    current.city === next.city &&
    current.country === next.country &&
    current.externalId === next.externalId &&
    current.leitwegId === next.leitwegId &&
    current.vatId === next.vatId &&
    current.business === next.business &&
    (current.hourlyRate === null ? next.hourlyRate === null : next.hourlyRate !== null && roundTo(current.hourlyRate, 2) === next.hourlyRate)
  );
}
