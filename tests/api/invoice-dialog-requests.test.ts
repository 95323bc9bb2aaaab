/**
 * What the invoice dialog asks of the server beyond the plain preview: the firm's own position
 * texts (`positionTexts`, by each position's stable `key`) in the JSON, PDF, CSV, XLSX, XRechnung
 * and lexoffice, and their refusals; the firm's invoice language when the request names none; an
 * empty period as a normal answer (a file of nothing still refused); the § 35a EStG labour note
 * for private customers only; and the AI summary of exactly the dialog's open entries.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { tenants } from '../../server/db/schema';
import { testClock } from '../support/clock';
import { startFakeLexoffice, type FakeLexoffice } from '../support/fake-lexoffice';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry, newProduct } from './activity-support';
import { completeProfile, createTenant, setProfile, type Member, type TestTenant } from './factories';

type PreviewRequest = components['schemas']['InvoicePreviewRequest'];
type Preview = components['schemas']['InvoicePreview'];

const PREVIEW = '/api/Invoice/CreatePreviewFromActivities';
const LEXOFFICE = '/api/Invoice/ExportToLexOffice/export-to-lexoffice';
const FROM = '2026-10-01T00:00:00+02:00';
const TO = '2026-11-01T00:00:00+01:00';
const AI_KEY = 'sk-test-fieldbook-invoice-dialog';

let server: TestServer;
let lex: FakeLexoffice;
let ai: FakeOpenAi;
let firm: TestTenant;
let other: TestTenant;
let owner: Member;
let employee: Member;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-dialog-'));

beforeAll(async () => {
  lex = await startFakeLexoffice();
  ai = await startFakeOpenAi({ key: AI_KEY });
  server = await startTestServer(
    { LEXOFFICE_API_URL: lex.url, LEXOFFICE_APP_URL: 'https://app.lexware.test', LEXOFFICE_TIMEOUT_MS: '5000', AI_TEXT_URL: ai.url, AI_TEXT_KEY: AI_KEY, AI_TEXT_MODEL: 'test-chat' },
    { clock: testClock('2026-11-20T09:00:00Z') },
  );
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  other = await createTenant(server, { name: 'Sanitär Braun' });
  owner = firm.owner;
  employee = await firm.member('Employee');
  await setProfile(server, firm.tenantId, completeProfile);
});
afterAll(async () => {
  await server?.close();
  await lex?.close();
  await ai?.close();
});

const at = (day: number, hour = 8) => new Date(Date.UTC(2026, 9, day, hour, 0, 0)).toISOString();

function preview(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  return member.api.POST(PREVIEW, { body: { fromDate: FROM, toDate: TO, outputFormat: 'json', ...body } as PreviewRequest });
}

async function okPreview(member: Member, body: Partial<PreviewRequest> & { customerId: string }): Promise<Preview> {
  const { data, error, response } = await preview(member, body);
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data!;
}

const bytesOf = (p: Preview) => Buffer.from(p.document!.contentBase64, 'base64');

function pdfText(p: Preview, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytesOf(p));
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

/** A customer (a firm, or a private person) with labour, a product and free-text material. */
async function billed(kind: 'business' | 'private' = 'business') {
  const customer =
    kind === 'business'
      ? await newCustomer(owner, 'Bäckerei Müller OHG')
      : (
          await owner.api.POST('/api/Customers/Create', {
            body: { firstName: 'Erika', lastName: 'Mustermann', street: 'Lindenweg 4', zip: '80331', city: 'München', country: 'DE', email: 'erika@example.org' },
          })
        ).data!.data!;
  const { response } = await owner.api.PUT('/api/Customers/Update', {
    body: { id: customer.id, companyName: customer.companyName, firstName: customer.firstName, lastName: customer.lastName, country: 'DE', street: customer.street, zip: customer.zip, city: customer.city, email: 'einkauf@example.org', hourlyRate: 60 },
  });
  expect(response.status).toBe(200);
  const cable = await newProduct(owner, { name: 'Kabel NYM-J 3x1,5', unit: 'm', netPrice: 0.89, vatRate: 19 });
  const track = await insertTimeTrack(server, employee, customer.id, { startedAt: new Date(at(2)), seconds: 3600, description: 'Leitungen verlegt' });
  const time = await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 1800, text: 'Verteiler geprüft', occurredAtUtc: at(3) });
  const cableEntry = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: cable.id, quantity: 10, occurredAtUtc: at(3) });
  const free = await newEntry(employee, { customerId: customer.id, subType: 'material', text: 'Sonderteil', quantity: 2, unit: 'Stk', unitPrice: 12.5, vatRate: 7, occurredAtUtc: at(4) });
  return { customer, track, time: time.id, cable: cableEntry.id, free: free.id };
}

describe('position keys and texts', () => {
  it('keys every position stably and puts the firm\'s texts into the answer and every file', async () => {
    const s = await billed();
    const first = await okPreview(owner, { customerId: s.customer.id, language: 'de' });
    expect(first.positions.map((p) => p.key)).toEqual(['labour', expect.stringMatching(/^material-[0-9a-f]{16}$/), expect.stringMatching(/^material-[0-9a-f]{16}$/)]);
    // The same positions keep their keys in another language and in a wider period.
    const english = await okPreview(owner, { customerId: s.customer.id, language: 'en', fromDate: '2026-09-01T00:00:00Z' });
    expect(english.positions.map((p) => p.key)).toEqual(first.positions.map((p) => p.key));

    const [labour, , free] = first.positions;
    expect(free.description).toBe('Sonderteil');
    const positionTexts = { [labour.key]: '  Elektroinstallation Backstube:\nLeitungen verlegt, Verteiler geprüft  ', [free.key]: 'Sonderanfertigung Abdeckung' };
    const edited = await okPreview(owner, { customerId: s.customer.id, language: 'de', positionTexts });
    expect(edited.positions.map((p) => p.description)).toEqual(['Elektroinstallation Backstube:\nLeitungen verlegt, Verteiler geprüft', first.positions[1].description, 'Sonderanfertigung Abdeckung']);
    // Texts change words, never figures.
    expect(edited.totals).toEqual(first.totals);
    expect(edited.positions.map((p) => p.key)).toEqual(first.positions.map((p) => p.key));

    const pdf = pdfText(await okPreview(owner, { customerId: s.customer.id, language: 'de', positionTexts, outputFormat: 'pdf' }), 'texts');
    for (const part of ['Elektroinstallation Backstube:', 'Leitungen verlegt, Verteiler geprüft', 'Sonderanfertigung Abdeckung']) expect(pdf).toContain(part);
    expect(pdf).not.toContain('Arbeitszeit 01.10.2026');
    expect(pdf).not.toContain('Sonderteil');

    const csv = bytesOf(await okPreview(owner, { customerId: s.customer.id, language: 'de', positionTexts, outputFormat: 'csv' })).toString('utf8');
    const positionLines = csv.split('\r\n\r\n')[0];
    expect(positionLines).toContain('"Elektroinstallation Backstube:\nLeitungen verlegt, Verteiler geprüft"');
    expect(positionLines).toContain('Sonderanfertigung Abdeckung');
    expect(positionLines).not.toContain('Sonderteil');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytesOf(await okPreview(owner, { customerId: s.customer.id, language: 'de', positionTexts, outputFormat: 'xlsx' })) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(4).getCell(3).value).toBe('Sonderanfertigung Abdeckung');

    const xml = bytesOf(await okPreview(owner, { customerId: s.customer.id, language: 'de', positionTexts, outputFormat: 'xrechnung', invoiceNumber: 'RE-2026-0200' })).toString('utf8');
    expect(xml).toContain('Elektroinstallation Backstube:\nLeitungen verlegt, Verteiler geprüft');
    expect(xml).toContain('Sonderanfertigung Abdeckung');
    expect(xml).not.toContain('Sonderteil');
  });

  it('sends the texts to lexoffice: one line as the item\'s name, a longer text also as its description', async () => {
    const key = lex.addKey('Elektro Schneider GmbH');
    const connected = await owner.api.POST('/api/ExternalSystem/ConnectExternalSystem', { body: { system: 'lexoffice', apiKey: key } });
    expect(connected.response.status).toBe(200);
    const s = await billed();
    const first = await okPreview(owner, { customerId: s.customer.id });
    const [labour, cable] = first.positions;
    const { data, error, response } = await owner.api.POST(LEXOFFICE, {
      body: {
        customerId: s.customer.id,
        fromDate: FROM,
        toDate: TO,
        finalize: false,
        archive: false,
        positionTexts: { [labour.key]: 'Elektroinstallation Backstube\nLeitungen verlegt und Verteiler geprüft', [cable.key]: 'Mantelleitung NYM-J' },
      },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    const sent = lex.invoices.get(data!.data!.voucherId)!.body as { lineItems: { name: string; description?: string }[] };
    expect(sent.lineItems[0]).toMatchObject({ name: 'Elektroinstallation Backstube', description: 'Elektroinstallation Backstube\nLeitungen verlegt und Verteiler geprüft' });
    expect(sent.lineItems[1].name).toBe('Mantelleitung NYM-J');
    expect(sent.lineItems[1].description).toBeUndefined();
    expect(sent.lineItems[2].name).toBe('Sonderteil');
  });

  it('refuses a key of no position, an empty text, a bad key, a too long text and control characters, naming the field', async () => {
    const s = await billed();
    const [labour] = (await okPreview(owner, { customerId: s.customer.id })).positions;
    const refusal = async (positionTexts: Record<string, string>) => {
      const { error, response } = await preview(owner, { customerId: s.customer.id, outputFormat: 'pdf', positionTexts });
      expect(response.status).toBe(400);
      expect(error!.errorMessages[0].code).toBe('VALIDATION_ERROR');
      return error!.errors;
    };
    expect(await refusal({ 'material-0123456789abcdef': 'Kabel' })).toEqual({ 'positionTexts.material-0123456789abcdef': ['Diese Rechnung hat keine Position mit diesem Schlüssel.'] });
    expect(await refusal({ [labour.key]: '   ' })).toEqual({ [`positionTexts.${labour.key}`]: ['Bitte geben Sie einen Text für die Position ein.'] });
    expect(Object.keys(await refusal({ [labour.key]: '' }))).toEqual([`positionTexts.${labour.key}`]);
    expect(Object.keys(await refusal({ [labour.key]: 'x'.repeat(1001) }))).toEqual([`positionTexts.${labour.key}`]);
    expect(Object.keys(await refusal({ [labour.key]: 'Arbeit\u0000' }))).toEqual([`positionTexts.${labour.key}`]);
    expect(Object.keys(await refusal({ 'labour; drop': 'Arbeit' }))[0]).toMatch(/^positionTexts/);
    const wrongType = await owner.api.POST(PREVIEW, { body: { customerId: s.customer.id, fromDate: FROM, toDate: TO, outputFormat: 'json', positionTexts: { labour: 5 } } as unknown as PreviewRequest });
    expect(wrongType.response.status).toBe(400);
    expect(Object.keys(wrongType.error!.errors)).toEqual(['positionTexts.labour']);
  });
});

describe('language, empty periods and the labour note', () => {
  it('writes the invoice in the firm\'s invoice language when the request names none', async () => {
    const s = await billed();
    expect((await okPreview(owner, { customerId: s.customer.id })).language).toBe('de');
    await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ invoiceLanguage: 'en' }).where(eq(tenants.tenantId, firm.tenantId)));
    try {
      const english = await okPreview(owner, { customerId: s.customer.id });
      expect(english.language).toBe('en');
      expect(english.positions[0].description).toBe('Labour 01/10/2026 – 31/10/2026');
      // Still the request's choice when it names one.
      expect((await okPreview(owner, { customerId: s.customer.id, language: 'de' })).language).toBe('de');
    } finally {
      await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ invoiceLanguage: 'de' }).where(eq(tenants.tenantId, firm.tenantId)));
    }
  });

  it('answers an empty period with no positions and zero totals, and refuses a file of nothing', async () => {
    const customer = await newCustomer(owner, 'Neukunde GmbH');
    await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'nur eine Notiz', occurredAtUtc: at(3) });
    const empty = await okPreview(owner, { customerId: customer.id });
    expect(empty.positions).toEqual([]);
    expect(empty.totals).toEqual({ net: 0, vat: 0, gross: 0, vatByRate: [] });
    expect(empty.document).toBeNull();
    for (const outputFormat of ['pdf', 'csv'] as const) {
      const file = await preview(owner, { customerId: customer.id, outputFormat });
      expect(file.response.status).toBe(400);
      expect(file.error!.errorMessages).toEqual([{ code: 'NO_ACTIVITIES_SELECTED', message: 'Für diesen Kunden gibt es in diesem Zeitraum keine offenen Positionen.' }]);
    }
    // A text for a position that is not there is still refused.
    expect((await preview(owner, { customerId: customer.id, positionTexts: { labour: 'Arbeit' } })).response.status).toBe(400);
    // Another firm's customer is still unknown.
    expect((await preview(owner, { customerId: (await newCustomer(other.owner)).id })).response.status).toBe(404);
  });

  it('prints the § 35a EStG labour share for a private customer only (PDF and e-invoice)', async () => {
    const business = await billed('business');
    const person = await billed('private');
    const businessPdf = pdfText(await okPreview(owner, { customerId: business.customer.id, outputFormat: 'pdf' }), 'business');
    const privatePdf = pdfText(await okPreview(owner, { customerId: person.customer.id, outputFormat: 'pdf' }), 'private');
    expect(businessPdf).not.toContain('35a');
    expect(privatePdf).toContain('Darin enthaltene Arbeitskosten (§ 35a EStG)');
    const xml = (customerId: string) => okPreview(owner, { customerId, outputFormat: 'xrechnung', invoiceNumber: 'RE-2026-0300' }).then((p) => bytesOf(p).toString('utf8'));
    expect(await xml(business.customer.id)).not.toContain('35a');
    expect(await xml(person.customer.id)).toContain('§ 35a EStG');
  });
});

describe('the AI summary of the dialog\'s entries', () => {
  it('summarises exactly the entries asked for, leaving out invoiced ones of the same period', async () => {
    expect((await owner.api.POST('/api/Management/UpdateTenantConsent', { body: { purpose: 'ai', granted: true } })).response.status).toBe(200);
    const customer = await newCustomer(owner, 'Praxis Weber');
    const open = await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 3600, text: 'Steckdosen erneuert', occurredAtUtc: at(5) });
    const invoiced = await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 3600, text: 'Altes Angebot abgerechnet', occurredAtUtc: at(6) });
    const track = await insertTimeTrack(server, employee, customer.id, { startedAt: new Date(at(7)), seconds: 1800, description: 'Verteiler beschriftet' });
    const marked = await owner.api.POST('/api/Invoice/MarkActivitiesAsProcessed', { body: { informationIds: [invoiced.id], timeTrackIds: [], archive: false } });
    expect(marked.response.status).toBe(200);
    const range = { customerId: customer.id, from: FROM, to: TO, language: 'de' as const };

    const openIds = (await okPreview(owner, { customerId: customer.id })).positions.flatMap((p) => [p.informationIds, p.timeTrackIds]);
    const { data, response } = await owner.api.POST('/api/Ai/Summarize', { body: { ...range, informationIds: openIds[0], timeTrackIds: openIds[1] } });
    expect(response.status).toBe(200);
    expect(data!.data!.entryCount).toBe(2);
    const sent = JSON.stringify(ai.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body);
    expect(sent).toContain('Steckdosen erneuert');
    expect(sent).toContain('Verteiler beschriftet');
    expect(sent).not.toContain('Altes Angebot');
    expect([open.id, track]).toEqual([openIds[0][0], openIds[1][0]]);

    // Ids need their customer; another customer's or firm's entry is unknown.
    const sentBefore = ai.requests.length;
    const noCustomer = await owner.api.POST('/api/Ai/Summarize', { body: { from: FROM, to: TO, language: 'de', informationIds: [open.id] } });
    expect(noCustomer.response.status).toBe(400);
    expect(Object.keys(noCustomer.error!.errors)).toEqual(['customerId']);
    const neighbour = await newCustomer(owner, 'Nachbar KG');
    expect((await owner.api.POST('/api/Ai/Summarize', { body: { ...range, customerId: neighbour.id, informationIds: [open.id], timeTrackIds: [] } })).response.status).toBe(404);
    const foreign = await newEntry(other.owner, { customerId: (await newCustomer(other.owner)).id, subType: 'note', text: 'fremd' });
    expect((await owner.api.POST('/api/Ai/Summarize', { body: { ...range, informationIds: [open.id, foreign.id] } })).response.status).toBe(404);
    expect(ai.requests.length).toBe(sentBefore);
  });
});
