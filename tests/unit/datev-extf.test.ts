/**
 * The DATEV EXTF Buchungsstapel (decision 0032): header and every column against the format
 * description, amounts to the cent, umlauts in Windows-1252, CR LF, and a golden file for a fixed
 * set of invoices (regenerate it with UPDATE_GOLDEN=1 only after checking the difference by hand).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COLUMNS,
  amount,
  datevBookings,
  ddmm,
  extfFile,
  extfFileName,
  revenueAccount,
  text,
  windows1252,
  type DatevBatch,
  type ExportInvoice,
  type ExportPayment,
} from '../../server/modules/payments/datev-extf';

const GOLDEN = new URL('../fixtures/datev/EXTF_Buchungsstapel_golden.csv', import.meta.url);

const invoices: ExportInvoice[] = [
  {
    number: 'RE-2026-0001', date: '2026-11-03', dueDate: '2026-11-17', cancellation: false,
    customerName: 'Bäckerei Süß „Zum Kranz“', debtorAccount: 10000, treatment: 'standard', buyerVatId: null,
    vatGroups: [{ vatRate: 19, netCents: 123456, vatCents: 23457 }, { vatRate: 7, netCents: 1999, vatCents: 140 }],
  },
  {
    number: 'RE-2026-0002', date: '2026-11-09', dueDate: '2026-11-23', cancellation: false,
    customerName: 'Van der Berg B.V.', debtorAccount: 10001, treatment: 'reverseCharge', buyerVatId: 'NL 123456789B01',
    vatGroups: [{ vatRate: 0, netCents: 50000, vatCents: 0 }],
  },
  {
    number: 'RE-2026-0003', date: '2026-11-30', dueDate: null, cancellation: true,
    customerName: 'Bäckerei Süß „Zum Kranz“', debtorAccount: 10000, treatment: 'standard', buyerVatId: null,
    vatGroups: [{ vatRate: 19, netCents: -123456, vatCents: -23457 }, { vatRate: 7, netCents: -1999, vatCents: -140 }],
  },
  {
    number: 'RE-2026-0004', date: '2026-11-30', dueDate: '2026-12-14', cancellation: false,
    customerName: 'Jörg "Jo" Weiß; Ölservice', debtorAccount: 10002, treatment: 'standard', buyerVatId: null,
    vatGroups: [{ vatRate: 0, netCents: 1000, vatCents: 0 }, { vatRate: 19, netCents: 5, vatCents: 1 }],
  },
];
const payments: ExportPayment[] = [
  { invoiceNumber: 'RE-2026-0002', date: '2026-11-20', amountCents: 50000, customerName: 'Van der Berg B.V.', debtorAccount: 10001 },
];

const batch = (chart: 'SKR03' | 'SKR04' = 'SKR03', withPayments = false): DatevBatch => ({
  settings: { consultantNumber: 29098, clientNumber: 55003, fiscalYearStart: '2026-01-01', accountLength: 4, chart },
  from: '2026-11-01',
  to: '2026-11-30',
  createdAt: new Date('2026-12-01T08:09:10.123Z'),
  label: 'Fieldbook Ausgangsrechnungen 11/2026',
  bookings: datevBookings(chart, 4, invoices, withPayments ? payments : []),
});

/** Byte for character: compared with `cp` of the expected text (the bytes themselves are checked below). */
const decode = (bytes: Buffer) => bytes.toString('latin1');
const cp = (value: string) => windows1252(value).toString('latin1');
/** Splits one line at semicolons outside quotes. */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') { current += '""'; i += 1; continue; }
      quoted = !quoted;
      current += c;
    } else if (c === ';' && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}
const lines = (bytes: Buffer) => decode(bytes).split('\r\n');
const unquote = (field: string) => field.replace(/^"|"$/g, '').replace(/""/g, '"');
const col = (row: string[], title: string) => row[COLUMNS.indexOf(title)];


describe('DATEV EXTF Buchungsstapel', () => {
  it('writes the 31 header fields of header version 700, category 21, format version 13', () => {
    const [header] = lines(extfFile(batch()));
    const h = fields(header!);
    expect(h).toHaveLength(31);
    expect(h.slice(0, 6)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13', '20261201080910123']);
    expect(h[7]).toBe('"RE"');
    expect(h.slice(10, 16)).toEqual(['29098', '55003', '20260101', '4', '20261101', '20261130']);
    expect(h[16]).toBe('"Fieldbook Ausgangsrechnungen 1"'); // 30 characters at most
    expect(h.slice(18, 22)).toEqual(['1', '0', '0', '"EUR"']);
    expect(h[26]).toBe('"03"');
    expect(fields(lines(extfFile(batch('SKR04')))[0]!)[26]).toBe('"04"');
  });

  it('names the 125 columns of format version 13 and writes 125 fields in every booking', () => {
    const all = lines(extfFile(batch('SKR03', true)));
    const titles = fields(all[1]!);
    expect(titles).toHaveLength(125);
    expect(titles.slice(0, 14)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz',
      'Konto', cp('Gegenkonto (ohne BU-Schlüssel)'), cp('BU-Schlüssel'), 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext',
    ]);
    expect(titles[39]).toBe('EU-Land u. UStID (Bestimmung)');
    expect(titles[47]).toBe('Zusatzinformation - Art 1');
    expect(titles[86]).toBe('Zusatzinformation- Inhalt 20');
    expect(titles[87]).toBe(cp('Stück'));
    expect(titles[113]).toBe('Festschreibung');
    expect(titles[116]).toBe(cp('Fälligkeit'));
    expect(titles[117]).toBe('Generalumkehr (GU)');
    expect(titles[124]).toBe('Abw. Skontokonto');
    expect(new Set(titles).size).toBe(125);
    // the file ends with CR LF, so the last split part is empty
    expect(all.at(-1)).toBe('');
    for (const line of all.slice(2, -1)) expect(fields(line)).toHaveLength(125);
  });

  it('books one row per invoice and VAT rate, cancellations the other way, every column as described', () => {
    const rows = lines(extfFile(batch('SKR03', true))).slice(2, -1).map(fields);
    expect(rows).toHaveLength(8); // 2 + 1 + 2 + 2 + payment
    const [first, second, rc, storno19, , small0, , payment] = rows as string[][];
    expect(col(first!, 'Umsatz (ohne Soll/Haben-Kz)')).toBe('1469,13');
    expect(col(first!, 'Soll/Haben-Kennzeichen')).toBe('"S"');
    expect(col(first!, 'WKZ Umsatz')).toBe('"EUR"');
    expect(col(first!, 'Konto')).toBe('10000');
    expect(col(first!, 'Gegenkonto (ohne BU-Schlüssel)')).toBe('8400');
    expect(col(first!, 'BU-Schlüssel')).toBe('');
    expect(col(first!, 'Belegdatum')).toBe('0311');
    expect(col(first!, 'Belegfeld 1')).toBe('"RE-2026-0001"');
    expect(unquote(col(first!, 'Buchungstext')!)).toBe(cp('RE-2026-0001 Bäckerei Süß „Zum Kranz“'));
    expect(col(first!, 'Fälligkeit')).toBe('17112026');
    expect(col(second!, 'Umsatz (ohne Soll/Haben-Kz)')).toBe('21,39');
    expect(col(second!, 'Gegenkonto (ohne BU-Schlüssel)')).toBe('8300');
    expect(col(rc!, 'Gegenkonto (ohne BU-Schlüssel)')).toBe('8336');
    expect(col(rc!, 'EU-Land u. UStID (Bestimmung)')).toBe('"NL123456789B01"');
    expect(col(storno19!, 'Soll/Haben-Kennzeichen')).toBe('"H"');
    expect(col(storno19!, 'Umsatz (ohne Soll/Haben-Kz)')).toBe('1469,13');
    expect(unquote(col(storno19!, 'Buchungstext')!)).toMatch(/^Storno RE-2026-0003/);
    expect(col(storno19!, 'Fälligkeit')).toBe('');
    expect(col(small0!, 'Gegenkonto (ohne BU-Schlüssel)')).toBe('8200');
    expect(unquote(col(small0!, 'Buchungstext')!)).toBe(cp('RE-2026-0004 Jörg "Jo" Weiß; Ölservice'));
    expect(col(payment!, 'Konto')).toBe('1200');
    expect(col(payment!, 'Gegenkonto (ohne BU-Schlüssel)')).toBe('10001');
    expect(col(payment!, 'Belegfeld 1')).toBe('"RE-2026-0002"');
    // nothing else is written
    const used = ['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Konto', 'Gegenkonto (ohne BU-Schlüssel)',
      'Belegdatum', 'Belegfeld 1', 'Buchungstext', 'EU-Land u. UStID (Bestimmung)', 'Fälligkeit'];
    for (const row of rows) {
      row.forEach((value, i) => {
        if (!used.includes(COLUMNS[i]!)) expect(value, COLUMNS[i]).toBe('');
      });
    }
  });

  it('sums the signed booking amounts to the invoices’ gross totals to the cent', () => {
    const rows = lines(extfFile(batch())).slice(2, -1).map(fields);
    const signed = rows.reduce((sum, row) => {
      const cents = Number(col(row, 'Umsatz (ohne Soll/Haben-Kz)')!.replace(',', ''));
      return sum + (col(row, 'Soll/Haben-Kennzeichen') === '"S"' ? cents : -cents);
    }, 0);
    const gross = invoices.flatMap((i) => i.vatGroups).reduce((sum, g) => sum + g.netCents + g.vatCents, 0);
    expect(signed).toBe(gross);
    expect(signed).toBe(50000 + 1000 + 6);
  });

  it('writes umlauts, ß, the euro sign and typographic quotes as Windows-1252 bytes, and ? for what it cannot hold', () => {
    expect([...windows1252('äöüÄÖÜß€„“–')]).toEqual([0xe4, 0xf6, 0xfc, 0xc4, 0xd6, 0xdc, 0xdf, 0x80, 0x84, 0x93, 0x96]);
    expect([...windows1252('a\u0308')]).toEqual([0xe4]); // decomposed ä
    expect(windows1252('Łódź 😀').toString('latin1')).toBe('?ód? ?');
    const bytes = extfFile(batch());
    expect(bytes.includes(Buffer.from([0x42, 0xe4, 0x63, 0x6b]))).toBe(true); // "Bäck"
    expect(bytes.includes(Buffer.from('Bäck', 'utf8'))).toBe(false);
    expect(bytes.includes(Buffer.from('Gegenkonto (ohne BU-Schl\u00fcssel)', 'latin1'))).toBe(true);
  });

  it('formats amounts, dates and texts as the format asks', () => {
    expect(amount(0)).toBe('0,00');
    expect(amount(5)).toBe('0,05');
    expect(amount(123456789)).toBe('1234567,89');
    expect(amount(-1999)).toBe('19,99');
    expect(ddmm('2026-03-07')).toBe('0703');
    expect(text('a "b"\r\nc', 60)).toBe('"a ""b"" c"');
    expect(revenueAccount('SKR04', 'vat19', 4)).toBe(4400);
    expect(revenueAccount('SKR03', 'vat19', 6)).toBe(840000);
    expect(extfFileName('2026-11-01', '2026-11-30')).toBe('EXTF_Buchungsstapel_20261101_20261130.csv');
  });

  it('matches the golden file byte for byte', () => {
    const bytes = extfFile(batch('SKR03', true));
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(GOLDEN)) writeFileSync(GOLDEN, bytes);
    expect(bytes.equals(readFileSync(GOLDEN))).toBe(true);
  });
});
