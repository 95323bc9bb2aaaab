/**
 * The session check every request makes (one round trip, migration 0017): the stored role, not the
 * token's, counts; a revoked session or an archived member is refused at once; a token whose firm
 * is not the session's finds nothing (row-level security); the last use is noted at most once a
 * minute and never for a refused session. A call without a body goes on in the transaction its
 * check began (Database.openTenant); one that does not ask for it in the same turn of the event loop
 * leaves it committed and its connection returned.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawCall } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTenant, type Member, type TestTenant } from './factories';

let server: TestServer;
let admin: pg.Pool;
let firm: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Pool({ connectionString: server.adminUrl, max: 2 });
  firm = await createTenant(server);
  other = await createTenant(server, { name: 'Sanitär Braun' });
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

const get = (headers: Record<string, string>) => rawCall(server.baseUrl, 'POST', '/api/Users/GetAll?includeArchived=false', { headers });
const sessionOf = async (member: Member) => (await server.app.deps.tokens.verify(member.token)).sessionId;
const lastUse = async (sessionId: string) =>
  ((await admin.query<{ last_used_at: Date }>('select last_used_at from sessions where id = $1', [sessionId])).rows[0]).last_used_at;
const age = (sessionId: string, minutes: number) => admin.query(`update sessions set last_used_at = now() - interval '${minutes} minutes' where id = $1`, [sessionId]);

describe('the session check of every request', () => {
  it('answers with the stored role, and notes the last use at most once a minute', async () => {
    const manager = await firm.member('Manager');
    const session = await sessionOf(manager);
    expect((await get(manager.auth)).status).toBe(200);
    await age(session, 5);
    const before = await lastUse(session);
    expect((await get(manager.auth)).status).toBe(200);
    const touched = await lastUse(session);
    expect(touched.getTime()).toBeGreaterThan(before.getTime() + 4 * 60_000);
    expect((await get(manager.auth)).status).toBe(200);
    expect((await lastUse(session)).getTime()).toBe(touched.getTime());
    // A new role counts at once: the token still says Manager.
    await admin.query(`update users set role = 'Employee' where id = $1`, [manager.userId]);
    expect((await get(manager.auth)).status).toBe(403);
  });

  it('refuses a revoked session and an archived member at once, without noting a use', async () => {
    const revoked = await firm.member('Manager');
    const session = await sessionOf(revoked);
    await admin.query('update sessions set revoked_at = now() where id = $1', [session]);
    await age(session, 5);
    const before = await lastUse(session);
    const answer = await get(revoked.auth);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ errorMessages: [{ code: 'TOKEN_INVALID' }] });
    expect((await lastUse(session)).getTime()).toBe(before.getTime());

    const archived = await firm.member('Manager');
    const archivedSession = await sessionOf(archived);
    await admin.query('update users set archived = true where id = $1', [archived.userId]);
    await age(archivedSession, 5);
    const archivedBefore = await lastUse(archivedSession);
    expect((await get(archived.auth)).body).toMatchObject({ errorMessages: [{ code: 'USER_ARCHIVED' }] });
    expect((await lastUse(archivedSession)).getTime()).toBe(archivedBefore.getTime());
  });

  it('finds nothing for a token that names another firm than its session\'s', async () => {
    const claims = await server.app.deps.tokens.verify(firm.owner.token);
    const { token } = await server.app.deps.tokens.sign({ ...claims, tenantId: other.tenantId });
    const answer = await get({ ...firm.owner.auth, Authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
  });

  it('does not wait for a session row another transaction holds, and notes the use later', async () => {
    const member = await firm.member('Manager');
    const session = await sessionOf(member);
    await age(session, 5);
    const before = await lastUse(session);
    const holder = await admin.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from sessions where id = $1 for update', [session]);
      // Before migration 0023 the note of the last use waited here until the holder ended: the
      // calls would not answer before the rollback below, and the test would time out.
      expect((await get(member.auth)).status).toBe(200);
      const list = await rawCall(server.baseUrl, 'GET', '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false', { headers: member.auth });
      expect(list.status).toBe(200);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect((await lastUse(session)).getTime()).toBe(before.getTime());
    expect((await get(member.auth)).status).toBe(200);
    expect((await lastUse(session)).getTime()).toBeGreaterThan(before.getTime());
  });

  it('leaves no firm set on the pooled connection after the check', async () => {
    expect((await get(firm.owner.auth)).status).toBe(200);
    // Every connection of the app's pool: outside a transaction no firm is set.
    const clients = await Promise.all([server.database.pool.connect(), server.database.pool.connect()]);
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ tenant: string | null }>(`select nullif(current_setting('app.tenant_id', true), '') as tenant`);
        expect(rows[0].tenant).toBeNull();
      }
    } finally {
      clients.forEach((client) => client.release());
    }
  });
});

describe('the transaction the session check begins', () => {
  const counts = () => ({ ...server.database.counts });
  const grew = (before: ReturnType<typeof counts>) => {
    const after = counts();
    return { begun: after.begun - before.begun, opened: after.opened - before.opened, taken: after.taken - before.taken };
  };
  const firmOf = (tx: Parameters<Parameters<typeof server.database.withTenant>[1]>[0]) =>
    tx.execute<{ tenant: string }>(sql`select current_setting('app.tenant_id') as tenant`).then((result) => result.rows[0].tenant);

  it('is the one a call without a body goes on with: no transaction of its own', async () => {
    const before = counts();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(firm.owner.auth)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(grew(before)).toEqual({ begun: 0, opened: 12, taken: 12 });
    // The lists of the app: each one transaction, the check's.
    for (const path of [
      '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false',
      '/api/CustomerActivities/ByCustomer?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true',
      '/api/Images/GetAll?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=48&isDescending=true',
      '/api/Products/GetAll?page=1&pageSize=10&isDescending=false',
    ]) {
      const list = counts();
      expect((await rawCall(server.baseUrl, 'GET', path, { headers: firm.owner.auth })).status).toBe(200);
      expect({ path, ...grew(list) }).toEqual({ path, begun: 0, opened: 1, taken: 1 });
    }
    const metrics = await fetch(`${server.baseUrl}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/db_session_check_transactions_taken_total [1-9]/);
  });

  it('is not begun for a call with a body, which checks the session on its own', async () => {
    const before = counts();
    const created = await firm.owner.api.POST('/api/Customers/Create', { body: { companyName: 'Bäckerei Lindner', country: 'DE' } });
    expect(created.response.status).toBe(200);
    expect(grew(before)).toMatchObject({ opened: 0, taken: 0 });
    expect(grew(before).begun).toBeGreaterThan(0);
  });

  it('is committed, and its connection returned, when the handler never asks for it', async () => {
    const member = await firm.member('Manager');
    const session = await sessionOf(member);
    await age(session, 5);
    const used = await lastUse(session);
    const before = counts();
    // The contract refuses the query string: the session was checked, the handler never runs.
    // More calls than the pool has connections: each must give its connection back.
    const refused = await Promise.all(
      Array.from({ length: 20 }, () => rawCall(server.baseUrl, 'GET', '/api/Customers/GetAll?page=first&pageSize=10', { headers: member.auth })),
    );
    expect(refused.map((answer) => answer.status)).toEqual(Array(20).fill(400));
    expect(grew(before)).toEqual({ begun: 0, opened: 20, taken: 0 });
    // The check noted the last use; it counts, although no handler committed anything.
    expect((await lastUse(session)).getTime()).toBeGreaterThan(used.getTime());
    await vi.waitFor(() => expect(server.database.pool.idleCount).toBe(server.database.pool.totalCount));
    expect((await get(member.auth)).status).toBe(200);
  });

  it('goes only to a transaction of the same firm, and only in the same turn of the event loop', async () => {
    const { database } = server;
    const opened = async () => (await database.openTenant(firm.tenantId, 'select 1')).opened;

    // Another firm: a transaction of its own, set to that firm.
    const first = await opened();
    const before = counts();
    expect(await database.offerOpened(first, () => database.withTenant(other.tenantId, firmOf))).toBe(other.tenantId);
    expect(grew(before)).toEqual({ begun: 1, opened: 0, taken: 0 });
    await vi.waitFor(() => expect(first.state).toBe('closed'));

    // After a wait for I/O the offer is gone: the connection was not held meanwhile.
    const second = await opened();
    const late = counts();
    expect(await database.offerOpened(second, async () => {
      await sleep(5);
      return database.withTenant(firm.tenantId, firmOf);
    })).toBe(firm.tenantId);
    expect(second.state).toBe('closed');
    expect(grew(late)).toEqual({ begun: 1, opened: 0, taken: 0 });

    // Taken once: a second withTenant of the handler begins its own.
    const third = await opened();
    const twice = counts();
    await database.offerOpened(third, async () => {
      expect(await database.withTenant(firm.tenantId, firmOf)).toBe(firm.tenantId);
      expect(await database.withTenant(firm.tenantId, firmOf)).toBe(firm.tenantId);
    });
    expect(grew(twice)).toEqual({ begun: 1, opened: 0, taken: 1 });
    await vi.waitFor(() => expect(database.pool.idleCount).toBe(database.pool.totalCount));
  });
});
