/**
 * Identifiers of tax and routing on invoices, checked before they are stored:
 *
 * - VAT ids (USt-IdNr.) by the format of the EU member state in their prefix (the formats the
 *   European Commission's VIES service documents; Greece is `EL`, Northern Ireland `XI`). A prefix
 *   of a country outside the EU only needs the general shape: two letters, then 2 to 18 letters
 *   and digits.
 * - Leitweg-IDs (the routing id of German public buyers, KoSIT "Formatspezifikation Leitweg-ID"):
 *   coarse address of 2 to 12 digits, an optional fine address of up to 30 letters and digits,
 *   and two check digits by ISO/IEC 7064 MOD 97-10 over all characters without hyphens, letters
 *   counted as 10 (A) to 35 (Z): the whole number modulo 97 is 1.
 */

/** ISO 3166-1 codes of the EU member states (and XI, Northern Ireland, for goods). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** The VAT id format of each EU prefix (after the prefix). */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U[0-9]{8}$/,
  BE: /^[01][0-9]{9}$/,
  BG: /^[0-9]{9,10}$/,
  CY: /^[0-9]{8}[A-Z]$/,
  CZ: /^[0-9]{8,10}$/,
  DE: /^[0-9]{9}$/,
  DK: /^[0-9]{8}$/,
  EE: /^[0-9]{9}$/,
  EL: /^[0-9]{9}$/,
  ES: /^[A-Z0-9][0-9]{7}[A-Z0-9]$/,
  FI: /^[0-9]{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}[0-9]{9}$/,
  HR: /^[0-9]{11}$/,
  HU: /^[0-9]{8}$/,
  IE: /^([0-9]{7}[A-W][A-IW]?|[0-9][A-Z+*][0-9]{5}[A-W])$/,
  IT: /^[0-9]{11}$/,
  LT: /^([0-9]{9}|[0-9]{12})$/,
  LU: /^[0-9]{8}$/,
  LV: /^[0-9]{11}$/,
  MT: /^[0-9]{8}$/,
  NL: /^[0-9]{9}B[0-9]{2}$/,
  PL: /^[0-9]{10}$/,
  PT: /^[0-9]{9}$/,
  RO: /^[1-9][0-9]{1,9}$/,
  SE: /^[0-9]{10}01$/,
  SI: /^[0-9]{8}$/,
  SK: /^[0-9]{10}$/,
  XI: /^([0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/,
};

/** The member state a VAT id prefix stands for (EL is Greece, XI Northern Ireland in the UK). */
export function countryOfVatPrefix(prefix: string): string {
  if (prefix === 'EL') return 'GR';
  if (prefix === 'XI') return 'GB';
  return prefix;
}

/** A VAT id as stored: upper case, without spaces, dots and hyphens. */
export function normaliseVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether a (normalised) VAT id has the format of its prefix. */
export function isValidVatId(vatId: string): boolean {
  const prefix = vatId.slice(0, 2);
  const format = EU_VAT_FORMATS[prefix];
  if (format) return format.test(vatId.slice(2));
  // An EU member state's code that is not its VAT prefix (GR: Greek VAT ids begin with EL).
  if (EU_COUNTRIES.has(prefix)) return false;
  return /^[A-Z]{2}[0-9A-Z]{2,18}$/.test(vatId);
}

/** Whether a (normalised) VAT id is one of an EU member state (so VIES knows it). */
export function isEuVatId(vatId: string): boolean {
  return vatId.slice(0, 2) in EU_VAT_FORMATS && isValidVatId(vatId);
}

/** A Leitweg-ID as stored: upper case, without spaces. */
export function normaliseLeitwegId(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

const LEITWEG_SHAPE = /^[0-9]{2,12}(-[A-Z0-9]{1,30})?-[0-9]{2}$/;

/** ISO/IEC 7064 MOD 97-10 of the characters (letters as 10 … 35). */
function mod97(characters: string): number {
  let rest = 0;
  for (const c of characters) {
    const value = /[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The two check digits of a Leitweg-ID's coarse and fine address (without hyphens). */
export function leitwegCheckDigits(address: string): string {
  return String(98 - mod97(`${address.toUpperCase()}00`)).padStart(2, '0');
}

/** Whether a (normalised) Leitweg-ID has the specified shape and correct check digits. */
export function isValidLeitwegId(leitwegId: string): boolean {
  if (!LEITWEG_SHAPE.test(leitwegId) || leitwegId.length > 46) return false;
  return mod97(leitwegId.replace(/-/g, '')) === 1;
}
