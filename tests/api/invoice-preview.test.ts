/**
 * `Invoice/CreatePreviewFromActivities`: positions and totals from a customer's open entries (labour
 * rounded up to the quarter hour on the total, one material position per product and price, VAT
 * per position in cents, § 19 UStG, English), the refusals (foreign ids, processed entries, another
 * customer's entries, an inverted period, nothing open, Employees), and the export files: the PDF
 * rendered with poppler, CSV and XLSX opened and their cells read.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { timeTracks } from '../../server/db/schema';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertTimeTrack, jpeg, newCustomer, newEntry, newProduct, postForm } from './activity-support';
import { completeProfile, createTenant, setProfile, type Member, type TestTenant } from './factories';

type PreviewRequest = components['schemas']['InvoicePreviewRequest'];
type Preview = components['schemas']['InvoicePreview'];

const PREVIEW = '/api/Invoice/CreatePreviewFromActivities';
const FROM = '2026-10-01T00:00:00+02:00';
const TO = '2026-11-01T00:00:00+01:00';

let server: TestServer;
let firm: TestTenant;
let owner: Member;
let manager: Member;
let employee: Member;
let other: TestTenant;

beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock('2026-11-20T09:00:00Z') });
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  owner = firm.owner;
  manager = await firm.member('Manager');
  employee = await firm.member('Employee');
  other = await createTenant(server);
});
afterAll(async () => {
  await server?.close();
});

const at = (day: number, hour = 8) => new Date(Date.UTC(2026, 9, day, hour, 0, 0));

async function customerWithRate(member: Member, hourlyRate: number | null, companyName?: string) {
  const customer = await newCustomer(member, companyName);
  if (hourlyRate !== null) {
    const { response } = await member.api.PUT('/api/Customers/Update', {
      body: { id: customer.id, companyName: customer.companyName, country: 'DE', hourlyRate, street: customer.street, zip: customer.zip, city: customer.city },
    });
    expect(response.status).toBe(200);
  }
  return customer;
}

async function preview(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  return member.api.POST(PREVIEW, { body: { fromDate: FROM, toDate: TO, language: 'de', outputFormat: 'json', ...body } as PreviewRequest });
}

async function okPreview(member: Member, body: Partial<PreviewRequest> & { customerId: string }): Promise<Preview> {
  const { data, error, response } = await preview(member, body);
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data!;
}

/**
 * net + VAT = gross on every position, per rate and overall; the net total is the sum of the
 * positions' nets, each rate's VAT is the rate on that rate's net (rounded once), the VAT total the
 * sum of the rates' (the positions' own VAT is informative).
 */
function expectExactSums(p: Preview) {
  const cents = (euro: number) => Math.round(euro * 100);
  for (const pos of p.positions) expect(cents(pos.net) + cents(pos.vat)).toBe(cents(pos.gross));
  expect(cents(p.totals.net)).toBe(p.positions.reduce((s, x) => s + cents(x.net), 0));
  for (const v of p.totals.vatByRate) expect(cents(v.vat)).toBe(Math.round((cents(v.net) * v.vatRate) / 100));
  expect(cents(p.totals.net) + cents(p.totals.vat)).toBe(cents(p.totals.gross));
  expect(p.totals.vatByRate.reduce((s, v) => s + cents(v.net), 0)).toBe(cents(p.totals.net));
  expect(p.totals.vatByRate.reduce((s, v) => s + cents(v.vat), 0)).toBe(cents(p.totals.vat));
}

async function mixedCustomer() {
  const customer = await customerWithRate(owner, 58.5, 'Bäckerei Müller OHG');
  const cable = await newProduct(owner, { name: 'Kabel NYM-J 3x1,5', unit: 'm', netPrice: 0.89, vatRate: 19 });
  const book = await newProduct(owner, { name: 'Fachbuch Elektro', unit: 'Stk', netPrice: 12.34, vatRate: 7 });
  const tracks = [
    await insertTimeTrack(server, employee, customer.id, { startedAt: at(2), seconds: 3600 }),
    await insertTimeTrack(server, manager, customer.id, { startedAt: at(3), seconds: 1801 }),
  ];
  const time = await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 1800, text: 'Verteiler geprüft', occurredAtUtc: at(4).toISOString() });
  const cable1 = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: cable.id, quantity: 10, occurredAtUtc: at(2).toISOString() });
  const cable2 = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: cable.id, quantity: 5.5, occurredAtUtc: at(3).toISOString() });
  const bookEntry = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: book.id, quantity: 2, occurredAtUtc: at(3).toISOString() });
  const free = await newEntry(employee, {
    customerId: customer.id,
    subType: 'material',
    text: '=HYPERLINK("x") Sonderteil',
    quantity: 1,
    unit: 'Stk',
    unitPrice: 5,
    vatRate: 0,
    occurredAtUtc: at(5).toISOString(),
  });
  await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'Kunde war nicht da', occurredAtUtc: at(5).toISOString() });
  // Outside the period: not billed.
  await insertTimeTrack(server, employee, customer.id, { startedAt: new Date('2026-11-01T08:00:00Z'), seconds: 7200 });
  return { customer, cable, book, tracks, time: time.id, cable1: cable1.id, cable2: cable2.id, bookEntry: bookEntry.id, free: free.id };
}

describe('Invoice/CreatePreviewFromActivities: positions', () => {
  it('sums labour over time tracks and time entries, rounds the total up to the quarter hour, and prices material per product in cents', async () => {
    const s = await mixedCustomer();
    const p = await okPreview(manager, { customerId: s.customer.id });
    expect(p).toMatchObject({ customerName: 'Bäckerei Müller OHG', currency: 'EUR', smallBusiness: false, smallBusinessNote: null, hourlyRate: 58.5, document: null });
    expect(p.title).toBe('Rechnung Bäckerei Müller OHG, 01.10.2026 – 31.10.2026');
    // 3600 + 1801 + 1800 = 7201 s, billed 7200 + 900 = 8100 s = 2.25 h × 58.50 = 131.625 → 131.63
    expect(p.positions[0]).toEqual({
      key: 'labour',
      kind: 'labour',
      description: 'Arbeitszeit 01.10.2026 – 31.10.2026',
      quantity: 2.25,
      unit: 'Std.',
      unitPrice: 58.5,
      vatCategory: 'S',
      vatRate: 19,
      net: 131.63,
      vat: 25.01,
      gross: 156.64,
      productId: null,
      durationSeconds: 7201,
      billedSeconds: 8100,
      informationIds: [s.time],
      timeTrackIds: s.tracks,
    });
    const materials = p.positions.slice(1).map((x) => [x.description, x.quantity, x.unit, x.unitPrice, x.vatRate, x.net, x.vat, x.gross, [...x.informationIds].sort()]);
    expect(materials).toEqual([
      // 15.5 m × 0.89 = 13.795 → 13.80; VAT 19 % = 2.622 → 2.62
      ['=HYPERLINK("x") Sonderteil', 1, 'Stk', 5, 0, 5, 0, 5, [s.free]],
      ['Fachbuch Elektro', 2, 'Stk', 12.34, 7, 24.68, 1.73, 26.41, [s.bookEntry]],
      ['Kabel NYM-J 3x1,5', 15.5, 'm', 0.89, 19, 13.8, 2.62, 16.42, [s.cable1, s.cable2].sort()],
    ]);
    expect(p.totals).toEqual({
      net: 175.11,
      vat: 29.36,
      gross: 204.47,
      vatByRate: [
        { vatCategory: 'S', vatRate: 19, net: 145.43, vat: 27.63 },
        { vatCategory: 'S', vatRate: 7, net: 24.68, vat: 1.73 },
        { vatCategory: 'Z', vatRate: 0, net: 5, vat: 0 },
      ],
    });
    expectExactSums(p);
  });

  it('bills exactly 15 minutes as one quarter hour and 15 minutes and 1 second as two, at the firm default when the customer has no rate', async () => {
    await setProfile(server, firm.tenantId, { defaultHourlyRate: 60 });
    const exact = await customerWithRate(owner, null);
    await insertTimeTrack(server, employee, exact.id, { startedAt: at(6), seconds: 900 });
    const p1 = await okPreview(owner, { customerId: exact.id });
    expect(p1.hourlyRate).toBe(60);
    expect(p1.positions).toHaveLength(1);
    expect(p1.positions[0]).toMatchObject({ durationSeconds: 900, billedSeconds: 900, quantity: 0.25, net: 15, vat: 2.85, gross: 17.85 });

    const over = await customerWithRate(owner, null);
    await insertTimeTrack(server, employee, over.id, { startedAt: at(6), seconds: 901 });
    const p2 = await okPreview(owner, { customerId: over.id });
    expect(p2.positions[0]).toMatchObject({ durationSeconds: 901, billedSeconds: 1800, quantity: 0.5, net: 30 });
  });

  it('takes exactly the chosen entries when ids are given; the period then only names the service period', async () => {
    const s = await mixedCustomer();
    const p = await okPreview(owner, { customerId: s.customer.id, timeTrackIds: [s.tracks[0]], informationIds: [s.cable1] });
    expect(p.positions.map((x) => [x.kind, x.durationSeconds, x.quantity, x.timeTrackIds, x.informationIds])).toEqual([
      ['labour', 3600, 1, [s.tracks[0]], []],
      ['material', null, 10, [], [s.cable1]],
    ]);
  });

  it('names the period in the default zone (Europe/Berlin) when the stored zone is unknown, as every other figure of the firm does', async () => {
    const s = await mixedCustomer();
    await setProfile(server, firm.tenantId, { timeZone: 'Nowhere/Atlantis' });
    try {
      const p = await okPreview(manager, { customerId: s.customer.id });
      expect(p.title).toBe('Rechnung Bäckerei Müller OHG, 01.10.2026 – 31.10.2026');
      expect(p.positions[0].description).toBe('Arbeitszeit 01.10.2026 – 31.10.2026');
    } finally {
      await setProfile(server, firm.tenantId, { timeZone: 'Europe/Berlin' });
    }
  });

  it('gives a small business (§ 19 UStG) no VAT and the legal note', async () => {
    const small = await createTenant(server);
    await setProfile(server, small.tenantId, { smallBusiness: true, defaultHourlyRate: 45 });
    const customer = await newCustomer(small.owner);
    await insertTimeTrack(server, small.owner, customer.id, { startedAt: at(7), seconds: 3600 });
    await newEntry(small.owner, { customerId: customer.id, subType: 'material', text: 'Dübel', unit: 'Pck', quantity: 2, unitPrice: 3.5, vatRate: 7, occurredAtUtc: at(7).toISOString() });
    const p = await okPreview(small.owner, { customerId: customer.id });
    expect(p.smallBusiness).toBe(true);
    expect(p.smallBusinessNote).toContain('§ 19 UStG');
    expect(p.positions.map((x) => [x.vatRate, x.net, x.vat, x.gross])).toEqual([
      [0, 45, 0, 45],
      [0, 7, 0, 7],
    ]);
    expect(p.totals).toEqual({ net: 52, vat: 0, gross: 52, vatByRate: [{ vatCategory: 'E', vatRate: 0, net: 52, vat: 0 }] });
  });

  it('stays exact over thousands of entries', async () => {
    const c = await customerWithRate(owner, 47.5);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      tenantId: firm.tenantId,
      customerId: c.id,
      ownerId: employee.userId,
      startedAt: new Date(at(1).getTime() + i * 600_000),
      endedAt: new Date(at(1).getTime() + i * 600_000 + (61 + (i % 300)) * 1000),
      durationSeconds: 61 + (i % 300),
    }));
    await server.database.withTenant(firm.tenantId, (tx) => tx.insert(timeTracks).values(rows));
    const tracked = rows.reduce((sum, r) => sum + r.durationSeconds, 0);
    const p = await okPreview(owner, { customerId: c.id });
    const billed = Math.ceil(tracked / 900) * 900;
    expect(p.positions).toHaveLength(1);
    expect(p.positions[0]).toMatchObject({ durationSeconds: tracked, billedSeconds: billed, quantity: billed / 3600 });
    expect(p.positions[0].timeTrackIds).toHaveLength(3000);
    expect(Math.round(p.positions[0].net * 100)).toBe(Math.round(((billed / 900) * 4750) / 4));
    expectExactSums(p);
  });

  it('writes the texts in English when the invoice language is English', async () => {
    const s = await mixedCustomer();
    const p = await okPreview(owner, { customerId: s.customer.id, language: 'en', title: 'October works' });
    expect(p.title).toBe('October works');
    expect(p.positions[0]).toMatchObject({ description: 'Labour 01/10/2026 – 31/10/2026', unit: 'h' });
  });
});

describe('Invoice/CreatePreviewFromActivities: refusals', () => {
  it('answers 404 for another firm\'s customer and for another firm\'s entries, computing nothing', async () => {
    const foreignCustomer = await newCustomer(other.owner);
    const foreignTrack = await insertTimeTrack(server, other.owner, foreignCustomer.id, { startedAt: at(2) });
    const first = await preview(owner, { customerId: foreignCustomer.id });
    expect(first.response.status).toBe(404);
    expect(first.error!.errorMessages[0].code).toBe('NOT_FOUND');

    const own = await customerWithRate(owner, 50);
    await insertTimeTrack(server, employee, own.id, { startedAt: at(2) });
    const second = await preview(owner, { customerId: own.id, timeTrackIds: [foreignTrack] });
    expect(second.response.status).toBe(404);
    expect(Object.keys(second.error!.errors)).toEqual(['timeTrackIds']);
    expect(second.data).toBeUndefined();
  });

  it('refuses entries already processed or archived (never billed twice) and leaves them out of a period', async () => {
    const s = await mixedCustomer();
    const marked = await owner.api.POST('/api/Invoice/MarkActivitiesAsProcessed', { body: { informationIds: [s.cable1], timeTrackIds: [s.tracks[0]], archive: false } });
    expect(marked.response.status).toBe(200);
    const { response, error } = await preview(owner, { customerId: s.customer.id, informationIds: [s.cable1, s.cable2], timeTrackIds: [] });
    expect(response.status).toBe(409);
    expect(error!.errorMessages).toEqual([{ code: 'CONFLICT', message: expect.stringContaining('bereits abgerechnet') }]);
    expect(Object.keys(error!.errors)).toEqual(['informationIds']);

    const p = await okPreview(owner, { customerId: s.customer.id });
    expect(p.positions[0].durationSeconds).toBe(1801 + 1800);
    expect(p.positions.find((x) => x.description.startsWith('Kabel'))!.informationIds).toEqual([s.cable2]);
  });

  it('refuses another customer\'s entries and running timers with 400', async () => {
    const a = await customerWithRate(owner, 50);
    const b = await customerWithRate(owner, 50);
    const ofB = await insertTimeTrack(server, employee, b.id, { startedAt: at(2) });
    const wrong = await preview(owner, { customerId: a.id, timeTrackIds: [ofB] });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.errorMessages[0]).toEqual({ code: 'BAD_REQUEST', message: 'Mindestens ein Eintrag gehört nicht zu diesem Kunden.' });

    const running = await insertTimeTrack(server, employee, a.id, { startedAt: at(2), running: true });
    const run = await preview(owner, { customerId: a.id, timeTrackIds: [running] });
    expect(run.response.status).toBe(400);
    expect(run.error!.errorMessages[0].message).toContain('laufende Zeiterfassung kann nicht abgerechnet');
    expect(Object.keys(run.error!.errors)).toEqual(['timeTrackIds']);
    // A period leaves the running timer out; with nothing else open there are no positions.
    const period = await okPreview(owner, { customerId: a.id });
    expect(period.positions).toEqual([]);
  });

  it('answers END_BEFORE_START for an end not after the start, and NO_ACTIVITIES_SELECTED for a file when nothing is open', async () => {
    const c = await customerWithRate(owner, 50);
    const inverted = await preview(owner, { customerId: c.id, fromDate: TO, toDate: FROM });
    expect(inverted.response.status).toBe(400);
    expect(inverted.error!.errorMessages[0].code).toBe('END_BEFORE_START');
    expect(Object.keys(inverted.error!.errors)).toEqual(['toDate']);

    await newEntry(employee, { customerId: c.id, subType: 'note', text: 'nur eine Notiz', occurredAtUtc: at(3).toISOString() });
    expect((await okPreview(owner, { customerId: c.id })).positions).toEqual([]);
    const empty = await preview(owner, { customerId: c.id, outputFormat: 'pdf' });
    expect(empty.response.status).toBe(400);
    expect(empty.error!.errorMessages).toEqual([{ code: 'NO_ACTIVITIES_SELECTED', message: 'Für diesen Kunden gibt es in diesem Zeitraum keine offenen Positionen.' }]);
  });

  it('is not for Employees (403)', async () => {
    const c = await customerWithRate(owner, 50);
    await insertTimeTrack(server, employee, c.id, { startedAt: at(2) });
    const { response, error } = await preview(employee, { customerId: c.id });
    expect(response.status).toBe(403);
    expect(error!.errorMessages[0].code).toBe('FORBIDDEN');
  });
});

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-test-'));

async function documentOf(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  const p = await okPreview(member, body);
  expect(p.document).not.toBeNull();
  return { preview: p, document: p.document!, bytes: Buffer.from(p.document!.contentBase64, 'base64') };
}

describe('Invoice/CreatePreviewFromActivities: files', () => {
  it('renders a German invoice draft PDF with letterhead, address, positions, totals and payment terms (no labour share for a firm)', async () => {
    await setProfile(server, firm.tenantId, completeProfile);
    const s = await mixedCustomer();
    const { document, bytes } = await documentOf(owner, { customerId: s.customer.id, outputFormat: 'pdf' });
    expect(document.contentType).toBe('application/pdf');
    expect(document.fileName).toBe('Rechnungsentwurf_Baeckerei-Mueller-OHG_2026-10-01_2026-10-31.pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(tmp, 'de.pdf');
    fs.writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const expected of [
      'Rechnungsentwurf',
      'Elektro Schneider GmbH',
      'Werkstattweg 3',
      'Bäckerei Müller OHG',
      'Musterstraße 12',
      '80331 München',
      'Leistungszeitraum',
      '01.10.2026 – 31.10.2026',
      '20.11.2026',
      'Arbeitszeit 01.10.2026 – 31.10.2026',
      'Kabel NYM-J 3x1,5',
      '131,63 €',
      'Summe netto',
      'Umsatzsteuer 19 % auf 145,43 €',
      'Umsatzsteuer 7 % auf 24,68 €',
      'Gesamtbetrag',
      '204,47 €',
      'Zahlbar innerhalb von 14 Tagen',
      'Steuernummer: 143/123/45678',
      'IBAN DE02120300000000202051',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('fehlt');
    // § 35a EStG is for private customers; a bakery (OHG) deducts nothing under it.
    expect(text).not.toContain('35a');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(tmp, 'de')]);
    const png = fs.readdirSync(tmp).find((f) => f.startsWith('de') && f.endsWith('.png'));
    expect(png).toBeDefined();
    expect(fs.statSync(path.join(tmp, png!)).size).toBeGreaterThan(5000);
  });

  it('draws the firm\'s logo above its name', async () => {
    const firmWithLogo = await createTenant(server, { name: 'Maler Vogt' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpeg(600, 200))], { type: 'image/jpeg' }), 'logo.jpg');
    expect((await postForm(server, firmWithLogo.owner, '/api/Management/UploadLogo', form)).status).toBe(200);
    const c = await newCustomer(firmWithLogo.owner, 'Kunde mit Logo');
    await insertTimeTrack(server, firmWithLogo.owner, c.id, { startedAt: at(8), seconds: 3600 });
    const { bytes } = await documentOf(firmWithLogo.owner, { customerId: c.id, outputFormat: 'pdf' });
    fs.writeFileSync(path.join(tmp, 'logo.pdf'), bytes);
    const images = execFileSync('pdfimages', ['-list', path.join(tmp, 'logo.pdf')]).toString().trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+600\s+200\b/);
  });

  it('says in the draft what the firm profile lacks, and prints the § 19 note in English', async () => {
    const bare = await createTenant(server, { name: 'Kleinbetrieb Meier' });
    await setProfile(server, bare.tenantId, { smallBusiness: true });
    const c = await newCustomer(bare.owner, 'Customer Ltd');
    await insertTimeTrack(server, bare.owner, c.id, { startedAt: at(8), seconds: 3600 });
    const de = await documentOf(bare.owner, { customerId: c.id, outputFormat: 'pdf' });
    fs.writeFileSync(path.join(tmp, 'bare.pdf'), de.bytes);
    const deText = execFileSync('pdftotext', ['-layout', path.join(tmp, 'bare.pdf'), '-']).toString();
    expect(deText).toContain('Anschrift fehlt – bitte im Firmenprofil ergänzen');
    expect(deText).toContain('Steuernummer oder USt-IdNr. fehlt');
    expect(deText).toContain('Bankverbindung (IBAN) fehlt');
    expect(deText).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet');
    expect(deText).not.toContain('Umsatzsteuer 0 %');

    const en = await documentOf(bare.owner, { customerId: c.id, outputFormat: 'pdf', language: 'en' });
    expect(en.document.fileName).toMatch(/^Invoice-draft_Customer-Ltd_2026-10-01_2026-10-31\.pdf$/);
    fs.writeFileSync(path.join(tmp, 'en.pdf'), en.bytes);
    const enText = execFileSync('pdftotext', ['-layout', path.join(tmp, 'en.pdf'), '-']).toString();
    for (const expected of ['Invoice draft', 'Service period', 'Labour 01/10/2026 – 31/10/2026', 'Net total', 'Total', '§ 19 UStG', 'Payable within 14 days', 'Address missing']) {
      expect(enText, expected).toContain(expected);
    }
  });

  it('exports CSV with semicolons, German numbers, the entries below the positions and formula-like text neutralised', async () => {
    const s = await mixedCustomer();
    const { document, bytes } = await documentOf(owner, { customerId: s.customer.id, outputFormat: 'csv' });
    expect(document.contentType).toBe('text/csv');
    expect(document.fileName).toBe('Rechnungsentwurf_Baeckerei-Mueller-OHG_2026-10-01_2026-10-31.csv');
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Pos.;Art;Beschreibung;Menge;Einheit;Einzelpreis;USt. %;Netto;USt.;Brutto');
    expect(lines[1]).toBe('1;Arbeitszeit;Arbeitszeit 01.10.2026 – 31.10.2026;2,25;Std.;58,50;19;131,63;25,01;156,64');
    expect(lines[2]).toBe(`2;Material;"'=HYPERLINK(""x"") Sonderteil";1;Stk;5,00;0;5,00;0,00;5,00`);
    expect(lines[4]).toBe('4;Material;Kabel NYM-J 3x1,5;15,5;m;0,89;19;13,80;2,62;16,42');
    expect(lines[5]).toBe('');
    expect(lines[6]).toBe('Position;Datum;Art;Mitarbeiter;Beschreibung;Stunden;Menge;Einheit;Einzelpreis;USt. %');
    // Seven entries behind four positions, oldest first on the firm's clock; the note is not billed.
    const entries = lines.slice(7).filter(Boolean);
    expect(entries).toHaveLength(7);
    expect(entries[0]).toMatch(/^1;02\.10\.2026 10:00;Zeiterfassung;/);
    expect(entries.some((l) => l.startsWith(`2;05.10.2026 10:00;Material;`) && l.includes(`"'=HYPERLINK`))).toBe(true);

    const en = await documentOf(owner, { customerId: s.customer.id, outputFormat: 'csv', language: 'en' });
    expect(en.bytes.toString('utf8').split('\r\n')[1]).toBe('1;Labour;Labour 01/10/2026 – 31/10/2026;2.25;h;58.50;19;131.63;25.01;156.64');
  });

  it('exports XLSX with a positions and an entries sheet: header row, typed number and date cells, widths, neutralised text', async () => {
    const s = await mixedCustomer();
    const { document, bytes } = await documentOf(owner, { customerId: s.customer.id, outputFormat: 'xlsx' });
    expect(document.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(document.fileName).toBe('Rechnungsentwurf_Baeckerei-Mueller-OHG_2026-10-01_2026-10-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Positionen', 'Einträge']);
    const positions = workbook.getWorksheet('Positionen')!;
    expect(positions.getRow(1).values).toEqual([undefined, 'Pos.', 'Art', 'Beschreibung', 'Menge', 'Einheit', 'Einzelpreis', 'USt. %', 'Netto', 'USt.', 'Brutto']);
    expect(positions.getRow(1).font?.bold).toBe(true);
    expect(positions.getCell('D2').value).toBe(2.25);
    expect(positions.getCell('H2').value).toBe(131.63);
    expect(positions.getCell('H2').numFmt).toBe('#,##0.00');
    expect(positions.getCell('C3').value).toBe(`'=HYPERLINK("x") Sonderteil`);
    expect(positions.getColumn(3).width).toBe(40);
    expect(positions.rowCount).toBe(5);
    const entries = workbook.getWorksheet('Einträge')!;
    expect(entries.rowCount).toBe(8);
    const first = entries.getCell('B2').value;
    expect(first).toBeInstanceOf(Date);
    // 02.10.2026 08:00 UTC is 10:00 on the firm's clock (Europe/Berlin), written as a wall-clock date.
    expect((first as Date).toISOString()).toBe('2026-10-02T10:00:00.000Z');
    expect(entries.getCell('F2').value).toBe(1);
    expect(entries.getCell('A2').value).toBe(1);
  });
});
