/**
 * GTIN codes as printed under barcodes: EAN-8, UPC-A (12 digits), EAN-13 and GTIN-14. All share
 * one check digit rule (GS1 mod 10: from the right, the digits before the check digit are
 * weighted 3, 1, 3, ...). Codes of different lengths are the same article when they differ only
 * by leading zeros (a UPC-A and its EAN-13 form with a leading 0), so look-ups compare all forms.
 */

/** Lengths a product's stored EAN may have (contract schema `Ean`). */
export const PRODUCT_EAN_LENGTHS = [8, 12, 13] as const;
/** Lengths a scanned code may have (`GetByEAN` also accepts GTIN-14). */
export const SCAN_LENGTHS = [8, 12, 13, 14] as const;

/** The check digit for the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

function hasValidCheckDigit(code: string, lengths: readonly number[]): boolean {
  if (!/^[0-9]+$/.test(code) || !lengths.includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}

/** A product EAN: EAN-8, UPC-A or EAN-13 with a correct check digit. */
export function isValidProductEan(code: string): boolean {
  return hasValidCheckDigit(code, PRODUCT_EAN_LENGTHS);
}

/** A scanned code: EAN-8, UPC-A, EAN-13 or GTIN-14 with a correct check digit. */
export function isValidScannedCode(code: string): boolean {
  return hasValidCheckDigit(code, SCAN_LENGTHS);
}

/** The 14-digit form that identifies the article regardless of how the code was written. */
export function canonicalGtin(code: string): string {
  return code.padStart(14, '0');
}

/**
 * Every form the same article's code may be stored in: the code with leading zeros removed or
 * added to reach 8, 12, 13 or 14 digits. `036000291452` gives `0036000291452` and
 * `00036000291452` too.
 */
export function gtinForms(code: string): string[] {
  const canonical = canonicalGtin(code);
  const forms: string[] = [];
  for (const length of SCAN_LENGTHS) {
    const cut = 14 - length;
    if (/^0*$/.test(canonical.slice(0, cut))) forms.push(canonical.slice(cut));
  }
  return forms;
}
