/**
 * lexoffice (Lexware Office): the server's real client against a local fake of the service's public
 * API. Connecting tries the key first and stores it sealed (never sent back); the customer import
 * reads every page, reports a broken contact and stores the others, matches by contact id on the
 * next run; the invoice export sends the preview's positions (linked contact or one-time address,
 * § 19 as vatfree), as draft or finalized with its number, and marks the entries only on success;
 * 429 storms and a 503 are retried, a hanging service times out; a refused key shows the connection
 * as broken; another firm's key is never used.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../server/db/schema';
import { testClock } from '../support/clock';
import { type TestServer } from '../support/test-server';
import { lexContact, type FakeLexoffice } from '../support/fake-lexoffice';
import { insertTimeTrack, newCustomer, newEntry } from './activity-support';
import { lexofficeExportBody, startSceneWithLexoffice, type Member, type TestTenant } from './factories';

let server: TestServer, lex: FakeLexoffice, firm: TestTenant, other: TestTenant, manager: Member;
let key: string;

beforeAll(async () => {
  ({ server, lex, firm, other, members: { manager } } = await startSceneWithLexoffice({
    name: 'Elektro Schneider',
    members: { manager: 'Manager' },
    server: { clock: testClock('2026-11-20T09:00:00Z') },
  }));
  key = lex.addKey('Elektro Schneider GmbH');
});
afterAll(() => server?.close());

const call = async (member: Member, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...member.auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as { data: never; errorMessages: { code: string; message: string }[]; errors: Record<string, string[]> }) : undefined };
};
const connect = (member: Member, apiKey: string) => call(member, 'POST', '/api/ExternalSystem/ConnectExternalSystem', { system: 'lexoffice', apiKey });
const importContacts = (member: Member) => call(member, 'POST', '/api/Customers/ImportLexOffice');
const tenantOf = async (member: Member) => (await call(member, 'GET', '/api/Management/GetTenant')).body!.data as { accountingConnection: { connected: boolean; organizationName: string | null } | null };
const codeOf = (answer: { body?: { errorMessages: { code: string }[] } }) => answer.body?.errorMessages[0]?.code;

describe('connecting', () => {
  it('refuses an empty key, a key the service refuses and an Employee, storing nothing', async () => {
    const blank = await connect(firm.owner, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body!.errors.apiKey).toEqual(['Bitte geben Sie einen API-Schlüssel ein.']);
    const wrong = await connect(firm.owner, 'not-a-key-of-this-service');
    expect(wrong.status).toBe(400);
    expect(codeOf(wrong)).toBe('ACCOUNTING_CONNECTION_FAILED');
    expect(wrong.body!.errorMessages[0].message).toContain('abgelehnt');
    const employee = await firm.member('Employee');
    expect((await connect(employee, key)).status).toBe(403);
    expect((await tenantOf(firm.owner)).accountingConnection).toBeNull();
  });

  it('stores a working key sealed, shows the organisation and never sends the key back', async () => {
    const answer = await connect(firm.owner, key);
    expect(answer.status).toBe(200);
    expect(answer.body!.data).toMatchObject({ system: 'lexoffice', connected: true, organizationName: 'Elektro Schneider GmbH' });
    expect(answer.text).not.toContain(key);
    const tenant = await call(firm.owner, 'GET', '/api/Management/GetTenant');
    expect(tenant.text).not.toContain(key);
    expect((tenant.body!.data as { accountingConnection: unknown }).accountingConnection).toMatchObject({ connected: true, organizationName: 'Elektro Schneider GmbH' });
    const [row] = (await server.database.withTenant(firm.tenantId, (tx) => tx.execute(sql`select api_key_sealed from accounting_connections`))).rows as { api_key_sealed: string }[];
    expect(row.api_key_sealed).toMatch(/^v1:/);
    expect(row.api_key_sealed).not.toContain(key);
  });
});

describe('the customer import', () => {
  it('reads 250 contacts over three pages, reports the broken one and stores the others', async () => {
    lex.contacts = Array.from({ length: 250 }, (_, i) => lexContact(i + 1));
    lex.contacts.splice(120, 0, lexContact(999, { company: undefined, person: undefined }));
    lex.contacts.push({ ...lexContact(1000), roles: { vendor: {} } as never });
    const before = lex.requests.length;
    const answer = await importContacts(manager);
    expect(answer.status).toBe(200);
    expect(answer.body!.data).toMatchObject({ created: 250, updated: 0, skipped: 0, errorCount: 1 });
    // Each page once, in order; under heavy load a slow answer may be asked again after the client's timeout.
    expect([...new Set(lex.requests.slice(before).map((r) => r.path))]).toEqual([
      '/v1/contacts?customer=true&page=0&size=100',
      '/v1/contacts?customer=true&page=1&size=100',
      '/v1/contacts?customer=true&page=2&size=100',
    ]);
    // Spaced at least 500 ms apart: the service's two requests per second.
    const times = lex.requests.slice(before).map((r) => r.at);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(450);
    const list = await call(firm.owner, 'GET', '/api/Customers/GetAll?page=1&pageSize=5&isDescending=false&filter=Kunde%2017%20GmbH');
    expect((list.body!.data as { items: { externalId: string; city: string; email: string }[] }).items[0]).toMatchObject({ externalId: lex.contacts[16].id, city: 'München', email: 'eva17@kunde17.de' });
  });

  it('matches by contact id the next time: unchanged ones are skipped, a changed one updated', async () => {
    lex.contacts[0] = { ...lex.contacts[0], addresses: { billing: [{ street: 'Neue Straße 1', zip: '85748', city: 'Garching', countryCode: 'DE' }] } };
    const answer = await importContacts(manager);
    expect(answer.body!.data).toMatchObject({ created: 0, updated: 1, skipped: 249, errorCount: 1 });
  });

  it('rides out a 429 storm and a 503', async () => {
    lex.throttleNext = 3;
    lex.failNext = 1;
    const answer = await importContacts(manager);
    expect(answer.status).toBe(200);
    expect(answer.body!.data).toMatchObject({ created: 0, skipped: 250 });
  }, 30_000);

  it('never uses another firm\'s key: a firm without connection is told so', async () => {
    const before = lex.requests.length;
    const answer = await importContacts(other.owner);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('ACCOUNTING_NOT_CONNECTED');
    expect(lex.requests.length).toBe(before);
  });
});

describe('the invoice export', () => {
  it('sends a draft for a one-time address and marks the entries processed', async () => {
    const customer = await newCustomer(firm.owner, 'Bäckerei Huber');
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-08T08:00:00Z'), seconds: 5400 });
    await newEntry(firm.owner, { customerId: customer.id, subType: 'material', text: 'Kabelkanal', quantity: 3, unit: 'm', unitPrice: 4.5, vatRate: 19, occurredAtUtc: '2026-10-08T10:00:00Z' } as never);
    const answer = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id));
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body!.data as { voucherId: string; voucherNumber: string | null; status: string; documentUrl: string; activities: { timeTrackCount: number; informationCount: number } };
    expect(data).toMatchObject({ voucherNumber: null, status: 'draft', activities: { timeTrackCount: 1, informationCount: 1 } });
    expect(data.documentUrl).toBe(`https://app.lexware.test/permalink/invoices/view/${data.voucherId}`);
    const sent = lex.invoices.get(data.voucherId)!.body as { address: Record<string, unknown>; lineItems: { name: string; quantity: number; unitName: string; unitPrice: { netAmount: number; taxRatePercentage: number } }[]; taxConditions: { taxType: string } };
    expect(sent.address).toMatchObject({ name: 'Bäckerei Huber', city: 'München', countryCode: 'DE' });
    expect(sent.taxConditions.taxType).toBe('net');
    expect(sent.lineItems).toHaveLength(2);
    expect(sent.lineItems.find((l) => l.unitName === 'm')).toMatchObject({ quantity: 3, unitPrice: { netAmount: 4.5, taxRatePercentage: 19 } });
    // Exported once: nothing is open any more.
    const again = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id));
    expect(codeOf(again)).toBe('NO_ACTIVITIES_SELECTED');
  });

  it('finalizes for an imported customer by its contact id, with the number and archived entries', async () => {
    const list = await call(firm.owner, 'GET', '/api/Customers/GetAll?page=1&pageSize=5&isDescending=false&filter=Kunde%205%20GmbH');
    const customer = (list.body!.data as { items: { id: string; externalId: string }[] }).items[0];
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-09T08:00:00Z'), seconds: 3600 });
    const answer = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id, { finalize: true, archive: true }));
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body!.data as { voucherId: string; voucherNumber: string; status: string; activities: { archived: boolean } };
    expect(data).toMatchObject({ status: 'open', activities: { archived: true } });
    expect(data.voucherNumber).toMatch(/^RE-2026-\d{4}$/);
    expect((lex.invoices.get(data.voucherId)!.body as { address: unknown }).address).toEqual({ contactId: customer.externalId });
  });

  it('lists what a lexoffice firm finalized there in the register, with lexoffice\'s number and link, and assigns no number of its own', async () => {
    expect((await connect(firm.owner, key)).status).toBe(200);
    await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ invoiceIssuer: 'lexoffice' }).where(eq(tenants.tenantId, firm.tenantId)));
    const customer = await newCustomer(firm.owner, 'Schreinerei Vogel');
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-12T08:00:00Z'), seconds: 7200 });
    // Issuing here is refused to a firm that issues in lexoffice, and nothing is bound.
    const { finalize: _f, archive: _a, ...period } = lexofficeExportBody(customer.id);
    const refused = await call(manager, 'POST', '/api/Invoice/Issue', { ...period, format: 'pdf' });
    expect(codeOf(refused), refused.text).toBe('INVOICE_ISSUED_ELSEWHERE');
    const answer = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id, { finalize: true }));
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body!.data as { voucherId: string; voucherNumber: string; documentUrl: string };
    const register = await call(manager, 'GET', `/api/Invoices?page=1&pageSize=10&customerId=${customer.id}`);
    expect(register.status, register.text).toBe(200);
    const listed = (register.body!.data as { totalCount: number; items: Record<string, unknown>[] });
    expect(listed.totalCount).toBe(1);
    expect(listed.items[0]).toMatchObject({ source: 'lexoffice', number: data.voucherNumber, externalUrl: data.documentUrl, customerName: 'Schreinerei Vogel', status: null, kind: 'invoice' });
    expect(data.documentUrl).toBe(`https://app.lexware.test/permalink/invoices/view/${data.voucherId}`);
    // The search finds it by lexoffice's number; the firm's own sequence and register stay empty.
    const searched = await call(manager, 'GET', `/api/Invoices?page=1&pageSize=10&filter=${encodeURIComponent(data.voucherNumber)}`);
    expect((searched.body!.data as { items: { number: string }[] }).items.map((i) => i.number)).toEqual([data.voucherNumber]);
    const own = await server.database.withTenant(firm.tenantId, (tx) =>
      tx.execute<{ issued: number; sequences: number }>(sql`select (select count(*)::int from issued_invoices) as issued, (select count(*)::int from invoice_number_sequences) as sequences`),
    );
    expect(own.rows[0]).toEqual({ issued: 0, sequences: 0 });
    // Another firm does not see it.
    const foreign = await call(other.owner, 'GET', `/api/Invoices?page=1&pageSize=50&filter=${encodeURIComponent(data.voucherNumber)}`);
    expect((foreign.body!.data as { totalCount: number }).totalCount).toBe(0);
    await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ invoiceIssuer: 'fieldbook' }).where(eq(tenants.tenantId, firm.tenantId)));
  });

  it('sends what makes lexoffice show the preview totals: VAT per rate on the rate net, not per line', async () => {
    const customer = await newCustomer(firm.owner, 'Rundungskunde');
    const material = (text: string, quantity: number, unitPrice: number, vatRate: number) =>
      newEntry(firm.owner, { customerId: customer.id, subType: 'material', text, quantity, unit: 'Stk', unitPrice, vatRate, occurredAtUtc: '2026-10-09T10:00:00Z' } as never);
    // 229,99 € + 0,03 € + 0,03 € at 19 %: per line 43,70 + 0,01 + 0,01 = 43,72 €; on the rate's net 43,71 €.
    await material('Verteiler', 1, 229.99, 19);
    await material('Scheibe', 1, 0.03, 19);
    await material('Mutter', 1, 0.03, 19);
    await material('Kabel', 0.333, 1, 7);
    await material('Kabel', 0.333, 1, 7);
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-09T08:00:00Z'), seconds: 4000 });
    const preview = await call(manager, 'POST', '/api/Invoice/CreatePreviewFromActivities', { ...lexofficeExportBody(customer.id), outputFormat: 'json', finalize: undefined, archive: undefined });
    expect(preview.status, preview.text).toBe(200);
    const totals = (preview.body!.data as { totals: { net: number; vat: number; gross: number; vatByRate: { vatRate: number; net: number; vat: number }[] } }).totals;
    const answer = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id));
    expect(answer.status, answer.text).toBe(200);
    const shown = lex.invoices.get((answer.body!.data as { voucherId: string }).voucherId)!.totals;
    expect(shown.totalPrice).toEqual({ currency: 'EUR', totalNetAmount: totals.net, totalTaxAmount: totals.vat, totalGrossAmount: totals.gross });
    expect(shown.taxAmounts.map((t) => [t.taxRatePercentage, t.netAmount, t.taxAmount]).sort()).toEqual(totals.vatByRate.map((v) => [v.vatRate, v.net, v.vat]).sort());
  });

  it('sends a small business as vatfree at 0 %, and marks nothing when lexoffice refuses the invoice', async () => {
    await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ smallBusiness: true }).where(eq(tenants.tenantId, firm.tenantId)));
    const customer = await newCustomer(firm.owner, 'Kleinauftrag KG');
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-10T08:00:00Z'), seconds: 1800 });
    const ok = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id));
    expect(ok.status, ok.text).toBe(200);
    const sent = lex.invoices.get((ok.body!.data as { voucherId: string }).voucherId)!.body as { taxConditions: { taxType: string }; lineItems: { unitPrice: { taxRatePercentage: number } }[]; remark?: string };
    expect(sent.taxConditions.taxType).toBe('vatfree');
    expect(sent.lineItems.every((l) => l.unitPrice.taxRatePercentage === 0)).toBe(true);
    expect(sent.remark).toContain('§ 19 UStG');
    await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ smallBusiness: false }).where(eq(tenants.tenantId, firm.tenantId)));

    // A contact deleted in lexoffice meanwhile: the service refuses the invoice with details.
    const list = await call(firm.owner, 'GET', '/api/Customers/GetAll?page=1&pageSize=5&isDescending=false&filter=Kunde%207%20GmbH');
    const customer7 = (list.body!.data as { items: { id: string; externalId: string }[] }).items[0];
    lex.contacts = lex.contacts.filter((c) => c.id !== customer7.externalId);
    await insertTimeTrack(server, firm.owner, customer7.id, { startedAt: new Date('2026-10-11T08:00:00Z'), seconds: 3600 });
    const refused = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer7.id));
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe('EXPORT_FAILED');
    expect(refused.body!.errorMessages[0].message).toContain('address.contactId');
    const still = await call(manager, 'POST', '/api/Invoice/CreatePreviewFromActivities', { ...lexofficeExportBody(customer7.id), outputFormat: 'json', finalize: undefined, archive: undefined });
    expect(still.status, still.text).toBe(200);
    expect((still.body!.data as { positions: unknown[] }).positions).toHaveLength(1);
  });

  it('times out a hanging service and refuses an Employee', async () => {
    const customer = await newCustomer(firm.owner, 'Langsam AG');
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-12T08:00:00Z'), seconds: 3600 });
    lex.delayMs = 12_000;
    try {
      const slow = await call(manager, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id));
      expect(slow.status).toBe(400);
      expect(codeOf(slow)).toBe('EXPORT_FAILED');
      expect(slow.body!.errorMessages[0].message).toContain('nicht erreichbar');
    } finally {
      lex.delayMs = 0;
    }
    const employee = await firm.member('Employee');
    expect((await call(employee, 'POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id))).status).toBe(403);
  }, 30_000);
});

describe('a revoked key and disconnecting', () => {
  it('shows the connection as broken once the service refuses the key, and forgets it on disconnect', async () => {
    const organisation = lex.keys.get(key)!;
    lex.keys.delete(key);
    const refused = await importContacts(manager);
    expect(codeOf(refused)).toBe('ACCOUNTING_CONNECTION_FAILED');
    expect((await tenantOf(firm.owner)).accountingConnection).toMatchObject({ connected: false });
    lex.keys.set(key, organisation);
    expect((await connect(firm.owner, key)).status).toBe(200);
    expect((await tenantOf(firm.owner)).accountingConnection).toMatchObject({ connected: true });
    const gone = await call(firm.owner, 'DELETE', '/api/ExternalSystem/Disconnect');
    expect(gone.status).toBe(200);
    expect((await tenantOf(firm.owner)).accountingConnection).toBeNull();
    expect(codeOf(await importContacts(manager))).toBe('ACCOUNTING_NOT_CONNECTED');
  });
});
