/**
 * Another firm's ids at the calls that take an id and had no test for it: a lookup answers 404, a
 * change answers 404 and changes nothing, a filter by another firm's customer finds nothing (the
 * calls without a 404 in the contract). Each case first shows that the id works for its own firm,
 * so a 404 or an empty answer means isolation, not a broken call.
 */
import pg from 'pg';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { testClock } from '../support/clock';
import { createTenant, type Member, type TestTenant } from './factories';
import { insertTimeTrack, newCustomer, newEntry, newProduct } from './activity-support';

let server: TestServer;
let admin: pg.Client;
let a: TestTenant;
let b: TestTenant;
let aManager: Member;
let bManager: Member;

const NOW = '2026-11-18T12:00:00Z';

beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock(NOW) });
  admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  a = await createTenant(server, { name: 'Elektro Schneider GmbH' });
  b = await createTenant(server, { name: 'Sanitär Braun KG' });
  aManager = await a.member('Manager');
  bManager = await b.member('Manager');
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

const userOf = async (member: Member, id: string) => (await member.api.GET('/api/Users/Get', { params: { query: { id } } })).data?.data;

describe('another firm\'s ids', () => {
  it('Products/GetById: 404 for another firm\'s product', async () => {
    const product = await newProduct(b.owner, { name: 'Siphon 1 1/4"' });
    expect((await bManager.api.GET('/api/Products/GetById', { params: { query: { id: product.id } } })).response.status).toBe(200);
    const { response, error } = await aManager.api.GET('/api/Products/GetById', { params: { query: { id: product.id } } });
    expect(response.status).toBe(404);
    expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
  });

  it('Users/Update: 404 for another firm\'s member, who keeps name, role, archive flag and session', async () => {
    const employee = await b.member('Employee');
    const before = await userOf(b.owner, employee.userId);
    const { response } = await a.owner.api.PUT('/api/Users/Update', {
      body: { id: employee.userId, firstName: 'Gehackt', lastName: 'Gehackt', role: 'Admin', archived: true },
    });
    expect(response.status).toBe(404);
    expect(await userOf(b.owner, employee.userId)).toEqual(before);
    expect((await employee.api.GET('/api/Users/Get', { params: { query: { id: employee.userId } } })).response.status).toBe(200);
  });

  it('Users/UpdateMe: 404 for another firm\'s session id, which stays open; the caller\'s names stay too', async () => {
    const victim = await b.member('Employee');
    const session = (await victim.api.GET('/api/Users/Get', { params: { query: { id: victim.userId } } })).data!.data!.sessions![0];
    const before = await userOf(aManager, aManager.userId);
    const { response } = await aManager.api.PUT('/api/Users/UpdateMe', { body: { firstName: 'Geändert', endSessionIds: [session.id] } });
    expect(response.status).toBe(404);
    expect(await userOf(aManager, aManager.userId)).toEqual(before);
    expect((await victim.api.GET('/api/Users/Get', { params: { query: { id: victim.userId } } })).response.status).toBe(200);
  });

  it('Auth/WebAuthnDeleteKey: 404 for another firm\'s passkey (and another member\'s), which stays', async () => {
    const insert = async (member: Member) => {
      const { rows } = await admin.query<{ id: string }>(
        `insert into passkeys (tenant_id, user_id, credential_id, public_key, device_name) values ($1, $2, $3, '\\x00', 'Laptop') returning id`,
        [member.tenantId, member.userId, `credential-${crypto.randomUUID()}`],
      );
      return rows[0].id;
    };
    const theirs = await insert(b.owner);
    const colleagues = await insert(a.owner);
    const keysOf = async (member: Member) => (await member.api.GET('/api/Auth/WebAuthnGetKeys')).data!.data!.items;
    expect((await keysOf(b.owner)).map((k) => k.id)).toEqual([theirs]);
    for (const id of [theirs, colleagues]) {
      const { response, error } = await aManager.api.DELETE('/api/Auth/WebAuthnDeleteKey', { body: { id } });
      expect(response.status).toBe(404);
      expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
    }
    expect((await keysOf(b.owner)).map((k) => k.id)).toEqual([theirs]);
    expect((await keysOf(a.owner)).map((k) => k.id)).toEqual([colleagues]);
  });

  it('Information/Reporting: filtering by another firm\'s customer finds none of its entries', async () => {
    const customer = await newCustomer(b.owner);
    await newEntry(bManager, { customerId: customer.id, subType: 'material', text: 'Eckventil', quantity: 2, unit: 'Stk', unitPrice: 7.5, vatRate: 19 });
    const report = (member: Member, customerId?: string) =>
      member.api.GET('/api/Information/Reporting', {
        params: { query: { subType: 'material', includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 50, isDescending: false, ...(customerId ? { customerId } : {}) } },
      });
    const own = (await report(bManager, customer.id)).data!.data!;
    expect(own.totalCount).toBe(1);
    expect(own.items).toHaveLength(1);
    const { data, response } = await report(aManager, customer.id);
    expect(response.status).toBe(200);
    expect(data!.data!.totalCount).toBe(0);
    expect(data!.data!.items).toEqual([]);
    expect(data!.data!.totals).toEqual({ durationSeconds: 0, materials: [] });
    expect(own.totals.materials).toEqual([{ productId: null, name: 'Eckventil', unit: 'Stk', quantity: 2 }]);
    expect((await report(aManager)).data!.data!.totals.materials.map((m) => m.name)).not.toContain('Eckventil');
    expect((await report(aManager)).data!.data!.items.filter((i) => i.customerId === customer.id)).toEqual([]);
  });

  it('TimeTracks/GetMyTotals: another firm\'s customer counts nothing, the own customer counts the own time', async () => {
    const theirs = await newCustomer(b.owner);
    const ours = await newCustomer(a.owner);
    await insertTimeTrack(server, bManager, theirs.id, { startedAt: new Date('2026-11-18T08:00:00Z'), seconds: 3600 });
    await insertTimeTrack(server, aManager, ours.id, { startedAt: new Date('2026-11-18T08:00:00Z'), seconds: 1800 });
    const totals = async (member: Member, customerId: string) =>
      (await member.api.GET('/api/TimeTracks/GetMyTotals', { params: { query: { callerUTCOffsetMinutes: 0, customerId } } })).data!.data;
    expect(await totals(bManager, theirs.id)).toEqual({ todaySeconds: 3600, weekSeconds: 3600, monthSeconds: 3600 });
    expect(await totals(aManager, ours.id)).toEqual({ todaySeconds: 1800, weekSeconds: 1800, monthSeconds: 1800 });
    expect(await totals(aManager, theirs.id)).toEqual({ todaySeconds: 0, weekSeconds: 0, monthSeconds: 0 });
  });
});
