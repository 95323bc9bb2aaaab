/**
 * lexoffice and the e-invoice parties (decision 0023), the server's real client against the local
 * fake: the import brings a contact's VAT id and whether it is a business and keeps a Leitweg-ID
 * entered here; the export of a reverse-charge invoice (an Austrian business with a VAT id) sends
 * lexoffice's tax type for EU services under § 13b at 0 % with the note, and is refused before
 * sending for a customer that is no lexoffice contact (lexoffice takes that tax type only for one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock';
import { type TestServer } from '../support/test-server';
import { lexContact, type FakeLexoffice } from '../support/fake-lexoffice';
import { insertTimeTrack } from './activity-support';
import { lexofficeExportBody, startSceneWithLexoffice, type TestTenant } from './factories';

let server: TestServer, lex: FakeLexoffice, firm: TestTenant;

beforeAll(async () => {
  ({ server, lex, firm } = await startSceneWithLexoffice({ name: 'Elektro Schneider', server: { clock: testClock('2026-11-20T09:00:00Z') } }));
  const key = lex.addKey('Elektro Schneider GmbH');
  const connected = await call('POST', '/api/ExternalSystem/ConnectExternalSystem', { system: 'lexoffice', apiKey: key });
  expect(connected.status, connected.text).toBe(200);
});
afterAll(() => server?.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...firm.owner.auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as { data: never; errorMessages: { code: string; message: string }[] }) : undefined };
}

type Customer = { id: string; externalId: string | null; vatId: string | null; business: boolean; country: string; leitwegId: string | null; companyName: string | null };

async function customerNamed(name: string): Promise<Customer> {
  const list = await call('GET', `/api/Customers/GetAll?page=1&pageSize=5&isDescending=false&filter=${encodeURIComponent(name)}`);
  return (list.body!.data as { items: Customer[] }).items[0];
}

describe('lexoffice and the e-invoice parties', () => {
  it('imports the VAT id and the business flag, and keeps a Leitweg-ID entered here', async () => {
    lex.contacts.push(
      lexContact(1, {
        company: { name: 'Tischlerei Gruber GmbH', vatRegistrationId: 'ATU12345678' },
        addresses: { billing: [{ street: 'Getreidegasse 9', zip: '5020', city: 'Salzburg', countryCode: 'AT' }] },
      }),
      lexContact(2, { company: undefined, person: { firstName: 'Maria', lastName: 'Huber' } }),
    );
    const imported = await call('POST', '/api/Customers/ImportLexOffice');
    expect(imported.status, imported.text).toBe(200);
    const gruber = await customerNamed('Gruber');
    expect(gruber).toMatchObject({ vatId: 'ATU12345678', business: true, country: 'AT' });
    expect(await customerNamed('Huber')).toMatchObject({ vatId: null, business: false });

    const { displayName: _d, createdAtUtc: _c, updatedAtUtc: _u, ...fields } = gruber as Customer & { displayName: string; createdAtUtc: string; updatedAtUtc: string };
    const updated = await call('PUT', '/api/Customers/Update', { ...fields, leitwegId: '04011000-1234512345-06' });
    expect(updated.status, updated.text).toBe(200);
    expect((await call('POST', '/api/Customers/ImportLexOffice')).status).toBe(200);
    expect(await customerNamed('Gruber')).toMatchObject({ leitwegId: '04011000-1234512345-06', vatId: 'ATU12345678' });
  });

  it('exports a reverse-charge invoice as externalService13b at 0 % with the note', async () => {
    const gruber = await customerNamed('Gruber');
    await insertTimeTrack(server, firm.owner, gruber.id, { startedAt: new Date('2026-10-08T08:00:00Z'), seconds: 3600 });
    const answer = await call('POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(gruber.id));
    expect(answer.status, answer.text).toBe(200);
    const sent = lex.invoices.get((answer.body!.data as { voucherId: string }).voucherId)!.body as {
      address: unknown;
      taxConditions: { taxType: string; taxTypeNote?: string };
      lineItems: { unitPrice: { taxRatePercentage: number } }[];
    };
    expect(sent.address).toEqual({ contactId: gruber.externalId });
    expect(sent.taxConditions.taxType).toBe('externalService13b');
    expect(sent.taxConditions.taxTypeNote).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(sent.taxConditions.taxTypeNote).toContain('ATU12345678');
    expect(sent.lineItems.every((l) => l.unitPrice.taxRatePercentage === 0)).toBe(true);
  });

  it('refuses reverse charge for a customer that is no lexoffice contact, sending and marking nothing', async () => {
    const created = await call('POST', '/api/Customers/Create', { companyName: 'Holzbau Berger GmbH', street: 'Hauptplatz 1', zip: '8010', city: 'Graz', country: 'AT', vatId: 'ATU87654321' });
    expect(created.status, created.text).toBe(200);
    const customer = created.body!.data as Customer;
    await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-09T08:00:00Z'), seconds: 3600 });
    const before = lex.invoices.size;
    const refused = await call('POST', '/api/Invoice/ExportToLexOffice/export-to-lexoffice', lexofficeExportBody(customer.id));
    expect(refused.status).toBe(400);
    expect(refused.body!.errorMessages[0]).toMatchObject({ code: 'EXPORT_FAILED' });
    expect(refused.body!.errorMessages[0].message).toContain('importieren Sie den Kunden aus lexoffice');
    expect(lex.invoices.size).toBe(before);
    const still = await call('POST', '/api/Invoice/CreatePreviewFromActivities', { ...lexofficeExportBody(customer.id), outputFormat: 'json', finalize: undefined, archive: undefined });
    expect((still.body!.data as { positions: unknown[] }).positions).toHaveLength(1);
  });
});
