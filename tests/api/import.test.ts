/**
 * CSV import of customers and products through the API: dry run (the validation preview), the
 * real import in one transaction, matching by external id / EAN, re-imports that change nothing,
 * updates, row errors in the caller's language, roles, isolation, limits and 10,000-row files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { decodeCsv } from '../../src/lib/csv/decode';
import { buildRows, isKnownHeader, splitHeader, suggestMapping, toRequestRows, type ImportFieldSpec } from '../../src/lib/csv/mapping';
import { detectDelimiter, looksLikeHeader, parseCsv } from '../../src/lib/csv/parse';
import { customerImportFields } from '../../src/features/customers/import-fields';
import { productImportFields } from '../../src/features/products/import-fields';
import { rawCall } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTenant, type Member, type TestTenant } from './factories';

type CustomerRow = components['schemas']['CustomerImportRow'];
type ProductRow = components['schemas']['ProductImportRow'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const importCustomers = (member: Member, rows: CustomerRow[], dryRun = false) =>
  member.api.POST('/api/Customers/ImportCsv', { body: { rows, dryRun } });
const importProducts = (member: Member, rows: ProductRow[], dryRun = false) =>
  member.api.POST('/api/Products/ImportCsv', { body: { rows, dryRun } });

async function customers(member: Member, filter?: string) {
  const { data } = await member.api.GET('/api/Customers/GetAll', {
    params: { query: { page: 1, pageSize: 500, isDescending: false, includeArchived: true, filter, orderBy: 'externalId' } },
  });
  return data!.data!;
}
async function products(member: Member, filter?: string) {
  const { data } = await member.api.GET('/api/Products/GetAll', {
    params: { query: { page: 1, pageSize: 500, isDescending: false, includeArchived: true, filter, orderBy: 'name' } },
  });
  return data!.data!;
}

describe('Customers/ImportCsv', () => {
  let firm: TestTenant;
  let owner: Member;
  const rows: CustomerRow[] = [
    { sourceLine: 2, externalId: 'KD-1', companyName: 'Elektro Schneider GmbH', city: 'München', zip: '80331', email: 'info@elektro-schneider.de', hourlyRate: 58.5 },
    { sourceLine: 3, externalId: 'KD-2', firstName: 'Anna', lastName: 'Huber', city: 'Rosenheim', country: 'de', phone: '+49 8031 98765' },
    { sourceLine: 5, companyName: 'Ohne Nummer KG', street: 'Hauptstraße 5', city: 'Ulm' },
  ];

  beforeAll(async () => {
    firm = await createTenant(server);
    owner = firm.owner;
  });

  it('counts in a dry run and stores nothing', async () => {
    const { data, response } = await importCustomers(owner, rows, true);
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ created: 3, updated: 0, skipped: 0, errorCount: 0, errors: [] });
    expect((await customers(owner)).totalCount).toBe(0);
  });

  it('imports, and a re-import of the same rows changes nothing', async () => {
    const first = await importCustomers(owner, rows);
    expect(first.data!.data).toMatchObject({ created: 3, updated: 0, skipped: 0, errorCount: 0 });
    const stored = await customers(owner);
    expect(stored.totalCount).toBe(3);
    expect(stored.items.find((c) => c.externalId === 'KD-2')).toMatchObject({ displayName: 'Anna Huber', country: 'DE', phone: '+49 8031 98765' });

    const dry = await importCustomers(owner, rows, true);
    expect(dry.data!.data).toMatchObject({ created: 0, updated: 0, skipped: 3 });
    const again = await importCustomers(owner, rows);
    expect(again.data!.data).toMatchObject({ created: 0, updated: 0, skipped: 3, errorCount: 0 });
    const after = await customers(owner);
    expect(after.items).toEqual(stored.items);
  });

  it('updates matched rows; a column the file does not map keeps its value, an empty one clears it', async () => {
    const { data } = await importCustomers(owner, [
      { externalId: 'KD-1', phone: '+49 89 7654321' },
      { externalId: 'KD-2', firstName: 'Anna', lastName: 'Huber-Maier', city: '', country: 'AT' },
      { externalId: 'KD-3', companyName: 'Neu GmbH' },
    ]);
    expect(data!.data).toMatchObject({ created: 1, updated: 2, skipped: 0, errorCount: 0 });
    const stored = await customers(owner);
    expect(stored.items.find((c) => c.externalId === 'KD-1')).toMatchObject({
      companyName: 'Elektro Schneider GmbH', city: 'München', hourlyRate: 58.5, phone: '+49 89 7654321',
    });
    expect(stored.items.find((c) => c.externalId === 'KD-2')).toMatchObject({ lastName: 'Huber-Maier', city: null, country: 'AT' });
  });

  it('keeps the archive state of a matched customer', async () => {
    const kd3 = (await customers(owner)).items.find((c) => c.externalId === 'KD-3')!;
    await owner.api.PUT('/api/Customers/Update', { body: { id: kd3.id, companyName: 'Neu GmbH', externalId: 'KD-3', country: 'DE', archived: true } });
    const { data } = await importCustomers(owner, [{ externalId: 'KD-3', companyName: 'Neu GmbH & Co. KG' }]);
    expect(data!.data).toMatchObject({ updated: 1 });
    const after = (await customers(owner)).items.find((c) => c.externalId === 'KD-3')!;
    expect(after).toMatchObject({ companyName: 'Neu GmbH & Co. KG', archived: true });
  });

  it('reports every bad row with its reason in the dry run, and imports nothing for real', async () => {
    const bad: CustomerRow[] = [
      { sourceLine: 2, externalId: 'KD-10', companyName: 'Gut GmbH' },
      { sourceLine: 3, externalId: 'KD-11', firstName: 'Nur Vorname' },
      { sourceLine: 4, externalId: 'KD-12', companyName: 'Mail AG', email: 'kein-at-zeichen' },
      { sourceLine: 5, externalId: 'KD-13', companyName: 'Land AG', country: 'XX' },
      { sourceLine: 6, externalId: 'KD-14', companyName: 'Satz AG', hourlyRate: -5 },
      { sourceLine: 7, externalId: 'KD-10', companyName: 'Doppelt GmbH' },
      { sourceLine: 8, companyName: 'Auch gut' },
    ];
    const before = await customers(owner);
    const dry = await importCustomers(owner, bad, true);
    expect(dry.response.status).toBe(200);
    expect(dry.data!.data).toMatchObject({ created: 2, updated: 0, skipped: 0, errorCount: 5 });
    expect(dry.data!.data!.errors).toEqual([
      { row: 2, sourceLine: 3, field: 'companyName', message: 'Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.' },
      { row: 3, sourceLine: 4, field: 'email', message: 'Die E-Mail-Adresse ist ungültig.' },
      { row: 4, sourceLine: 5, field: 'country', message: 'Unbekannter Ländercode (zwei Buchstaben, z. B. DE).' },
      { row: 5, sourceLine: 6, field: 'hourlyRate', message: 'Der Stundensatz muss zwischen 0 und 10.000 Euro liegen.' },
      { row: 6, sourceLine: 7, field: null, message: 'Die externe Kennung KD-10 steht schon in Zeile 1.' },
    ]);

    const real = await importCustomers(owner, bad);
    expect(real.response.status).toBe(400);
    expect(real.error).toMatchObject({
      isSuccess: false,
      errorMessages: [{ code: 'IMPORT_INVALID_ROWS', message: 'Die Datei enthält fehlerhafte Zeilen; es wurde nichts importiert.' }],
      errors: {
        'rows[1].companyName': [expect.any(String)],
        'rows[2].email': [expect.any(String)],
        'rows[3].country': [expect.any(String)],
        'rows[4].hourlyRate': [expect.any(String)],
        'rows[5]': [expect.any(String)],
      },
    });
    expect((await customers(owner)).items).toEqual(before.items);
  });

  it('answers row errors in the caller\'s language', async () => {
    const english = await firm.member('Manager', { lang: 'en' });
    const { data } = await importCustomers(english, [{ lastName: 'Solo' }], true);
    expect(data!.data!.errors).toEqual([
      { row: 1, sourceLine: null, field: 'companyName', message: 'Please enter at least a company name or first/last name.' },
    ]);
  });

  it('skips rows without external id that equal a stored customer or an earlier row', async () => {
    const shop = await createTenant(server);
    const plain: CustomerRow[] = [
      { companyName: 'Malerei Weiß', city: 'Passau' },
      { firstName: 'Jonas', lastName: 'Berg' },
      { companyName: 'Malerei Weiß', city: 'Passau' },
    ];
    expect((await importCustomers(shop.owner, plain)).data!.data).toMatchObject({ created: 2, skipped: 1 });
    expect((await importCustomers(shop.owner, plain)).data!.data).toMatchObject({ created: 0, skipped: 3 });
    // Same name, other data: a different customer.
    expect((await importCustomers(shop.owner, [{ companyName: 'Malerei Weiß', city: 'Deggendorf' }])).data!.data).toMatchObject({ created: 1 });
    expect((await customers(shop.owner)).totalCount).toBe(3);
  });

  it('matches only the own tenant\'s customers', async () => {
    const one = await createTenant(server);
    const two = await createTenant(server);
    await importCustomers(one.owner, [{ externalId: 'SHARED-1', companyName: 'Firma Eins' }]);
    const { data } = await importCustomers(two.owner, [{ externalId: 'SHARED-1', companyName: 'Firma Zwei' }]);
    expect(data!.data).toMatchObject({ created: 1, updated: 0 });
    expect((await customers(one.owner)).items[0].companyName).toBe('Firma Eins');
  });

  it('is for Owner, Admin and Manager only', async () => {
    const employee = await firm.member('Employee');
    const { response, error } = await importCustomers(employee, [{ companyName: 'Verboten GmbH' }], true);
    expect(response.status).toBe(403);
    expect(error!.errorMessages[0].code).toBe('FORBIDDEN');
    for (const role of ['Admin', 'Manager'] as const) {
      const member = await firm.member(role);
      expect((await importCustomers(member, [{ companyName: 'Erlaubt GmbH' }], true)).response.status).toBe(200);
    }
  });

  it('refuses wrong types, too many rows and oversized bodies before importing anything', async () => {
    const shop = await createTenant(server);
    const send = (body: string) =>
      rawCall(server.baseUrl, 'POST', '/api/Customers/ImportCsv', { headers: { ...shop.owner.auth, 'content-type': 'application/json' }, body });

    let response = await send(JSON.stringify({ dryRun: false, rows: [{ companyName: 'Gut' }, { companyName: 'Typ', hourlyRate: '60,00' }] }));
    expect(response.status).toBe(400);
    expect(response.body.errors['rows.1.hourlyRate']).toBeDefined();

    response = await send(JSON.stringify({ dryRun: false, rows: [] }));
    expect(response.status).toBe(400);

    response = await send(JSON.stringify({ dryRun: true, rows: Array.from({ length: 20_001 }, () => ({ companyName: 'A' })) }));
    expect(response.status).toBe(400);
    expect(response.body.errors.rows).toBeDefined();

    response = await send(JSON.stringify({ dryRun: false, rows: [{ companyName: 'x'.repeat(30 * 1024 * 1024) }] }));
    expect(response.status).toBe(413);
    expect(response.body.errorMessages[0].code).toBe('PAYLOAD_TOO_LARGE');

    response = await send('{"dryRun": false, "rows": [');
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[0].code).toBe('BAD_REQUEST');

    expect((await customers(shop.owner)).totalCount).toBe(0);
  });

  it('imports 10,000 rows, re-imports them as skipped and updates them', async () => {
    const shop = await createTenant(server);
    const big: CustomerRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      sourceLine: i + 2,
      externalId: `BULK-${i}`,
      companyName: i % 3 === 0 ? null : `Firma ${i} GmbH`,
      firstName: `Vorname${i}`,
      lastName: `Nachname${i}`,
      phone: `+49 89 ${1000000 + i}`,
      email: `kunde${i}@example.de`,
      street: `Musterstraße ${i % 200}`,
      zip: String(10000 + (i % 89999)),
      city: ['München', 'Berlin', 'Köln', 'Hamburg'][i % 4],
      country: 'DE',
      hourlyRate: i % 5 === 0 ? null : 50 + (i % 30),
    }));
    expect(JSON.stringify({ rows: big, dryRun: false }).length).toBeGreaterThan(server.config.bodyLimitBytes);

    const created = await importCustomers(shop.owner, big);
    expect(created.data!.data).toMatchObject({ created: 10_000, updated: 0, skipped: 0, errorCount: 0 });

    const skipped = await importCustomers(shop.owner, big);
    expect(skipped.data!.data).toMatchObject({ created: 0, updated: 0, skipped: 10_000 });

    const updated = await importCustomers(shop.owner, big.map((row) => ({ ...row, city: 'Neustadt' })));
    expect(updated.data!.data).toMatchObject({ created: 0, updated: 10_000, skipped: 0 });

    expect((await customers(shop.owner, 'Neustadt')).totalCount).toBe(10_000);
  });
});

describe('Products/ImportCsv', () => {
  let firm: TestTenant;
  let owner: Member;

  beforeAll(async () => {
    firm = await createTenant(server);
    owner = firm.owner;
  });

  it('creates, skips and updates by EAN and, without EAN, by name', async () => {
    const rows: ProductRow[] = [
      { sourceLine: 2, name: 'Kabel NYM-J 3x1,5 mm²', ean: '4006381333931', unit: 'm', netPrice: 0.89, vatRate: 19, stock: 250 },
      { sourceLine: 3, name: 'Fachbuch Elektrik', ean: '9783161484100', unit: 'Stk', netPrice: 39.9, vatRate: 7 },
      { sourceLine: 4, name: 'Anfahrtspauschale', unit: 'Pausch', netPrice: 35, vatRate: 0 },
      { sourceLine: 5, name: 'Silikon', ean: '614141 000036', unit: 'Stk', netPrice: 5.49, vatRate: null },
    ];
    const dry = await importProducts(owner, rows, true);
    expect(dry.data!.data).toEqual({ created: 4, updated: 0, skipped: 0, errorCount: 0, errors: [] });
    expect((await products(owner)).totalCount).toBe(0);

    expect((await importProducts(owner, rows)).data!.data).toMatchObject({ created: 4 });
    const stored = await products(owner);
    expect(stored.items.find((p) => p.name === 'Silikon')).toMatchObject({ ean: '614141000036', vatRate: 19, stock: null });

    expect((await importProducts(owner, rows)).data!.data).toMatchObject({ created: 0, updated: 0, skipped: 4 });
    expect((await products(owner)).items).toEqual(stored.items);

    const changes: ProductRow[] = [
      { ean: '4006381333931', netPrice: 0.95 },
      { name: 'Anfahrtspauschale', unit: 'Pausch', netPrice: 39, vatRate: 0 },
      // The EAN-13 form of the stored UPC-A code is the same article.
      { name: 'Silikon transparent', ean: '0614141000036', unit: 'Stk', netPrice: 5.49, vatRate: 19 },
    ];
    expect((await importProducts(owner, changes)).data!.data).toMatchObject({ created: 0, updated: 3, skipped: 0 });
    const after = await products(owner);
    expect(after.totalCount).toBe(4);
    expect(after.items.find((p) => p.ean === '4006381333931')).toMatchObject({ name: 'Kabel NYM-J 3x1,5 mm²', netPrice: 0.95, stock: 250 });
    expect(after.items.find((p) => p.name === 'Anfahrtspauschale')!.netPrice).toBe(39);
    expect(after.items.find((p) => p.name === 'Silikon transparent')!.ean).toBe('0614141000036');
  });

  it('reports bad rows: EAN check digit, VAT rate, missing fields, duplicates, ambiguous names', async () => {
    const shop = await createTenant(server);
    await shop.owner.api.POST('/api/Products/Create', { body: { name: 'Schraube', unit: 'Stk', netPrice: 0.1, vatRate: 19 } });
    await shop.owner.api.POST('/api/Products/Create', { body: { name: 'Schraube', unit: 'Pkg', netPrice: 4, vatRate: 19 } });
    const rows: ProductRow[] = [
      { sourceLine: 2, name: 'Gut', ean: '96385074', unit: 'Stk', netPrice: 1, vatRate: 19 },
      { sourceLine: 3, name: 'Prüfziffer', ean: '96385075', unit: 'Stk', netPrice: 1, vatRate: 19 },
      { sourceLine: 4, name: 'Steuer', unit: 'Stk', netPrice: 1, vatRate: 16 },
      { sourceLine: 5, name: 'Ohne Einheit', unit: ' ', netPrice: 1 },
      { sourceLine: 6, name: 'Ohne Preis', unit: 'Stk', netPrice: null },
      { sourceLine: 7, name: '', unit: 'Stk', netPrice: 1 },
      { sourceLine: 8, name: 'Doppelt', ean: '96385074', unit: 'Stk', netPrice: 2, vatRate: 19 },
      { sourceLine: 9, name: 'Schraube', unit: 'Stk', netPrice: 0.2 },
      { sourceLine: 10, name: 'Gleichnamig', unit: 'Stk', netPrice: 1 },
      { sourceLine: 11, name: 'Gleichnamig', unit: 'Stk', netPrice: 1 },
      { sourceLine: 12, name: 'Negativ', unit: 'Stk', netPrice: -1 },
    ];
    const { data } = await importProducts(shop.owner, rows, true);
    expect(data!.data).toMatchObject({ created: 2, updated: 0, skipped: 0, errorCount: 9 });
    expect(data!.data!.errors.map((e) => [e.row, e.sourceLine, e.field])).toEqual([
      [2, 3, 'ean'],
      [3, 4, 'vatRate'],
      [4, 5, 'unit'],
      [5, 6, 'netPrice'],
      [6, 7, 'name'],
      [7, 8, null],
      [8, 9, 'name'],
      [10, 11, null],
      [11, 12, 'netPrice'],
    ]);
    expect(data!.data!.errors[0].message).toBe('Die EAN ist ungültig: Sie braucht 8, 12 oder 13 Ziffern und eine passende Prüfziffer.');
    expect(data!.data!.errors[5].message).toBe('Die EAN 96385074 steht schon in Zeile 1.');

    const real = await importProducts(shop.owner, rows);
    expect(real.response.status).toBe(400);
    expect(real.error!.errorMessages[0].code).toBe('IMPORT_INVALID_ROWS');
    expect(Object.keys(real.error!.errors)).toEqual(expect.arrayContaining(['rows[1].ean', 'rows[2].vatRate', 'rows[6]']));
    expect((await products(shop.owner)).totalCount).toBe(2);
  });

  it('is for Owner, Admin and Manager only, and matches only the own tenant\'s products', async () => {
    const employee = await firm.member('Employee');
    expect((await importProducts(employee, [{ name: 'X', unit: 'Stk', netPrice: 1 }], true)).response.status).toBe(403);
    const elsewhere = await createTenant(server);
    const { data } = await importProducts(elsewhere.owner, [{ name: 'Fremd', ean: '4006381333931', unit: 'Stk', netPrice: 9 }]);
    expect(data!.data).toMatchObject({ created: 1, updated: 0 });
    expect((await products(owner)).items.find((p) => p.ean === '4006381333931')!.netPrice).toBe(0.95);
  });

  it('imports 10,000 products in seconds and re-imports them as skipped', async () => {
    const shop = await createTenant(server);
    const ean = (i: number) => {
      const body = `40${String(i).padStart(10, '0')}`;
      const sum = body.split('').reverse().reduce((acc, d, k) => acc + Number(d) * (k % 2 === 0 ? 3 : 1), 0);
      return body + String((10 - (sum % 10)) % 10);
    };
    const big: ProductRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      sourceLine: i + 2,
      name: `Artikel ${i}`,
      ean: i % 10 === 0 ? null : ean(i),
      unit: ['Stk', 'm', 'kg'][i % 3],
      netPrice: (i % 1000) / 10,
      vatRate: i % 7 === 0 ? 7 : 19,
      stock: i % 4 === 0 ? null : i,
    }));
    expect((await importProducts(shop.owner, big)).data!.data).toMatchObject({ created: 10_000, errorCount: 0 });
    expect((await importProducts(shop.owner, big)).data!.data).toMatchObject({ created: 0, skipped: 10_000 });
    expect((await shop.owner.api.GET('/api/Products/GetByEAN', { params: { query: { ean: ean(4711) } } })).data!.data!.name).toBe('Artikel 4711');
  });
});

/**
 * Real files through the app's own reading (src/lib/csv, as the import dialog does it) and the
 * API: German Excel (Windows-1252, semicolon, quoted line breaks, empty lines), UTF-8 with BOM,
 * duplicate keys, and a cell a spreadsheet damaged.
 */
describe('real-world CSV files', () => {
  function read<K extends string>(name: string, fields: readonly ImportFieldSpec<K>[]) {
    const { text } = decodeCsv(new Uint8Array(fs.readFileSync(path.resolve('tests/fixtures/csv', name))));
    const delimiter = detectDelimiter(text);
    const { records, problems } = parseCsv(text, delimiter);
    const hasHeader = looksLikeHeader(records, (cell) => isKnownHeader(cell, fields));
    const { headers, data } = splitHeader(records, hasHeader, (n) => `Spalte ${n}`);
    const rows = buildRows(data, { mapping: suggestMapping(headers, fields), fields, columns: headers.length, decimalComma: delimiter !== ',', csvProblems: problems });
    return { readable: toRequestRows(rows.filter((r) => r.issues.length === 0)), unreadable: rows.filter((r) => r.issues.length > 0) };
  }

  it('imports a German Excel file and an English UTF-8 file, and re-imports them as unchanged', async () => {
    const firm = await createTenant(server);
    const german = read('customers-excel-de.csv', customerImportFields);
    const english = read('customers-utf8-bom.csv', customerImportFields);
    expect(german.unreadable).toEqual([]);
    expect((await importCustomers(firm.owner, german.readable as CustomerRow[])).data!.data).toMatchObject({ created: 4, errorCount: 0 });
    expect((await importCustomers(firm.owner, english.readable as CustomerRow[])).data!.data).toMatchObject({ created: 3, errorCount: 0 });
    const stored = await customers(firm.owner);
    expect(stored.items.find((c) => c.externalId === 'KD-1003')).toMatchObject({
      companyName: 'Müller & Söhne "Bau" KG',
      street: 'Am Anger 3\nHinterhaus',
      country: 'AT',
      hourlyRate: 1250,
    });
    expect(stored.items.find((c) => c.externalId === 'C-2')).toMatchObject({ displayName: 'Zoë Ångström', country: 'SE' });
    expect((await importCustomers(firm.owner, german.readable as CustomerRow[])).data!.data).toMatchObject({ created: 0, updated: 0, skipped: 4 });
  });

  it('reports duplicate keys and bad cells with the lines of the file', async () => {
    const firm = await createTenant(server);
    const { readable } = read('customers-duplicates.csv', customerImportFields);
    const { data } = await importCustomers(firm.owner, readable as CustomerRow[], true);
    expect(data!.data).toMatchObject({ created: 1, errorCount: 3 });
    expect(data!.data!.errors.map((e) => [e.sourceLine, e.field])).toEqual([
      [4, 'email'],
      [7, null],
      [8, 'companyName'],
    ]);
  });

  it('imports a product file once the row with the damaged EAN is left out', async () => {
    const firm = await createTenant(server);
    const { readable, unreadable } = read('products-excel-de.csv', productImportFields);
    expect(unreadable.map((r) => r.line)).toEqual([6]);
    expect((await importProducts(firm.owner, readable as ProductRow[])).data!.data).toMatchObject({ created: 4, errorCount: 0 });
    const { data } = await firm.owner.api.GET('/api/Products/GetByEAN', { params: { query: { ean: '96385074' } } });
    expect(data!.data).toMatchObject({ name: 'Dübel 8 mm (100 Stück)', unit: 'Pkg', netPrice: 4.2, stock: 1200 });
  });
});
