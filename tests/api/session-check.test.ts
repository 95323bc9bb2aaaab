/**
 * The session check every request makes (one round trip, migration 0017): the stored role, not the
 * token's, counts; a revoked session or an archived member is refused at once; a token whose firm
 * is not the session's finds nothing (row-level security); the last use is noted at most once a
 * minute and never for a refused session.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
