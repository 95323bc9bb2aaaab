/**
 * Cell values of a CSV file as the import needs them: numbers written the German or the English
 * way, VAT rates, country names or codes, EAN codes as spreadsheets mangle them, and header names
 * reduced to a comparable form.
 */

/** Lower case, umlauts spelled out, only letters and digits: `Straße / Nr.` → `strassenr`. */
export function normalizeHeader(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A number as written in a file: `1.234,56` and `1,234.56` are both 1234.56; `12,5` is 12.5.
 * A single separator is decimal unless it groups thousands in a file whose decimal mark is the
 * other one (`decimalComma`: files not separated by commas usually come from German programs).
 * Currency and percent signs and spaces are ignored. Null for an empty cell, NaN for text.
 */
export function parseDecimal(raw: string, options: { decimalComma: boolean }): number | null {
  let value = raw.trim().replace(/\s|\u00a0|€|EUR|%/gi, '');
  if (value === '') return null;
  if (!/^[-+]?[\d.,]+$/.test(value) || !/\d/.test(value)) return Number.NaN;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  const commas = value.split(',').length - 1;
  const dots = value.split('.').length - 1;
  if (commas && dots) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    if (value.split(decimal).length - 1 > 1) return Number.NaN;
    value = value.split(group).join('').replace(decimal, '.');
  } else if (commas) {
    const grouping = /^[-+]?\d{1,3}(,\d{3})+$/.test(value);
    if (commas > 1 || (grouping && !options.decimalComma)) {
      if (!grouping) return Number.NaN;
      value = value.replace(/,/g, '');
    } else {
      value = value.replace(',', '.');
    }
  } else if (dots) {
    const grouping = /^[-+]?\d{1,3}(\.\d{3})+$/.test(value);
    if (dots > 1 || (grouping && options.decimalComma)) {
      if (!grouping) return Number.NaN;
      value = value.replace(/\./g, '');
    }
  }
  const number = Number(value);
  return Number.isFinite(number) ? number : Number.NaN;
}

/** `19`, `19 %`, `19,0` and `0,19` are 19; empty is null; anything else is returned as read. */
export function parseVatRate(raw: string, options: { decimalComma: boolean }): number | null {
  const number = parseDecimal(raw, options);
  if (number === null || Number.isNaN(number)) return number;
  if (number > 0 && number < 1) return Math.round(number * 100 * 100) / 100;
  return number;
}

let countryIndex: Map<string, string> | null = null;

/** False for old or alias codes ICU still names (DD and UK name Germany and the United Kingdom). */
function isCanonicalRegion(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

/** Every region name ICU knows in German and English, to its code: `deutschland` → `DE`. */
function countries(): Map<string, string> {
  if (countryIndex) return countryIndex;
  countryIndex = new Map();
  const names = ['de', 'en'].map((locale) => new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      for (const display of names) {
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        const key = name && name !== code && isCanonicalRegion(code) ? normalizeHeader(name) : '';
        if (key && !countryIndex.has(key)) countryIndex.set(key, code);
      }
    }
  }
  // Names people write that ICU spells differently.
  for (const [name, code] of [
    ['brd', 'DE'], ['germany', 'DE'], ['oesterreich', 'AT'], ['schweiz', 'CH'], ['uk', 'GB'], ['england', 'GB'],
    ['usa', 'US'], ['niederlande', 'NL'], ['holland', 'NL'],
  ] as const) {
    countryIndex.set(name, code);
  }
  return countryIndex;
}

/**
 * The ISO 3166-1 alpha-2 code of a country cell: a two-letter code as is (upper case), a German
 * or English name looked up, `D` for Germany. Null for an empty cell, undefined when unknown.
 */
export function countryCode(raw: string): string | null | undefined {
  const value = raw.trim();
  if (value === '') return null;
  if (/^[a-z]{2}$/i.test(value)) return value.toUpperCase();
  if (/^d$/i.test(value)) return 'DE';
  return countries().get(normalizeHeader(value));
}

/**
 * An EAN cell as digits: spaces and a leading apostrophe (Excel's "keep as text") removed.
 * Undefined when a spreadsheet has turned it into a number in scientific notation (`4,00638E+12`),
 * which has lost digits for good.
 */
export function eanCell(raw: string): string | null | undefined {
  const value = raw.trim().replace(/^'/, '').replace(/[\s\u00a0]/g, '');
  if (value === '') return null;
  if (/^\d+([.,]\d+)?e\+?\d+$/i.test(value)) return undefined;
  return value;
}
