/**
 * The CSV helpers of the import dialog: encoding and delimiter detection, records with their file
 * lines, numbers the German and the English way, countries, EAN cells, header suggestions and the
 * mapping of real-world files (tests/fixtures/csv).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCsv, detectEncoding } from '../../src/lib/csv/decode';
import { buildRows, isKnownHeader, splitHeader, suggestMapping, toRequestRows } from '../../src/lib/csv/mapping';
import { detectDelimiter, looksLikeHeader, parseCsv } from '../../src/lib/csv/parse';
import { countryCode, eanCell, normalizeHeader, parseDecimal, parseVatRate } from '../../src/lib/csv/values';
import { customerImportFields } from '../../src/features/customers/import-fields';
import { productImportFields } from '../../src/features/products/import-fields';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.resolve('tests/fixtures/csv', name)));
const bytes = (text: string, encoding: 'utf-8' | 'latin1' = 'utf-8') => new Uint8Array(Buffer.from(text, encoding));

describe('encoding', () => {
  it('reads UTF-8, with or without byte order mark', () => {
    expect(detectEncoding(bytes('Straße;Köln'))).toBe('utf-8');
    const withBom = decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Name;Ort')]));
    expect(withBom).toEqual({ text: 'Name;Ort', encoding: 'utf-8', hadBom: true });
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8 (German Excel)', () => {
    const ansi = new Uint8Array([0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x3b, 0x4b, 0xf6, 0x6c, 0x6e, 0x3b, 0x80]);
    expect(detectEncoding(ansi)).toBe('windows-1252');
    expect(decodeCsv(ansi).text).toBe('Straße;Köln;€');
  });

  it('reads UTF-16 LE with its byte order mark and decodes with a chosen encoding', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from('Ort;Köln', 'utf16le'))]);
    expect(decodeCsv(utf16)).toMatchObject({ text: 'Ort;Köln', encoding: 'utf-16le', hadBom: true });
    // The user's choice wins: UTF-8 bytes read as Windows-1252 show what went wrong.
    expect(decodeCsv(bytes('Köln'), 'windows-1252').text).toBe('KÃ¶ln');
  });
});

describe('delimiter', () => {
  it.each([
    ['Name;Ort;PLZ\nHuber;Köln;50667\nMeier;Ulm;89073', ';'],
    ['Name,City,Zip\nSmith,London,SW1\nJones,Leeds,LS1', ','],
    ['Name|Ort\nHuber|Köln\nMeier|Ulm', '|'],
    ['Name:Ort\nHuber:Köln\nMeier:Ulm', ':'],
  ])('detects %#', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('is not fooled by commas inside quotes or decimal commas', () => {
    expect(detectDelimiter('Name;Preis\n"Kabel, 3x1,5";0,89\nSchraube;0,10\nDübel;4,20')).toBe(';');
    expect(detectDelimiter('Name,Time\n"Huber; Anna",12:30\n"Meier; Jo",13:45')).toBe(',');
  });

  it('chooses semicolon when nothing splits (one column)', () => {
    expect(detectDelimiter('Name\nHuber\nMeier')).toBe(';');
  });
});

describe('records', () => {
  it('keeps quoted line breaks and doubled quotes, skips empty lines and counts file lines', () => {
    const text = 'a;b\r\n1;"zwei\r\nZeilen"\r\n\r\n3;"sagt ""hallo"""\r\n\r\n';
    const { records, problems } = parseCsv(text, ';');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'zwei\r\nZeilen'] },
      { line: 5, cells: ['3', 'sagt "hallo"'] },
    ]);
  });

  it('reports a quote that never closes', () => {
    const { problems } = parseCsv('a;b\n1;"offen\n2;zu\n', ';');
    expect(problems).toEqual([{ line: 2, kind: 'unclosedQuote' }]);
  });

  it('tells a header row from data', () => {
    const known = (cell: string) => isKnownHeader(cell, customerImportFields);
    expect(looksLikeHeader(parseCsv('Firma;Ort\nHuber;Köln', ';').records, known)).toBe(true);
    expect(looksLikeHeader(parseCsv('Huber;50667\nMeier;89073', ';').records, known)).toBe(false);
    expect(looksLikeHeader(parseCsv('Spalte A;Spalte B\nx;y', ';').records, known)).toBe(true);
  });
});

describe('values', () => {
  const de = { decimalComma: true };
  const en = { decimalComma: false };

  it.each([
    ['0,89', de, 0.89],
    ['1.234,56', de, 1234.56],
    ['1.234', de, 1234],
    ['1,234.56', en, 1234.56],
    ['1,234', en, 1234],
    ['1.5', de, 1.5],
    ['12,5', en, 12.5],
    ['1.234.567,8', de, 1234567.8],
    [' 35,00 € ', de, 35],
    ['-3,5', de, -3.5],
    ['', de, null],
  ])('reads the number %s', (raw, options, expected) => {
    expect(parseDecimal(raw, options)).toBe(expected);
  });

  it.each(['zwölf', '1,2,3', '1.2.3', '1,234,5', '12a', '--1'])('refuses %s', (raw) => {
    expect(parseDecimal(raw, de)).toBeNaN();
  });

  it('reads VAT rates as percent', () => {
    expect(parseVatRate('19%', de)).toBe(19);
    expect(parseVatRate('7 %', de)).toBe(7);
    expect(parseVatRate('0,19', de)).toBe(19);
    expect(parseVatRate('0', de)).toBe(0);
    expect(parseVatRate('', de)).toBeNull();
    expect(parseVatRate('16', de)).toBe(16); // the server refuses it
  });

  it('reads countries by code or German and English name', () => {
    expect(countryCode('de')).toBe('DE');
    expect(countryCode('Deutschland')).toBe('DE');
    expect(countryCode('Österreich')).toBe('AT');
    expect(countryCode('Switzerland')).toBe('CH');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('D')).toBe('DE');
    expect(countryCode('')).toBeNull();
    expect(countryCode('Atlantis')).toBeUndefined();
  });

  it('reads EAN cells and notices spreadsheet damage', () => {
    expect(eanCell(" '4006381333931 ")).toBe('4006381333931');
    expect(eanCell('4006 3813 3393 1')).toBe('4006381333931');
    expect(eanCell('4,00638E+12')).toBeUndefined();
    expect(eanCell('4.00638e12')).toBeUndefined();
    expect(eanCell('')).toBeNull();
  });

  it('normalises header names', () => {
    expect(normalizeHeader(' Straße / Nr. ')).toBe('strassenr');
    expect(normalizeHeader('E-Mail')).toBe('email');
    expect(normalizeHeader('Länderkennzeichen')).toBe('laenderkennzeichen');
  });
});

describe('mapping suggestions', () => {
  it('maps German and English customer headers', () => {
    expect(suggestMapping(['Kundennummer', 'Firma', 'Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'Land', 'Telefon', 'E-Mail', 'Stundensatz'], customerImportFields)).toEqual({
      externalId: 0, companyName: 1, firstName: 2, lastName: 3, street: 4, zip: 5, city: 6, country: 7, phone: 8, email: 9, hourlyRate: 10,
    });
    expect(suggestMapping(['Email', 'Customer No', 'Company', 'Phone number', 'Town'], customerImportFields)).toEqual({
      email: 0, externalId: 1, companyName: 2, phone: 3, city: 4,
    });
  });

  it('prefers exact names and uses every column once', () => {
    expect(suggestMapping(['Artikelnummer', 'Artikelbezeichnung', 'EAN-Code', 'ME', 'Preis netto', 'USt-Satz', 'Lagerbestand'], productImportFields)).toEqual({
      name: 1, ean: 2, unit: 3, netPrice: 4, vatRate: 5, stock: 6,
    });
    expect(suggestMapping(['Name', 'Name'], customerImportFields)).toEqual({ companyName: 0 });
    expect(suggestMapping(['Spalte 1', 'Spalte 2'], productImportFields)).toEqual({});
  });
});

describe('real-world files', () => {
  it('reads a German Excel customer file (Windows-1252, semicolon, quoted line break)', () => {
    const decoded = decodeCsv(fixture('customers-excel-de.csv'));
    expect(decoded.encoding).toBe('windows-1252');
    const delimiter = detectDelimiter(decoded.text);
    expect(delimiter).toBe(';');
    const parsed = parseCsv(decoded.text, delimiter);
    expect(looksLikeHeader(parsed.records, (c) => isKnownHeader(c, customerImportFields))).toBe(true);
    const { headers, data } = splitHeader(parsed.records, true, (n) => `Spalte ${n}`);
    expect(headers.at(-1)).toBe('Spalte 12');
    const mapping = suggestMapping(headers, customerImportFields);
    const rows = buildRows(data, { mapping, fields: customerImportFields, columns: headers.length, decimalComma: true });
    expect(rows.map((r) => r.issues)).toEqual([[], [], [], []]);
    expect(toRequestRows(rows)).toEqual([
      { sourceLine: 2, externalId: 'KD-1001', companyName: 'Bäckerei Huber GmbH', firstName: null, lastName: null, street: 'Hauptstraße 5', zip: '83022', city: 'Rosenheim', country: 'DE', phone: '+49 8031 98765', email: 'info@baeckerei-huber.de', hourlyRate: 62.5 },
      { sourceLine: 3, externalId: 'KD-1002', companyName: null, firstName: 'Jürgen', lastName: 'Öztürk', street: 'Kölner Str. 12', zip: '50667', city: 'Köln', country: 'DE', phone: '0221 444', email: 'juergen@oeztuerk.de', hourlyRate: null },
      { sourceLine: 5, externalId: 'KD-1003', companyName: 'Müller & Söhne "Bau" KG', firstName: null, lastName: null, street: 'Am Anger 3\nHinterhaus', zip: '1010', city: 'Wien', country: 'AT', phone: '+43 1 555', email: 'office@mueller-bau.at', hourlyRate: 1250 },
      { sourceLine: 7, externalId: 'KD-1004', companyName: 'Elektro Weiß', firstName: null, lastName: null, street: 'Ringstraße 1', zip: '80331', city: 'München', country: 'DE', phone: '089 123', email: 'weiss@example.de', hourlyRate: 58 },
    ]);
  });

  it('reads an English UTF-8 file with byte order mark', () => {
    const decoded = decodeCsv(fixture('customers-utf8-bom.csv'));
    expect(decoded).toMatchObject({ encoding: 'utf-8', hadBom: true });
    expect(decoded.text.startsWith('Customer No')).toBe(true);
    const delimiter = detectDelimiter(decoded.text);
    expect(delimiter).toBe(',');
    const { headers, data } = splitHeader(parseCsv(decoded.text, delimiter).records, true, String);
    const rows = buildRows(data, { mapping: suggestMapping(headers, customerImportFields), fields: customerImportFields, columns: headers.length, decimalComma: false });
    expect(rows.map((r) => [r.line, r.values.companyName ?? r.values.lastName, r.values.country, r.values.hourlyRate])).toEqual([
      [2, 'Smith, Jones & Co', 'GB', 75],
      [3, 'Ångström', 'SE', null],
      [5, 'Ärztehaus am Markt', 'DE', 1200.5],
    ]);
  });

  it('marks cells it cannot read in a product file', () => {
    const decoded = decodeCsv(fixture('products-excel-de.csv'));
    const { headers, data } = splitHeader(parseCsv(decoded.text, detectDelimiter(decoded.text)).records, true, String);
    const rows = buildRows(data, { mapping: suggestMapping(headers, productImportFields), fields: productImportFields, columns: headers.length, decimalComma: true });
    expect(rows[0].values).toEqual({ name: 'Kabel NYM-J 3x1,5 mm²', ean: '4006381333931', unit: 'm', netPrice: 0.89, vatRate: 19, stock: 250 });
    expect(rows[3].values).toMatchObject({ ean: '96385074', stock: 1200 });
    expect(rows[4].issues).toEqual([{ kind: 'ean', field: 'ean' }]);
    expect(rows.slice(0, 4).every((r) => r.issues.length === 0)).toBe(true);
  });

  it('reads a pipe-separated file without header row', () => {
    const decoded = decodeCsv(fixture('products-pipe-noheader.csv'));
    const delimiter = detectDelimiter(decoded.text);
    expect(delimiter).toBe('|');
    const { records } = parseCsv(decoded.text, delimiter);
    expect(looksLikeHeader(records, (c) => isKnownHeader(c, productImportFields))).toBe(false);
    const { headers, data } = splitHeader(records, false, (n) => `Column ${n}`);
    expect(headers).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5', 'Column 6']);
    const mapping = { name: 0, ean: 1, unit: 2, netPrice: 3, vatRate: 4, stock: 5 };
    const rows = buildRows(data, { mapping, fields: productImportFields, columns: 6, decimalComma: false });
    expect(rows[1].values).toEqual({ name: 'Kupferrohr 15 mm', ean: '5901234123457', unit: 'm', netPrice: 7.9, vatRate: 19, stock: null });
  });

  it('marks rows with more filled cells than columns, too long texts and unreadable numbers', () => {
    const { headers, data } = splitHeader(parseCsv(`Firma;Ort\nA;B;C\nB;Köln;\n${'x'.repeat(201)};Ulm\nC;Bonn`, ';').records, true, String);
    const rows = buildRows(data, {
      mapping: { companyName: 0, city: 1, hourlyRate: 1 },
      fields: customerImportFields,
      columns: headers.length,
      decimalComma: true,
    });
    expect(rows[0].issues).toContainEqual({ kind: 'columns', expected: 2, found: 3 });
    expect(rows[1].issues).toEqual([{ kind: 'number', field: 'hourlyRate' }]);
    expect(rows[2].issues).toContainEqual({ kind: 'tooLong', field: 'companyName', limit: 200 });
  });
});
