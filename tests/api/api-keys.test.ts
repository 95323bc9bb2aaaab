/**
 * API keys of a firm (decision 0039): made, listed and revoked by Owner and Admin; a call with a key
 * acts as a technical member within the key's scope and areas, under row-level security; only the
 * key's hash is stored; revocation counts at once; each key has its own rate limit; every call is
 * in the audit trail.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScene } from './factories';
import { codeOf } from './roles-support';
import { rawCall } from '../support/api-client';
import type { Member } from './factories';

const RATE_LIMIT = 12;
let scene: Awaited<ReturnType<typeof startScene<'admin' | 'manager' | 'employee', 'mueller'>>>;
let admin: pg.Client;

beforeAll(async () => {
  scene = await startScene({
    members: { admin: 'Admin', manager: 'Manager', employee: 'Employee' },
    customers: { mueller: 'Müller Haustechnik' },
    env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
  });
  admin = new pg.Client({ connectionString: scene.server.adminUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await scene?.server.close();
});

async function makeKey(member: Member, body: { name: string; scope: 'read' | 'write'; areas: ('customers' | 'products' | 'time' | 'activities' | 'invoices')[] }) {
  const { data, response } = await member.api.POST('/api/ApiKeys/Create', { body });
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

/** A call with the key only: no device id, no session. */
async function withKey(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(scene.server.baseUrl + path, {
    method,
    headers: { Authorization: `Bearer ${secret}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as { data?: unknown; errorMessages?: { code: string; message: string }[] }) : undefined };
}

const customersList = '/api/Customers/GetAll?page=1&pageSize=50&isDescending=false';

describe('API keys', () => {
  it('shows the key once and stores only its hash; the list holds no secret', async () => {
    const created = await makeKey(scene.owner, { name: 'Lohnbüro', scope: 'read', areas: ['customers'] });
    expect(created.secret).toMatch(/^fbk_[A-Za-z0-9_-]{70,}$/);
    expect(created.key).toMatchObject({ name: 'Lohnbüro', scope: 'read', areas: ['customers'], keyHint: created.secret.slice(-4), lastUsedAt: null, revokedAt: null });

    const { rows } = await admin.query('select * from api_keys where id = $1', [created.key.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(crypto.createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(created.secret.slice(4, 40));

    const { data } = await scene.owner.api.GET('/api/ApiKeys/GetAll');
    const listed = data!.data!.items.find((k) => k.id === created.key.id)!;
    expect(listed).toMatchObject({ name: 'Lohnbüro', keyHint: created.secret.slice(-4) });
    expect(JSON.stringify(data)).not.toContain(created.secret);
  });

  it('lets a read-only key read its areas, and refuses writes and other areas with 403', async () => {
    const { secret, key } = await makeKey(scene.firm.members.admin, { name: 'Disposition', scope: 'read', areas: ['customers'] });
    const list = await withKey(secret, 'GET', customersList);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Müller Haustechnik');

    const write = await withKey(secret, 'POST', '/api/Customers/Create', { companyName: 'Neu GmbH', country: 'DE' });
    expect(write.status).toBe(403);
    expect(codeOf(write.body)).toBe('FORBIDDEN');
    expect(write.body!.errorMessages![0].message).toContain('nur lesen');

    for (const path of ['/api/Products/GetAll?page=1&pageSize=10&isDescending=false', '/api/ApiKeys/GetAll', '/api/Management/GetTenant']) {
      const answer = await withKey(secret, 'GET', path);
      expect(answer.status, path).toBe(403);
    }
    const { data } = await scene.owner.api.GET('/api/ApiKeys/GetAll');
    expect(data!.data!.items.find((k) => k.id === key.id)!.lastUsedAt).not.toBeNull();
  });

  it('lets a read-write key change its areas and records every call in the audit trail', async () => {
    const { secret, key } = await makeKey(scene.owner, { name: 'Zapier', scope: 'write', areas: ['customers'] });
    const created = await withKey(secret, 'POST', '/api/Customers/Create', { companyName: 'Über API GmbH', country: 'DE' });
    expect(created.status).toBe(200);
    const { data } = await scene.owner.api.GET('/api/Customers/GetAll', { params: { query: { page: 1, pageSize: 50, isDescending: false } } });
    expect(data!.data!.items.map((c) => c.companyName)).toContain('Über API GmbH');
    await withKey(secret, 'GET', '/api/Products/GetAll?page=1&pageSize=10&isDescending=false');

    // The audit row is written once the answer is sent.
    await expect
      .poll(async () => (await admin.query("select actor_id, action, changes from audit_log where entity = 'api_key' and entity_id = $1 order by at", [key.id])).rows)
      .toEqual([
        { actor_id: scene.owner.userId, action: 'call', changes: { operationId: 'customersCreate', method: 'POST', path: '/api/Customers/Create', status: 200 } },
        // The call outside the key's areas was refused, and that is in the trail too.
        { actor_id: scene.owner.userId, action: 'refused', changes: { operationId: 'productsGetAll', method: 'GET', path: '/api/Products/GetAll', status: 403, reason: 'out_of_scope' } },
      ]);
  });

  it('refuses a revoked key at its next call, and a forged or unknown key', async () => {
    const { secret, key } = await makeKey(scene.owner, { name: 'Alt', scope: 'read', areas: ['customers', 'time'] });
    expect((await withKey(secret, 'GET', customersList)).status).toBe(200);
    const { data, response } = await scene.firm.members.admin.api.POST('/api/ApiKeys/Revoke/{id}', { params: { path: { id: key.id } } });
    expect(response.status).toBe(200);
    expect(data!.data!.revokedAt).not.toBeNull();
    const after = await withKey(secret, 'GET', customersList);
    expect(after.status).toBe(401);
    expect(codeOf(after.body)).toBe('UNAUTHORIZED');

    const forged = secret.slice(0, -6) + (secret.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
    expect((await withKey(forged, 'GET', customersList)).status).toBe(401);
    expect((await withKey('fbk_nonsense', 'GET', customersList)).status).toBe(401);

    // The revoked key's refusals are in the trail, once a minute however often it calls.
    expect((await withKey(secret, 'GET', customersList)).status).toBe(401);
    const { rows } = await admin.query("select action, changes from audit_log where entity = 'api_key' and entity_id = $1 and action = 'refused'", [key.id]);
    expect(rows).toEqual([
      {
        action: 'refused',
        changes: { operationId: 'customersGetAll', method: 'GET', path: '/api/Customers/GetAll', status: 401, reason: 'revoked', further: 'not recorded for a minute' },
      },
    ]);
  });

  it('gives each key its own rate limit', async () => {
    const busy = await makeKey(scene.owner, { name: 'Eilig', scope: 'read', areas: ['customers'] });
    const calm = await makeKey(scene.owner, { name: 'Ruhig', scope: 'read', areas: ['customers'] });
    for (let i = 0; i < RATE_LIMIT; i++) expect((await withKey(busy.secret, 'GET', customersList)).status).toBe(200);
    const refused = await withKey(busy.secret, 'GET', customersList);
    expect(refused.status).toBe(429);
    expect(codeOf(refused.body)).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await withKey(calm.secret, 'GET', customersList)).status).toBe(200);

    // A flood of refused calls is one row of the audit trail a minute.
    for (let i = 0; i < 5; i++) expect((await withKey(busy.secret, 'GET', customersList)).status).toBe(429);
    const { rows } = await admin.query("select changes from audit_log where entity = 'api_key' and entity_id = $1 and action = 'refused'", [busy.key.id]);
    expect(rows).toEqual([{ changes: { operationId: 'customersGetAll', method: 'GET', path: '/api/Customers/GetAll', status: 429, reason: 'rate_limited', further: 'not recorded for a minute' } }]);
  });

  it('sees only its own firm under row-level security', async () => {
    const { secret } = await makeKey(scene.other.owner, { name: 'Andere', scope: 'read', areas: ['customers'] });
    const list = await withKey(secret, 'GET', customersList);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('Müller Haustechnik');
    const get = await withKey(secret, 'GET', `/api/Customers/Get?id=${scene.customers.mueller.id}`);
    expect(get.status).toBe(404);
  });

  it("answers 404 for another firm's key id and changes nothing", async () => {
    const { key } = await makeKey(scene.other.owner, { name: 'Fremd', scope: 'read', areas: ['customers'] });
    const answer = await rawCall(scene.server.baseUrl, 'POST', `/api/ApiKeys/Revoke/${key.id}`, { headers: scene.owner.auth });
    expect(answer.status).toBe(404);
    const { rows } = await admin.query('select revoked_at from api_keys where id = $1', [key.id]);
    expect(rows[0].revoked_at).toBeNull();
  });

  it('lets only Owner and Admin manage keys', async () => {
    for (const member of [scene.firm.members.manager, scene.firm.members.employee]) {
      expect((await rawCall(scene.server.baseUrl, 'GET', '/api/ApiKeys/GetAll', { headers: member.auth })).status).toBe(403);
      const create = await rawCall(scene.server.baseUrl, 'POST', '/api/ApiKeys/Create', {
        headers: { ...member.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x', scope: 'read', areas: ['customers'] }),
      });
      expect(create.status).toBe(403);
    }
    expect((await rawCall(scene.server.baseUrl, 'GET', '/api/ApiKeys/GetAll')).status).toBe(401);
  });

  it('refuses bad input with the envelope and makes no key', async () => {
    const before = (await admin.query('select count(*)::int as n from api_keys')).rows[0].n;
    const bodies = [
      { name: 'x', scope: 'read', areas: [] },
      { name: 'x', scope: 'read', areas: ['payroll'] },
      { name: 'x', scope: 'admin', areas: ['customers'] },
      { name: '   ', scope: 'read', areas: ['customers'] },
      { scope: 'read', areas: ['customers'] },
      { name: 'x', scope: 'read', areas: ['customers', 'customers'] },
    ];
    for (const body of bodies) {
      const answer = await rawCall(scene.server.baseUrl, 'POST', '/api/ApiKeys/Create', {
        headers: { ...scene.owner.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(answer.body)).toBe('VALIDATION_ERROR');
    }
    expect((await admin.query('select count(*)::int as n from api_keys')).rows[0].n).toBe(before);
  });
});
