/** GTIN check digits and the forms of one code (EAN-8, UPC-A, EAN-13, GTIN-14). */
import { describe, expect, it } from 'vitest';
import {
  canonicalGtin,
  gtinCheckDigit,
  gtinForms,
  isValidProductEan,
  isValidScannedCode,
} from '../../server/modules/products/ean';

// Published example codes: GS1 and Wikipedia's EAN-13, EAN-8 and UPC-A examples, an ISBN-13.
const valid = ['4006381333931', '9783161484100', '5901234123457', '96385074', '73513537', '036000291452', '614141000036'];

describe('GTIN check digits', () => {
  it('computes the check digit of known codes', () => {
    for (const code of valid) {
      expect(gtinCheckDigit(code.slice(0, -1)), code).toBe(Number(code.at(-1)));
    }
    expect(gtinCheckDigit('0001234560001')).toBe(2); // GTIN-14 00012345600012
  });

  it('accepts EAN-8, UPC-A and EAN-13 with a right check digit', () => {
    for (const code of valid) expect(isValidProductEan(code), code).toBe(true);
  });

  it('refuses every single wrong check digit', () => {
    for (const code of valid) {
      for (let d = 0; d <= 9; d++) {
        const changed = code.slice(0, -1) + d;
        expect(isValidProductEan(changed), changed).toBe(changed === code);
      }
    }
  });

  it('notices a swap of two neighbouring digits with different weights', () => {
    expect(isValidProductEan('4060381333931')).toBe(false);
    expect(isValidProductEan('4006383133931')).toBe(false);
    // A leading 0 keeps the weights of the other digits: the same code as GTIN-14.
    expect(isValidScannedCode('04006381333931')).toBe(true);
  });

  it('refuses other lengths and anything but digits', () => {
    for (const code of ['', '1234567', '123456789', '12345678901', '40063813339311', '400638133393X', ' 4006381333931', '4006381333931\n', '４００６３８１３３３９３１']) {
      expect(isValidProductEan(code), JSON.stringify(code)).toBe(false);
    }
  });

  it('accepts a GTIN-14 only as a scanned code', () => {
    expect(isValidScannedCode('00012345600012')).toBe(true);
    expect(isValidScannedCode('00012345600013')).toBe(false);
    expect(isValidProductEan('00012345600012')).toBe(false);
    expect(isValidScannedCode('4006381333931')).toBe(true);
  });
});

describe('forms of one code', () => {
  it('pads to 14 digits', () => {
    expect(canonicalGtin('96385074')).toBe('00000096385074');
    expect(canonicalGtin('036000291452')).toBe('00036000291452');
  });

  it('lists the stored forms a UPC-A, an EAN-13 and an EAN-8 may have', () => {
    expect(gtinForms('036000291452')).toEqual(['036000291452', '0036000291452', '00036000291452']);
    expect(gtinForms('0036000291452')).toEqual(['036000291452', '0036000291452', '00036000291452']);
    expect(gtinForms('4006381333931')).toEqual(['4006381333931', '04006381333931']);
    expect(gtinForms('96385074')).toEqual(['96385074', '000096385074', '0000096385074', '00000096385074']);
  });
});
