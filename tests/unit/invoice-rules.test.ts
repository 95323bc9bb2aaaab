/**
 * The money rules of an invoice: labour rounded up to the quarter hour on the total, material per
 * product and price, VAT per (category, rate) on the group's net (half up, once), totals as exact sums, § 19 UStG,
 * English texts, and the spreadsheet guard against formulas.
 */
import { describe, expect, it } from 'vitest';
import {
  billedSeconds,
  hourlyRateOf,
  invoicePositions,
  invoiceTotals,
  labourShare,
  smallBusinessNote,
  type MaterialSource,
  type PositionInput,
} from '../../server/modules/invoice/invoice.rules';
import { csvField, neutralise } from '../../common/spreadsheet-cells';

const base: PositionInput = { language: 'de', vatTreatment: 'standard', hourlyRate: 58.5, periodLabel: '01.11.2026 – 30.11.2026', labour: [], materials: [] };
const track = (id: string, seconds: number) => ({ kind: 'timeTrack' as const, id, seconds });
const material = (id: string, fields: Partial<MaterialSource> = {}): MaterialSource => ({
  id,
  productId: 'p1',
  name: 'Kabel',
  quantity: 1,
  unit: 'm',
  unitPrice: 0.89,
  vatRate: 19,
  ...fields,
});

describe('labour rounding', () => {
  it('bills 0 s as nothing, 1 s as a quarter hour, exactly 15 min as one and 15 min + 1 s as two', () => {
    expect(billedSeconds(0)).toBe(0);
    expect(billedSeconds(1)).toBe(900);
    expect(billedSeconds(900)).toBe(900);
    expect(billedSeconds(901)).toBe(1800);
    expect(billedSeconds(3600)).toBe(3600);
  });

  it('rounds the total, not each entry', () => {
    const [labour] = invoicePositions({ ...base, labour: [track('a', 301), track('b', 301), track('c', 301)] });
    // Three entries of 5 min 1 s: 903 s in total → 30 min (per entry it would have been 45 min).
    expect(labour).toMatchObject({ durationSeconds: 903, billedSeconds: 1800, quantity: 0.5, netCents: 2925, vatCents: 556, grossCents: 3481 });
  });

  it('makes no labour position from no time, and a zero position from entries of 0 s', () => {
    expect(invoicePositions(base)).toEqual([]);
    const [labour] = invoicePositions({ ...base, labour: [track('a', 0)] });
    expect(labour).toMatchObject({ billedSeconds: 0, netCents: 0, vatCents: 0, grossCents: 0 });
  });

  it('rounds the net half up once: 1.75 h × 58.50 € = 102.375 € → 102.38 €', () => {
    const [labour] = invoicePositions({ ...base, labour: [track('a', 6300)] });
    expect(labour.netCents).toBe(10238);
    expect(labour.vatCents).toBe(1945);
  });

  it('uses the customer rate, else the firm default', () => {
    expect(hourlyRateOf(72, 60)).toBe(72);
    expect(hourlyRateOf(0, 60)).toBe(0);
    expect(hourlyRateOf(null, 60)).toBe(60);
  });
});

describe('material positions and VAT', () => {
  it('sums one product at one price into one position, a second price into another', () => {
    const positions = invoicePositions({
      ...base,
      materials: [material('m1', { quantity: 10 }), material('m2', { quantity: 5.5 }), material('m3', { quantity: 1, unitPrice: 0.99 })],
    });
    expect(positions.map((p) => [p.description, p.quantity, p.unitPriceCents, p.netCents, p.vatCents, p.informationIds])).toEqual([
      ['Kabel', 15.5, 89, 1380, 262, ['m1', 'm2']],
      ['Kabel', 1, 99, 99, 19, ['m3']],
    ]);
  });

  it('groups free-text material by name, unit and price regardless of case', () => {
    const positions = invoicePositions({
      ...base,
      materials: [material('a', { productId: null, name: 'Dübel', unit: 'Pck' }), material('b', { productId: null, name: 'dübel ', unit: 'Pck' })],
    });
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ productId: null, quantity: 2, informationIds: ['a', 'b'] });
  });

  it('keeps mixed rates apart and the totals exact sums of the rounded positions', () => {
    const positions = invoicePositions({
      ...base,
      labour: [track('t', 8100)],
      materials: [
        material('a', { quantity: 15.5 }),
        material('b', { productId: 'p2', name: 'Buch', unitPrice: 12.34, vatRate: 7, quantity: 2 }),
        material('c', { productId: null, name: 'Gutschein', unitPrice: 5, vatRate: 0 }),
      ],
    });
    const totals = invoiceTotals(positions);
    expect(totals).toEqual({
      netCents: 13163 + 1380 + 2468 + 500,
      vatCents: 2501 + 262 + 173 + 0,
      grossCents: 17511 + 2936,
      vatByRate: [
        { vatCategory: 'S', vatRate: 19, netCents: 14543, vatCents: 2763 },
        { vatCategory: 'S', vatRate: 7, netCents: 2468, vatCents: 173 },
        { vatCategory: 'Z', vatRate: 0, netCents: 500, vatCents: 0 },
      ],
    });
    // The labour share's VAT is labour's net at its rate (informative, as every position's own VAT).
    expect(labourShare(positions)).toEqual({ netCents: 13163, vatCents: 2501, grossCents: 15664 });
  });

  it('sums large quantities exactly', () => {
    const [p] = invoicePositions({ ...base, materials: Array.from({ length: 10_000 }, (_, i) => material(`m${i}`, { quantity: 0.001, unitPrice: 0.01 })) });
    expect(p.quantity).toBe(10);
    expect(p.netCents).toBe(10);
  });

  it('charges a small business (§ 19 UStG) no VAT and gives the note', () => {
    const positions = invoicePositions({ ...base, vatTreatment: 'smallBusiness', labour: [track('t', 3600)], materials: [material('a', { vatRate: 7 })] });
    expect(positions.map((p) => [p.vatCategory, p.vatRate, p.vatCents, p.grossCents])).toEqual([
      ['E', 0, 0, 5850],
      ['E', 0, 0, 89],
    ]);
    expect(invoiceTotals(positions).vatByRate).toEqual([{ vatCategory: 'E', vatRate: 0, netCents: 5939, vatCents: 0 }]);
    expect(smallBusinessNote('de', true)).toContain('§ 19 UStG');
    expect(smallBusinessNote('de', false)).toBeNull();
  });

  it('writes the labour texts in English', () => {
    const [labour] = invoicePositions({ ...base, language: 'en', periodLabel: '01/11/2026 – 30/11/2026', labour: [track('t', 60)] });
    expect(labour).toMatchObject({ description: 'Labour 01/11/2026 – 30/11/2026', unit: 'h' });
    expect(smallBusinessNote('en', true)).toMatch(/^No VAT/);
  });
});

describe('VAT per (category, rate) on the group net (EN 16931 BR-CO-17)', () => {
  it('charges 19 % of 230,05 € as 43,71 €, not the 43,72 € of per-position VAT', () => {
    // 229,99 € + 0,03 € + 0,03 € net: per position 43,70 € + 0,01 € + 0,01 € = 43,72 €.
    const positions = invoicePositions({
      ...base,
      materials: [
        material('a', { productId: 'p1', name: 'A', unitPrice: 229.99 }),
        material('b', { productId: 'p2', name: 'B', unitPrice: 0.03 }),
        material('c', { productId: 'p3', name: 'C', unitPrice: 0.03 }),
      ],
    });
    expect(positions.reduce((sum, p) => sum + p.vatCents, 0)).toBe(4372);
    const totals = invoiceTotals(positions);
    expect(totals).toEqual({ netCents: 23005, vatCents: 4371, grossCents: 27376, vatByRate: [{ vatCategory: 'S', vatRate: 19, netCents: 23005, vatCents: 4371 }] });
  });

  it('keeps the total VAT the sum of the groups over many small positions', () => {
    const positions = invoicePositions({
      ...base,
      materials: Array.from({ length: 40 }, (_, i) => material(`m${i}`, { productId: `p${i}`, name: `P${String(i).padStart(2, '0')}`, unitPrice: 0.05, vatRate: i % 2 ? 7 : 19 })),
    });
    // 20 × 0,05 € at 19 % and 7 %: 1,00 € each; per position VAT would be 20 × 0,01 € = 0,20 € and 20 × 0,00 € = 0.
    const totals = invoiceTotals(positions);
    expect(totals.vatByRate).toEqual([
      { vatCategory: 'S', vatRate: 19, netCents: 100, vatCents: 19 },
      { vatCategory: 'S', vatRate: 7, netCents: 100, vatCents: 7 },
    ]);
    expect(totals.netCents + totals.vatCents).toBe(totals.grossCents);
  });

  it('charges reverse charge no VAT under category AE', () => {
    const positions = invoicePositions({ ...base, vatTreatment: 'reverseCharge', labour: [track('t', 3600)], materials: [material('a', { vatRate: 7 })] });
    expect(positions.map((p) => [p.vatCategory, p.vatRate, p.vatCents])).toEqual([
      ['AE', 0, 0],
      ['AE', 0, 0],
    ]);
    expect(invoiceTotals(positions)).toEqual({ netCents: 5939, vatCents: 0, grossCents: 5939, vatByRate: [{ vatCategory: 'AE', vatRate: 0, netCents: 5939, vatCents: 0 }] });
  });
});

describe('spreadsheet cells', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutralise('Kabel = 3 m')).toBe('Kabel = 3 m');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"\n')).toBe('"say ""hi""\n"');
  });
});
