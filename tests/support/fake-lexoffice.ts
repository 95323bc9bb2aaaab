/**
 * A local stand-in for the lexoffice (Lexware Office) public API, for the calls the server makes,
 * following its public documentation: bearer API key (401 for an unknown one), `GET /v1/profile`,
 * `GET /v1/contacts?customer=true&page=&size=` as a Spring-style page, `POST /v1/invoices` with
 * `?finalize=true` (201 with id and resourceUri), `GET /v1/invoices/{id}` with the voucher number,
 * validation errors as `IssueList` (also a tax type beside net, gross and vatfree without a
 * referenced contact, as the documentation says), and its rate limit (429 when a key sends more than two
 * requests within a second). Tests can make it fail, slow or answer 429 on purpose.
 *
 * The invoice's totals are computed as lexoffice does for net prices (`taxType: net`): each line's
 * amount is quantity × net unit price rounded to the cent; the tax of each rate is the rate applied
 * to the sum of that rate's line amounts, rounded once; `GET /v1/invoices/{id}` answers them as
 * `totalPrice` and `taxAmounts`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { LexofficeContact } from '../../server/modules/external-system/lexoffice-client';

export interface FakeLexoffice {
  url: string;
  /** Keys the service accepts, with the organisation they belong to. */
  keys: Map<string, { organizationId: string; companyName: string }>;
  contacts: LexofficeContact[];
  invoices: Map<string, { body: Record<string, unknown>; finalized: boolean; voucherNumber: string | null; apiKey: string; totals: LexofficeTotals }>;
  requests: { method: string; path: string; apiKey: string; at: number }[];
  /** The next n requests answer 429 (as when another client of the key used up the rate). */
  throttleNext: number;
  /** The next n requests answer 503. */
  failNext: number;
  /** Delay of every answer in ms (for timeouts). */
  delayMs: number;
  /** Enforce the documented 2 requests per second per key. */
  enforceRate: boolean;
  addKey(companyName: string): string;
  close(): Promise<void>;
}

export interface LexofficeTotals {
  totalPrice: { currency: 'EUR'; totalNetAmount: number; totalGrossAmount: number; totalTaxAmount: number };
  taxAmounts: { taxRatePercentage: number; taxAmount: number; netAmount: number }[];
}

/** Half up to the cent in decimal (through the number's shortest decimal text, not binary floats). */
function roundCents(value: number): number {
  const [whole, fraction = ''] = Math.abs(value).toFixed(10).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  return (Math.sign(value) || 1) * cents;
}

/** lexoffice's totals of a net-price invoice: line amounts rounded, tax per rate on the rate's sum. */
export function lexofficeTotals(lineItems: { quantity?: number; unitPrice?: { netAmount?: number; taxRatePercentage?: number } }[]): LexofficeTotals {
  const byRate = new Map<number, number>();
  for (const item of lineItems) {
    const rate = item.unitPrice?.taxRatePercentage ?? 0;
    byRate.set(rate, (byRate.get(rate) ?? 0) + roundCents((item.quantity ?? 0) * (item.unitPrice?.netAmount ?? 0)));
  }
  const taxAmounts = [...byRate.entries()].map(([rate, net]) => ({ taxRatePercentage: rate, netAmount: net / 100, taxAmount: roundCents((net * rate) / 10000) / 100 }));
  const net = [...byRate.values()].reduce((a, b) => a + b, 0);
  const tax = taxAmounts.reduce((a, t) => a + Math.round(t.taxAmount * 100), 0);
  return { totalPrice: { currency: 'EUR', totalNetAmount: net / 100, totalTaxAmount: tax / 100, totalGrossAmount: (net + tax) / 100 }, taxAmounts };
}

export async function startFakeLexoffice(): Promise<FakeLexoffice> {
  const fake = {
    keys: new Map(),
    contacts: [],
    invoices: new Map(),
    requests: [],
    throttleNext: 0,
    failNext: 0,
    delayMs: 0,
    enforceRate: true,
  } as unknown as FakeLexoffice;
  let numbers = 147;
  fake.addKey = (companyName) => {
    const key = crypto.randomBytes(24).toString('base64url');
    fake.keys.set(key, { organizationId: crypto.randomUUID(), companyName });
    return key;
  };

  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const apiKey = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const now = Date.now();
      const recent = fake.requests.filter((r) => r.apiKey === apiKey && now - r.at < 1000).length;
      fake.requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search, apiKey, at: now });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(body === undefined ? '' : JSON.stringify(body));
      };
      if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      const org = fake.keys.get(apiKey);
      if (!org) return json(401, { message: 'Unauthorized' });
      if (fake.throttleNext > 0 || (fake.enforceRate && recent >= 2)) {
        if (fake.throttleNext > 0) fake.throttleNext--;
        return json(429, { message: 'Rate limit exceeded' }, { 'Retry-After': '1' });
      }
      if (fake.failNext > 0) {
        fake.failNext--;
        return json(503, { message: 'Service Unavailable' });
      }
      if (request.method === 'GET' && url.pathname === '/v1/profile') {
        return json(200, { organizationId: org.organizationId, companyName: org.companyName, connectionId: crypto.randomUUID(), taxType: 'net', smallBusiness: false });
      }
      if (request.method === 'GET' && url.pathname === '/v1/contacts') {
        const page = Number(url.searchParams.get('page') ?? 0);
        const size = Math.min(250, Number(url.searchParams.get('size') ?? 25));
        const all = url.searchParams.get('customer') === 'true' ? fake.contacts.filter((c) => c.roles?.customer) : fake.contacts;
        const content = all.slice(page * size, (page + 1) * size);
        const totalPages = Math.max(1, Math.ceil(all.length / size));
        return json(200, { content, first: page === 0, last: page + 1 >= totalPages, totalPages, totalElements: all.length, numberOfElements: content.length, size, number: page });
      }
      if (request.method === 'POST' && url.pathname === '/v1/invoices') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return json(400, { IssueList: [{ i18nKey: 'invalid_json', source: 'body', type: 'validation_failure' }] });
        }
        const issues: { i18nKey: string; source: string; type: string }[] = [];
        const items = body.lineItems as { name?: string; quantity?: number; unitPrice?: { netAmount?: number; taxRatePercentage?: number } }[] | undefined;
        if (!Array.isArray(items) || items.length === 0) issues.push({ i18nKey: 'missing_entity', source: 'lineItems', type: 'validation_failure' });
        for (const [i, item] of (items ?? []).entries()) {
          if (![0, 7, 19].includes(item.unitPrice?.taxRatePercentage ?? -1)) issues.push({ i18nKey: 'invalid_value', source: `lineItems[${i}].unitPrice.taxRatePercentage`, type: 'validation_failure' });
          if (!item.name) issues.push({ i18nKey: 'missing_entity', source: `lineItems[${i}].name`, type: 'validation_failure' });
        }
        const address = body.address as { contactId?: string; name?: string } | undefined;
        if (address?.contactId && !fake.contacts.some((c) => c.id === address.contactId)) issues.push({ i18nKey: 'missing_entity', source: 'address.contactId', type: 'validation_failure' });
        if (!address?.contactId && !address?.name) issues.push({ i18nKey: 'missing_entity', source: 'address.name', type: 'validation_failure' });
        // The documented tax types; those beside net, gross and vatfree only for a referenced contact.
        const taxType = (body.taxConditions as { taxType?: string } | undefined)?.taxType;
        const taxTypes = ['net', 'gross', 'vatfree', 'intraCommunitySupply', 'constructionService13b', 'externalService13b', 'thirdPartyCountryService', 'thirdPartyCountryDelivery', 'photovoltaicEquipment'];
        if (!taxType || !taxTypes.includes(taxType)) issues.push({ i18nKey: 'invalid_value', source: 'taxConditions.taxType', type: 'validation_failure' });
        else if (!['net', 'gross', 'vatfree'].includes(taxType) && !address?.contactId) issues.push({ i18nKey: 'invalid_value', source: 'taxConditions.taxType', type: 'validation_failure' });
        if (issues.length) return json(406, { IssueList: issues });
        const finalized = url.searchParams.get('finalize') === 'true';
        const id = crypto.randomUUID();
        const totals = lexofficeTotals(items ?? []);
        fake.invoices.set(id, { body, finalized, voucherNumber: finalized ? `RE-2026-${String(numbers++).padStart(4, '0')}` : null, apiKey, totals });
        return json(201, { id, resourceUri: `${fake.url}/v1/invoices/${id}`, createdDate: new Date().toISOString(), updatedDate: new Date().toISOString(), version: 1 });
      }
      const invoice = /^\/v1\/invoices\/([\w-]+)$/.exec(url.pathname);
      if (request.method === 'GET' && invoice) {
        const stored = fake.invoices.get(invoice[1]);
        if (!stored || stored.apiKey !== apiKey) return json(404, { message: 'Not Found' });
        return json(200, { id: invoice[1], voucherNumber: stored.voucherNumber, voucherStatus: stored.finalized ? 'open' : 'draft', ...stored.totals });
      }
      return json(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A contact with the customer role as lexoffice lists it. */
export function lexContact(n: number, over: Partial<LexofficeContact> = {}): LexofficeContact {
  return {
    id: crypto.randomUUID(),
    version: 1,
    roles: { customer: { number: 10000 + n } },
    company: { name: `Kunde ${n} GmbH`, contactPersons: [{ firstName: 'Eva', lastName: `Muster${n}`, emailAddress: `eva${n}@kunde${n}.de` }] },
    addresses: { billing: [{ street: `Hauptstraße ${n}`, zip: '80331', city: 'München', countryCode: 'DE' }] },
    archived: false,
    ...over,
  };
}
