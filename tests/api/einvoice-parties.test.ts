/**
 * E-invoices for every kind of firm and customer (decision 0023): the customer's
 * Leitweg-ID (check digits), VAT id (format of its EU prefix), country and business flag through
 * the API; the firm's legal registration id; sellers with a VAT id, with only a tax number and
 * § 19 small businesses; a customer with an external id; reverse charge for an EU business; the
 * refusals naming what is missing in the reader's language; a library failure logged with its
 * cause. Every XML is also checked against the official CII schema.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { customers } from '../../server/db/schema';
import { isValidLeitwegId, isValidVatId, leitwegCheckDigits } from '../../server/platform/tax-ids';
import { ciiSchemaErrors } from '../support/cii-schema';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { completeProfile, createTenant, octoberWork, setProfile, type Member, type TestTenant } from './factories';

type PreviewRequest = components['schemas']['InvoicePreviewRequest'];
type Preview = components['schemas']['InvoicePreview'];
type CustomerCreate = components['schemas']['CustomerCreate'];

const PREVIEW = '/api/Invoice/CreatePreviewFromActivities';
const FROM = '2026-10-01T00:00:00+02:00';
const TO = '2026-11-01T00:00:00+01:00';
const LEITWEG = '04011000-1234512345-06';

let server: TestServer;
let firm: TestTenant;
let tmp: string;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'warn' }, { clock: testClock('2026-11-20T09:00:00Z'), logStream: { write: (line) => void logLines.push(line) } });
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  await setProfile(server, firm.tenantId, completeProfile);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-parties-'));
});
afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const address = { street: 'Hauptstraße 5', zip: '83022', city: 'Rosenheim', country: 'DE', email: 'einkauf@kunde.example' };

function createCustomer(member: Member, body: Partial<CustomerCreate>) {
  return member.api.POST('/api/Customers/Create', { body: body as CustomerCreate });
}

/** A customer with an hour and a half of work and two materials (19 % and 7 %). */
async function billed(member: Member, body: Partial<CustomerCreate>) {
  const { data, error, response } = await createCustomer(member, { ...address, ...body });
  expect(response.status, JSON.stringify(error)).toBe(200);
  const customer = data!.data!;
  await octoberWork(server, member, customer.id);
  return customer;
}

function preview(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  return member.api.POST(PREVIEW, { body: { fromDate: FROM, toDate: TO, language: 'de', outputFormat: 'json', ...body } as PreviewRequest });
}

async function exported(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  const { data, error, response } = await preview(member, body);
  expect(response.status, JSON.stringify(error)).toBe(200);
  const answer: Preview = data!.data!;
  return { preview: answer, bytes: Buffer.from(answer.document!.contentBase64, 'base64') };
}

async function xrechnung(member: Member, customerId: string, language: 'de' | 'en' = 'de') {
  const { bytes, preview: answer } = await exported(member, { customerId, outputFormat: 'xrechnung', invoiceNumber: 'RE-2026-0200', language });
  const xml = bytes.toString('utf8');
  expect(await ciiSchemaErrors(xml)).toEqual([]);
  return { xml, preview: answer };
}

/** The XML inside a ZUGFeRD PDF, and the PDF's text. */
async function zugferd(member: Member, customerId: string) {
  const { bytes } = await exported(member, { customerId, outputFormat: 'zugferd', invoiceNumber: 'RE-2026-0201' });
  const file = path.join(tmp, `${customerId}.pdf`);
  fs.writeFileSync(file, bytes);
  const xmlFile = path.join(tmp, `${customerId}.xml`);
  execFileSync('pdfdetach', ['-save', '1', '-o', xmlFile, file]);
  const xml = fs.readFileSync(xmlFile, 'utf8');
  expect(await ciiSchemaErrors(xml)).toEqual([]);
  return { xml, text: execFileSync('pdftotext', ['-layout', file, '-']).toString() };
}

/** The text of the first element with this (prefixed) name, or of all. */
const element = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];
const all = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);
/** A party block of the CII (seller or buyer). */
const party = (xml: string, name: 'ram:SellerTradeParty' | 'ram:BuyerTradeParty') => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)![1];

describe('Leitweg-ID and VAT id rules', () => {
  it('checks a Leitweg-ID by its MOD 97-10 check digits and a VAT id by its EU prefix', () => {
    expect(isValidLeitwegId(LEITWEG)).toBe(true);
    expect(isValidLeitwegId('04011000-1234512345-07')).toBe(false);
    expect(isValidLeitwegId(`991-ABC12-${leitwegCheckDigits('991ABC12')}`)).toBe(true);
    expect(isValidLeitwegId(`04011000-${leitwegCheckDigits('04011000')}`)).toBe(true);
    expect(isValidLeitwegId('1-12')).toBe(false);
    expect(isValidLeitwegId('04011000-1234512345')).toBe(false);
    for (const good of ['ATU12345678', 'DE123456789', 'FRXX123456789', 'NL123456789B01', 'ESX1234567X', 'EL123456789', 'IE1234567WA', 'BE0123456789', 'CHE123456789']) {
      expect(isValidVatId(good), good).toBe(true);
    }
    for (const bad of ['ATU1234567', 'AT12345678', 'DE12345678', 'NL123456789', 'FRIO123456789', 'BE2123456789', 'GR123456789X', '12345']) {
      expect(isValidVatId(bad), bad).toBe(false);
    }
  });
});

describe('the customer fields', () => {
  it('stores a Leitweg-ID, a VAT id (normalised) and the business flag, and answers them', async () => {
    const { data, response } = await createCustomer(firm.owner, { companyName: 'Stadt Rosenheim', leitwegId: ' 04011000-1234512345-06 ', vatId: 'atu 1234 5678', country: 'AT' });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ leitwegId: LEITWEG, vatId: 'ATU12345678', country: 'AT', business: true });
    const read = await firm.owner.api.GET('/api/Customers/Get', { params: { query: { id: data!.data!.id } } } as never);
    expect((read.data as unknown as { data: { leitwegId: string } }).data).toMatchObject({ leitwegId: LEITWEG, vatId: 'ATU12345678', business: true });

    // A person is a private customer unless told otherwise; a company may be marked private too.
    const person = await createCustomer(firm.owner, { firstName: 'Anna', lastName: 'Huber' });
    expect(person.data!.data).toMatchObject({ business: false, leitwegId: null, vatId: null });
    const updated = await firm.owner.api.PUT('/api/Customers/Update', { body: { id: person.data!.data!.id, firstName: 'Anna', lastName: 'Huber', business: true, vatId: 'DE123456789' } } as never);
    expect((updated.data as unknown as { data: unknown }).data).toMatchObject({ business: true, vatId: 'DE123456789' });
  });

  it('refuses a wrong Leitweg-ID or VAT id naming the field in the reader\'s language, and stores nothing', async () => {
    const count = () => server.database.withTenant(firm.tenantId, async (tx) => (await tx.select().from(customers)).length);
    const before = await count();
    const wrong = await createCustomer(firm.owner, { companyName: 'Stadt Rosenheim', leitwegId: '04011000-1234512345-07', vatId: 'ATU1234567' });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.errors.leitwegId[0]).toContain('Prüfziffern');
    expect(wrong.error!.errors.vatId[0]).toContain('USt-IdNr.');

    const english = await createTenant(server, { name: 'English Ltd', lang: 'en' });
    const en = await createCustomer(english.owner, { companyName: 'Town', leitwegId: 'no-such-id', vatId: 'FRIO123456789' });
    expect(en.response.status).toBe(400);
    expect(en.error!.errors.leitwegId[0]).toContain('check digits');
    expect(en.error!.errors.vatId[0]).toContain('VAT ID');

    // Wrong types are the contract's refusal.
    for (const body of [{ companyName: 'X', business: 'yes' }, { companyName: 'X', vatId: 12 }, { companyName: 'X', leitwegId: 'x'.repeat(47) }]) {
      const bad = await createCustomer(firm.owner, body as never);
      expect(bad.response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('answers another firm\'s customer with 404, also when only the new fields change', async () => {
    const mine = (await createCustomer(firm.owner, { companyName: 'Mein Kunde' })).data!.data!;
    const other = await createTenant(server, { name: 'Sanitär Braun' });
    const update = await other.owner.api.PUT('/api/Customers/Update', { body: { id: mine.id, companyName: 'Mein Kunde', leitwegId: LEITWEG, vatId: 'ATU12345678', business: true } } as never);
    expect(update.response.status).toBe(404);
    const unchanged = (await firm.owner.api.GET('/api/Customers/Get', { params: { query: { id: mine.id } } } as never)).data as unknown as { data: { leitwegId: string | null } };
    expect(unchanged.data.leitwegId).toBeNull();
  });
});

describe('the firm\'s legal registration id', () => {
  it('is stored by UpdateTenant, trimmed, kept when left out', async () => {
    const own = await createTenant(server, { name: 'Malerei Blau' });
    const current = (await own.owner.api.GET('/api/Management/GetTenant')).data!.data!;
    const { accountingConnection: _a, id: _i, createdAtUtc: _c, logoUpdatedAtUtc: _l, ...body } = current;
    const set = await own.owner.api.PUT('/api/Management/UpdateTenant', { body: { ...body, legalRegistrationId: '  HRB 123456, Amtsgericht München ' } } as never);
    expect(set.response.status).toBe(200);
    expect((set.data as unknown as { data: { legalRegistrationId: string } }).data.legalRegistrationId).toBe('HRB 123456, Amtsgericht München');
    const { legalRegistrationId: _r, ...without } = body;
    const kept = await own.owner.api.PUT('/api/Management/UpdateTenant', { body: without } as never);
    expect((kept.data as unknown as { data: { legalRegistrationId: string } }).data.legalRegistrationId).toBe('HRB 123456, Amtsgericht München');
    const employee = await own.member('Employee');
    expect((await employee.api.PUT('/api/Management/UpdateTenant', { body: { ...body, legalRegistrationId: null } } as never)).response.status).toBe(403);
  });
});

describe('e-invoices of the seller kinds', { timeout: 120_000 }, () => {
  it('a seller with only a tax number is told to enter a registration number, then passes BR-CO-26 with it as BT-30', async () => {
    const sole = await createTenant(server, { name: 'Elektro Einzel' });
    await setProfile(server, sole.tenantId, { ...completeProfile, companyName: 'Elektro Einzel', vatId: null });
    const customer = await billed(sole.owner, { companyName: 'Bäckerei Müller OHG' });
    for (const outputFormat of ['xrechnung', 'zugferd'] as const) {
      const refused = await preview(sole.owner, { customerId: customer.id, outputFormat, invoiceNumber: 'R-1' });
      expect(refused.response.status).toBe(400);
      expect(refused.error!.errorMessages[0].message).toContain('Registernummer (Handelsregister oder Handwerksrolle)');
    }

    await setProfile(server, sole.tenantId, { legalRegistrationId: 'HWK München 0815' });
    const { xml } = await xrechnung(sole.owner, customer.id);
    const seller = party(xml, 'ram:SellerTradeParty');
    expect(seller).toMatch(/<ram:SpecifiedLegalOrganization>\s*<ram:ID>HWK München 0815<\/ram:ID>/);
    expect(seller).toContain('<ram:ID schemeID="FC">143/123/45678</ram:ID>');
    expect(seller).not.toContain('schemeID="VA"');
    const { xml: embedded, text } = await zugferd(sole.owner, customer.id);
    expect(embedded).toContain('HWK München 0815');
    expect(text).toContain('Registernummer: HWK München 0815');
  });

  it('a small business (§ 19) gets one note text per note (Factur-X: one ram:Content per IncludedNote)', async () => {
    const small = await createTenant(server, { name: 'Gärtnerei Klein' });
    await setProfile(server, small.tenantId, { ...completeProfile, companyName: 'Gärtnerei Klein', vatId: null, legalRegistrationId: 'HWK Rosenheim 4711', smallBusiness: true });
    // A private customer: the § 19 note and the § 35a labour share are both notes.
    const customer = await billed(small.owner, { firstName: 'Anna', lastName: 'Huber' });
    const { xml } = await xrechnung(small.owner, customer.id);
    const notes = [...xml.matchAll(/<ram:IncludedNote>([\s\S]*?)<\/ram:IncludedNote>/g)].map((m) => m[1]);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note.match(/<ram:Content>/g)).toHaveLength(1);
    expect(xml).toContain('§ 19 UStG');
    expect(xml).toContain('§ 35a EStG');
    expect(all(xml, 'ram:CategoryCode').every((c) => c === 'E')).toBe(true);
  });
});

describe('e-invoices of the customer kinds', { timeout: 120_000 }, () => {
  it('a customer with an external id (as imported from lexoffice) gets both e-invoices, identified by it', async () => {
    const customer = await billed(firm.owner, { companyName: 'Importiert GmbH', externalId: 'b6f8d3a0-3b8e-4a39-9d8c-0e0c7d6d2f11' });
    const { xml } = await xrechnung(firm.owner, customer.id);
    const buyer = party(xml, 'ram:BuyerTradeParty');
    expect(buyer).toMatch(/^\s*<ram:ID>b6f8d3a0-3b8e-4a39-9d8c-0e0c7d6d2f11<\/ram:ID>/);
    expect(element(xml, 'ram:BuyerReference')).toBe('b6f8d3a0-3b8e-4a39-9d8c-0e0c7d6d2f11');
    expect((await zugferd(firm.owner, customer.id)).xml).toContain('b6f8d3a0-3b8e-4a39-9d8c-0e0c7d6d2f11');
  });

  it('a public customer\'s Leitweg-ID is the buyer reference (BT-10); without one it is the customer\'s reference, never the invoice number', async () => {
    const town = await billed(firm.owner, { companyName: 'Stadt Rosenheim', leitwegId: LEITWEG, externalId: 'KD-77' });
    expect(element((await xrechnung(firm.owner, town.id)).xml, 'ram:BuyerReference')).toBe(LEITWEG);
    const plain = await billed(firm.owner, { companyName: 'Schreinerei Holz' });
    const reference = element((await xrechnung(firm.owner, plain.id)).xml, 'ram:BuyerReference');
    expect(reference).toBe(plain.id);
    expect(reference).not.toBe('RE-2026-0200');
  });

  it('a German business with a VAT id has it as BT-48, with German VAT and no § 35a note', async () => {
    const customer = await billed(firm.owner, { companyName: 'Hotel Post GmbH', vatId: 'DE987654321' });
    const { xml, preview: answer } = await xrechnung(firm.owner, customer.id);
    expect(answer.vatTreatment).toBe('standard');
    expect(party(xml, 'ram:BuyerTradeParty')).toContain('<ram:ID schemeID="VA">DE987654321</ram:ID>');
    expect(all(xml, 'ram:CategoryCode').sort()).toContain('S');
    expect(xml).not.toContain('§ 35a');
  });

  it('an Austrian business with a VAT id gets a reverse-charge invoice: AE at 0 %, both VAT ids, the note, in JSON, PDF, XRechnung and ZUGFeRD', async () => {
    const customer = await billed(firm.owner, { companyName: 'Tischlerei Gruber GmbH', street: 'Getreidegasse 9', zip: '5020', city: 'Salzburg', country: 'AT', vatId: 'ATU12345678' });
    const json = (await preview(firm.owner, { customerId: customer.id })).data!.data!;
    expect(json.vatTreatment).toBe('reverseCharge');
    expect(json.totals.vat).toBe(0);
    expect(json.totals.gross).toBe(json.totals.net);
    expect(json.positions.every((p) => p.vatRate === 0 && p.vat === 0)).toBe(true);
    expect(json.reverseChargeNote).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(json.reverseChargeNote).toContain('ATU12345678');

    const { xml } = await xrechnung(firm.owner, customer.id);
    expect(new Set(all(xml, 'ram:CategoryCode'))).toEqual(new Set(['AE']));
    expect(all(xml, 'ram:RateApplicablePercent').every((r) => Number(r) === 0)).toBe(true);
    expect(element(xml, 'ram:ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(element(xml, 'ram:ExemptionReason')).toBe('Steuerschuldnerschaft des Leistungsempfängers');
    expect(Number(element(xml, 'ram:TaxTotalAmount'))).toBe(0);
    expect(party(xml, 'ram:BuyerTradeParty')).toContain('<ram:ID schemeID="VA">ATU12345678</ram:ID>');
    expect(party(xml, 'ram:SellerTradeParty')).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(party(xml, 'ram:BuyerTradeParty')).toContain('<ram:CountryID>AT</ram:CountryID>');
    expect(xml).toContain('Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)');

    const english = await xrechnung(firm.owner, customer.id, 'en');
    expect(element(english.xml, 'ram:ExemptionReason')).toBe('Reverse charge');

    const { xml: embedded, text } = await zugferd(firm.owner, customer.id);
    expect(new Set(all(embedded, 'ram:CategoryCode'))).toEqual(new Set(['AE']));
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(text).toContain('Ihre USt-IdNr.: ATU12345678');
    expect(text).not.toMatch(/Umsatzsteuer 19 %/);
  });

  it('reverse charge needs the firm\'s own VAT id, and the refusal names it', async () => {
    const sole = await createTenant(server, { name: 'Elektro Ohne' });
    await setProfile(server, sole.tenantId, { ...completeProfile, companyName: 'Elektro Ohne', vatId: null, legalRegistrationId: 'HRA 1' });
    const customer = await billed(sole.owner, { companyName: 'Gruber GmbH', street: 'Getreidegasse 9', zip: '5020', city: 'Salzburg', country: 'AT', vatId: 'ATU12345678' });
    const refused = await preview(sole.owner, { customerId: customer.id, outputFormat: 'xrechnung', invoiceNumber: 'R-1' });
    expect(refused.response.status).toBe(400);
    expect(refused.error!.errorMessages[0].message).toContain('die USt-IdNr. der Firma im Firmenprofil');
  });

  it('an Austrian private customer, or a business without VAT id, pays German VAT', async () => {
    for (const body of [{ firstName: 'Maria', lastName: 'Gruber' }, { companyName: 'Ohne Nummer GmbH' }]) {
      const customer = await billed(firm.owner, { ...body, street: 'Getreidegasse 9', zip: '5020', city: 'Salzburg', country: 'AT' });
      const json = (await preview(firm.owner, { customerId: customer.id })).data!.data!;
      expect(json.vatTreatment).toBe('standard');
      expect(json.totals.vat).toBeGreaterThan(0);
    }
  });

  it('a business outside the EU is refused clearly, in every format, naming the customer', async () => {
    const customer = await billed(firm.owner, { companyName: 'Uhren AG', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH', vatId: 'CHE123456789' });
    for (const outputFormat of ['json', 'pdf', 'xrechnung'] as const) {
      const refused = await preview(firm.owner, { customerId: customer.id, outputFormat, invoiceNumber: 'R-9' });
      expect(refused.response.status, outputFormat).toBe(400);
      expect(refused.error!.errorMessages[0].message).toContain('außerhalb der EU');
      expect(Object.keys(refused.error!.errors)).toEqual(['customerId']);
    }
  });

  it('a failure inside the e-invoice library answers without internals and logs the library\'s message', async () => {
    // Kosovo (XK) is a country people enter, but not in the code list the library checks against.
    const customer = await billed(firm.owner, { firstName: 'Arta', lastName: 'Krasniqi', street: 'Rruga 1', zip: '10000', city: 'Prishtina', country: 'XK' });
    const before = logLines.length;
    const refused = await preview(firm.owner, { customerId: customer.id, outputFormat: 'xrechnung', invoiceNumber: 'R-10' });
    expect(refused.response.status).toBe(400);
    const message = refused.error!.errorMessages[0].message;
    expect(message).toContain('Firmenprofil und Kundendaten');
    expect(message).not.toMatch(/IdentificationCode|schema|\/ubl|must be/i);
    const logged = logLines.slice(before).join('\n');
    expect(logged).toContain('invoice.eInvoiceFailed');
    expect(logged).toMatch(/IdentificationCode|XK/);
  });
});
