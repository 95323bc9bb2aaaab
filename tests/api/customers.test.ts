/**
 * Customers: list (paging, filter, sorting, archived), read, create, update, archive and restore;
 * roles, tenant isolation and bad input. Every answer is checked against the contract.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import type { components } from '../../generated/server/openapi';
import { createTenant, startScene, type Member, type TestTenant } from './factories';
import type { OrderBy } from './contract-types';

type CustomerCreate = components['schemas']['CustomerCreate'];
type CustomerUpdate = components['schemas']['CustomerUpdate'];
/** `country` has a default, so the generated type requires it; the server treats it as optional. */
type Loose<T> = Omit<T, 'country'> & { country?: string };

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, admin: Member, employee: Member;

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, admin, employee } } = await startScene({ members: { manager: 'Manager', admin: 'Admin', employee: 'Employee' } }));
});
afterAll(() => server?.close());

const list = (member: Member, query: Partial<{ page: number; pageSize: number; filter: string; orderBy: OrderBy<'customersGetAll'>; isDescending: boolean; includeArchived: boolean }> = {}) =>
  member.api.GET('/api/Customers/GetAll', {
    params: { query: { page: 1, pageSize: 10, isDescending: false, ...query } },
  });

const post = (member: Member, body: Loose<CustomerCreate>) =>
  member.api.POST('/api/Customers/Create', { body: body as CustomerCreate });
const put = (member: Member, body: Loose<CustomerUpdate>) =>
  member.api.PUT('/api/Customers/Update', { body: body as CustomerUpdate });

async function create(member: Member, body: Loose<CustomerCreate>) {
  const { data, response } = await post(member, body);
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

const json = (member: Member, body: unknown) => ({
  headers: { ...member.auth, 'content-type': 'application/json', 'Accept-Language': 'de' },
  body: JSON.stringify(body),
});

async function count(tenant: TestTenant) {
  const { data } = await list(tenant.owner, { includeArchived: true, pageSize: 1 });
  return data!.data!.totalCount;
}

describe('Customers/Create', () => {
  it('creates a customer with a company name and answers it with its display name', async () => {
    const customer = await create(owner, {
      companyName: '  Elektro Schneider GmbH ',
      phone: '+49 89 1234567',
      email: 'info@elektro-schneider.de',
      street: 'Musterstraße 12',
      zip: '80331',
      city: 'München',
      hourlyRate: 58.5,
      externalId: 'KD-10042',
    });
    expect(customer).toMatchObject({
      companyName: 'Elektro Schneider GmbH',
      firstName: null,
      displayName: 'Elektro Schneider GmbH',
      country: 'DE',
      hourlyRate: 58.5,
      externalId: 'KD-10042',
      archived: false,
    });
    const { data } = await owner.api.GET('/api/Customers/Get', { params: { query: { id: customer.id } } });
    expect(data!.data).toEqual(customer);
  });

  it('lets an Employee create a customer on site with first and last name', async () => {
    const customer = await create(employee, { firstName: 'Anna', lastName: 'Huber', country: 'AT', phone: '' });
    expect(customer).toMatchObject({ displayName: 'Anna Huber', companyName: null, phone: null, country: 'AT' });
  });

  it('refuses a customer without company name or first and last name, in the caller\'s language', async () => {
    const before = await count(firm);
    for (const body of [{}, { firstName: 'Anna' }, { lastName: 'Huber', city: 'Rosenheim' }, { companyName: '   ' }]) {
      const { response, error } = await post(owner, body);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        isSuccess: false,
        errorMessages: [{ code: 'VALIDATION_ERROR', message: 'Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.' }],
        errors: { companyName: ['Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.'] },
      });
    }
    const english = await firm.member('Manager', { lang: 'en' });
    const { error } = await post(english, { firstName: 'Anna' });
    expect(error!.errors.companyName).toEqual(['Please enter at least a company name or first/last name.']);
    expect(await count(firm)).toBe(before);
  });

  it('refuses wrong types, formats and ranges with field errors and stores nothing', async () => {
    const before = await count(firm);
    const cases: [Record<string, unknown>, string][] = [
      [{ companyName: 'A', email: 'not-an-email' }, 'email'],
      [{ companyName: 'A', country: 'Deutschland' }, 'country'],
      [{ companyName: 'A', hourlyRate: -1 }, 'hourlyRate'],
      [{ companyName: 'A', hourlyRate: '60' }, 'hourlyRate'],
      [{ companyName: 'x'.repeat(201) }, 'companyName'],
      [{ companyName: 'A', zip: '12345678901' }, 'zip'],
      [{ companyName: 'A', archived: true }, 'archived'],
    ];
    for (const [body, field] of cases) {
      const response = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', json(owner, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await count(firm)).toBe(before);
  });

  it('refuses a country code no country has', async () => {
    const { response, error } = await post(owner, { companyName: 'A', country: 'XX' });
    expect(response.status).toBe(400);
    expect(error!.errors.country).toEqual(['Unbekannter Ländercode (zwei Buchstaben, z. B. DE).']);
  });

  it('answers 409 for an external id another customer of the tenant has, but not for one of another tenant', async () => {
    await create(owner, { companyName: 'Erster', externalId: 'KD-DUP' });
    const { response, error } = await post(owner, { companyName: 'Zweiter', externalId: 'KD-DUP' });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ errorMessages: [{ code: 'CONFLICT' }], errors: { externalId: [expect.any(String)] } });
    const elsewhere = await create(other.owner, { companyName: 'Anderswo', externalId: 'KD-DUP' });
    expect(elsewhere.externalId).toBe('KD-DUP');
  });

  it('refuses callers without a token', async () => {
    const response = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'A' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('Customers/Get', () => {
  it('answers 404 for another tenant\'s customer and for an unknown id, 400 for a malformed id', async () => {
    const theirs = await create(other.owner, { companyName: 'Fremdfirma' });
    for (const id of [theirs.id, crypto.randomUUID()]) {
      const { response, error } = await owner.api.GET('/api/Customers/Get', { params: { query: { id } } });
      expect(response.status).toBe(404);
      expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
    }
    const bad = await rawCall(server.baseUrl, 'GET', '/api/Customers/Get?id=42', { headers: owner.auth });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBeDefined();
  });

  it('lets every role read', async () => {
    const customer = await create(owner, { companyName: 'Lesbar GmbH' });
    for (const member of [owner, admin, manager, employee]) {
      const { response } = await member.api.GET('/api/Customers/Get', { params: { query: { id: customer.id } } });
      expect(response.status).toBe(200);
    }
  });
});

describe('Customers/Update', () => {
  it('replaces the fields: left-out optional fields are cleared, the archive state stays', async () => {
    const customer = await create(owner, {
      companyName: 'Bäckerei Huber',
      phone: '+49 8031 98765',
      email: 'anna@baeckerei-huber.de',
      city: 'Rosenheim',
      hourlyRate: 62,
      externalId: 'KD-UPD',
    });
    const { data, response } = await put(manager, { id: customer.id, companyName: 'Bäckerei Huber & Söhne', city: 'Kolbermoor', country: 'DE' });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({
      id: customer.id,
      companyName: 'Bäckerei Huber & Söhne',
      city: 'Kolbermoor',
      phone: null,
      email: null,
      hourlyRate: null,
      externalId: null,
      archived: false,
    });
    expect(Date.parse(data!.data!.updatedAtUtc)).toBeGreaterThanOrEqual(Date.parse(customer.updatedAtUtc));
  });

  it('archives and restores; archived customers leave the list unless asked for', async () => {
    const customer = await create(owner, { companyName: 'Archivierbar KG' });
    const archived = await put(admin, { id: customer.id, companyName: 'Archivierbar KG', archived: true });
    expect(archived.data!.data!.archived).toBe(true);

    const visible = await list(owner, { filter: 'Archivierbar' });
    expect(visible.data!.data!.items).toEqual([]);
    const all = await list(owner, { filter: 'Archivierbar', includeArchived: true });
    expect(all.data!.data!.items.map((c) => c.id)).toEqual([customer.id]);

    // Left out, `archived` keeps the state.
    const edited = await put(owner, { id: customer.id, companyName: 'Archivierbar KG', city: 'Ulm' });
    expect(edited.data!.data!.archived).toBe(true);

    const restored = await put(owner, { id: customer.id, companyName: 'Archivierbar KG', archived: false });
    expect(restored.data!.data!.archived).toBe(false);
    expect((await list(owner, { filter: 'Archivierbar' })).data!.data!.totalCount).toBe(1);
  });

  it('is refused to Employees with 403 and changes nothing', async () => {
    const customer = await create(employee, { companyName: 'Nur Lesen GmbH' });
    const { response, error } = await put(employee, { id: customer.id, companyName: 'Geändert', archived: true });
    expect(response.status).toBe(403);
    expect(error!.errorMessages[0].code).toBe('FORBIDDEN');
    const { data } = await owner.api.GET('/api/Customers/Get', { params: { query: { id: customer.id } } });
    expect(data!.data).toMatchObject({ companyName: 'Nur Lesen GmbH', archived: false });
  });

  it('refuses an update without id, with the name rule, and with a taken external id', async () => {
    const customer = await create(owner, { companyName: 'Regeltreu AG', externalId: 'KD-RULE-1' });
    await create(owner, { companyName: 'Andere AG', externalId: 'KD-RULE-2' });

    const noId = await rawCall(server.baseUrl, 'PUT', '/api/Customers/Update', json(owner, { companyName: 'Ohne Id' }));
    expect(noId.status).toBe(400);
    expect(noId.body.errors.id).toEqual(['Pflichtfeld.']);

    const nameless = await put(owner, { id: customer.id, firstName: 'Nur Vorname' });
    expect(nameless.response.status).toBe(400);
    expect(nameless.error!.errors.companyName).toEqual(['Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.']);

    const taken = await put(owner, { id: customer.id, companyName: 'Regeltreu AG', externalId: 'KD-RULE-2' });
    expect(taken.response.status).toBe(409);

    const { data } = await owner.api.GET('/api/Customers/Get', { params: { query: { id: customer.id } } });
    expect(data!.data).toMatchObject({ companyName: 'Regeltreu AG', externalId: 'KD-RULE-1' });
  });

  it('answers 404 for another tenant\'s customer and leaves it unchanged', async () => {
    const theirs = await create(other.owner, { companyName: 'Nicht Deins GmbH' });
    const { response } = await put(owner, { id: theirs.id, companyName: 'Übernommen', archived: true });
    expect(response.status).toBe(404);
    const { data } = await other.owner.api.GET('/api/Customers/Get', { params: { query: { id: theirs.id } } });
    expect(data!.data).toMatchObject({ companyName: 'Nicht Deins GmbH', archived: false });
  });
});

describe('Customers/GetAll', () => {
  let shop: TestTenant;
  const names = [
    { companyName: 'Zimmerei Ziegler', city: 'Augsburg', phone: '+49 821 111', email: 'z@ziegler.de', zip: '86150', externalId: 'K-07' },
    { companyName: 'Ärztehaus am Markt', city: 'München', phone: '+49 89 222', email: 'info@aerztehaus.de', zip: '80331', externalId: 'K-01' },
    { companyName: 'apfelgarten GbR', city: 'Berlin', phone: '+49 30 333', email: 'post@apfel.de', zip: '10115', externalId: 'K-02' },
    { firstName: 'Bernd', lastName: 'Öztürk', city: 'Köln', phone: '+49 221 444', email: 'bernd@oeztuerk.de', zip: '50667', externalId: 'K-03' },
    { firstName: 'Clara', lastName: 'MÜLLER', city: 'Hamburg', phone: '+49 40 555', zip: '20095', externalId: 'K-04' },
    { companyName: 'Baumann 100% Bau', city: null, phone: null, email: 'b@baumann.de', zip: null, externalId: 'K-05' },
    { companyName: 'Ofenbau Ost', city: 'Dresden', phone: '+49 351 666', email: null, zip: '01067', externalId: 'K-06' },
  ];

  beforeAll(async () => {
    shop = await createTenant(server);
    for (const body of names) await create(shop.owner, body);
    for (let i = 1; i <= 18; i++) await create(shop.owner, { companyName: `Serie ${String(i).padStart(2, '0')}`, city: 'Serienstadt' });
  });

  const items = async (query: Parameters<typeof list>[1]) => {
    const { data, response } = await list(shop.owner, query);
    expect(response.status).toBe(200);
    return data!.data!;
  };

  it('pages with page and pageSize and counts all matches', async () => {
    const first = await items({ page: 1, pageSize: 10 });
    expect(first).toMatchObject({ totalCount: 25, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const third = await items({ page: 3, pageSize: 10 });
    expect(third.items).toHaveLength(5);
    const beyond = await items({ page: 9, pageSize: 10 });
    expect(beyond).toMatchObject({ totalCount: 25, items: [] });
    const all = await items({ pageSize: 100 });
    const paged = [...first.items, ...(await items({ page: 2 })).items, ...third.items].map((c) => c.id);
    expect(paged).toEqual(all.items.map((c) => c.id));
    expect(new Set(paged).size).toBe(25);
  });

  it('sorts by display name in German order by default, and descending', async () => {
    const asc = (await items({ pageSize: 6 })).items.map((c) => c.displayName);
    expect(asc).toEqual(['apfelgarten GbR', 'Ärztehaus am Markt', 'Baumann 100% Bau', 'Bernd Öztürk', 'Clara MÜLLER', 'Ofenbau Ost']);
    const desc = (await items({ pageSize: 2, isDescending: true })).items.map((c) => c.displayName);
    expect(desc).toEqual(['Zimmerei Ziegler', 'Serie 18']);
    // Names outside the contract's list are refused, not silently replaced by the default order.
    const { response, error } = await list(owner, { pageSize: 6, orderBy: 'password; drop table customers' as never });
    expect(response.status).toBe(400);
    expect(error!.errors).toHaveProperty('orderBy');
  });

  it('sorts by every listed column, empty values last', async () => {
    const filter = 'K-0';
    const by = async (orderBy: OrderBy<'customersGetAll'>, isDescending = false) =>
      (await items({ filter, orderBy, isDescending, pageSize: 20 })).items;
    expect((await by('city')).map((c) => c.city)).toEqual(['Augsburg', 'Berlin', 'Dresden', 'Hamburg', 'Köln', 'München', null]);
    expect((await by('city', true)).map((c) => c.city)).toEqual(['München', 'Köln', 'Hamburg', 'Dresden', 'Berlin', 'Augsburg', null]);
    expect((await by('zip')).map((c) => c.zip)).toEqual(['01067', '10115', '20095', '50667', '80331', '86150', null]);
    expect((await by('externalId')).map((c) => c.externalId)).toEqual(['K-01', 'K-02', 'K-03', 'K-04', 'K-05', 'K-06', 'K-07']);
    expect((await by('companyName')).map((c) => c.companyName)).toEqual([
      'apfelgarten GbR', 'Ärztehaus am Markt', 'Baumann 100% Bau', 'Ofenbau Ost', 'Zimmerei Ziegler', null, null,
    ]);
    expect((await by('lastName')).map((c) => c.lastName).slice(0, 2)).toEqual(['MÜLLER', 'Öztürk']);
    expect((await by('email')).map((c) => c.email)).toEqual([
      'b@baumann.de', 'bernd@oeztuerk.de', 'info@aerztehaus.de', 'post@apfel.de', 'z@ziegler.de', null, null,
    ]);
    expect((await by('phone')).at(-1)!.phone).toBeNull();
    const created = await by('createdAtUtc');
    expect(created.map((c) => c.externalId)).toEqual(['K-07', 'K-01', 'K-02', 'K-03', 'K-04', 'K-05', 'K-06']);
    expect((await by('createdAtUtc', true))[0].externalId).toBe('K-06');
    expect((await by('updatedAtUtc', true))).toHaveLength(7);
  });

  it('filters case-insensitively across company, names, city, phone, e-mail and external id', async () => {
    const match = async (filter: string) => (await items({ filter, pageSize: 50 })).items.map((c) => c.displayName).sort();
    expect(await match('ziegler')).toEqual(['Zimmerei Ziegler']);
    expect(await match('müller')).toEqual(['Clara MÜLLER']);
    expect(await match('clara müller')).toEqual(['Clara MÜLLER']);
    expect(await match('KÖLN')).toEqual(['Bernd Öztürk']);
    expect(await match('+49 89')).toEqual(['Ärztehaus am Markt']);
    expect(await match('@apfel.de')).toEqual(['apfelgarten GbR']);
    expect(await match('k-05')).toEqual(['Baumann 100% Bau']);
    expect(await match('100%')).toEqual(['Baumann 100% Bau']);
    expect(await match('_')).toEqual([]);
    expect(await match('  ')).toHaveLength(25);
    const serie = await items({ filter: 'Serienstadt', pageSize: 5, page: 2 });
    expect(serie.totalCount).toBe(18);
    expect(serie.items.map((c) => c.displayName)).toEqual(['Serie 06', 'Serie 07', 'Serie 08', 'Serie 09', 'Serie 10']);
  });

  it('shows no customer of another tenant', async () => {
    const theirs = await items({ pageSize: 100 });
    const mine = (await list(other.owner, { pageSize: 100, includeArchived: true })).data!.data!;
    const ids = new Set(theirs.items.map((c) => c.id));
    expect(mine.items.some((c) => ids.has(c.id))).toBe(false);
    expect((await list(other.owner, { filter: 'Ziegler' })).data!.data!.totalCount).toBe(0);
  });

  it('is open to every role and refuses bad paging', async () => {
    for (const member of [owner, admin, manager, employee]) {
      expect((await list(member)).response.status).toBe(200);
    }
    for (const query of ['page=0&pageSize=10', 'page=1&pageSize=501', 'page=1&pageSize=10&filter=' + 'x'.repeat(201)]) {
      const response = await rawCall(server.baseUrl, 'GET', `/api/Customers/GetAll?isDescending=false&${query}`, { headers: owner.auth });
      expect(response.status, query).toBe(400);
      expect(response.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
    }
    const anonymous = await rawCall(server.baseUrl, 'GET', '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false');
    expect(anonymous.status).toBe(401);
  });
});
