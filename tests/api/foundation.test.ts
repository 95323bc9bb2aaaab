/**
 * The foundation: every contract operation is routed, requests are validated by the contract,
 * authentication and roles come first, errors use the envelope, tenants are isolated by RLS
 * (its behaviour: tenant-isolation.test.ts).
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { allOperations } from '../support/sample';
import { rawCall } from '../support/api-client';
import { handlers } from '../../server/modules';
import { handleError } from '../../server/platform/errors';
import { insertMember } from '../support/factories';
import type { Role } from '../../server/platform/auth';


let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function token(role: Role, options: { tenantId?: string; now?: number; lang?: 'de' | 'en' } = {}) {
  if (options.now !== undefined) {
    // A token that expired: signed in the past for a real session.
    const member = await insertMember(server, { role, tenantId: options.tenantId, language: options.lang });
    const claims = await server.app.deps.tokens.verify(member.token);
    return (await server.app.deps.tokens.sign(claims, options.now)).token;
  }
  return (await insertMember(server, { role, tenantId: options.tenantId, language: options.lang })).token;
}

describe('contract routes', () => {
  it('compiles every validator and response serializer of the contract (at first use in production)', () => {
    // Lazily compiled (platform/schema-compilers.ts): a schema Ajv or fast-json-stringify cannot
    // compile would otherwise only fail on the first call of its operation.
    expect(server.app.compileAllSchemas()).toBeGreaterThan(allOperations().length * 2);
  });

  it('has a handler for every operation: none answers 501 any more', () => {
    const missing = allOperations()
      .map((o) => o.operationId)
      .filter((id) => !(id in handlers));
    expect(missing).toEqual([]);
  });

  it('has the 85 operations of the specification and the ones added since, each routed', () => {
    const added = [
      'subscriptionStripeWebhook',
      'localisationGetTextOverrides',
      'localisationSetTextOverride',
      'managementUploadLogo',
      'managementGetLogo',
      'managementDeleteLogo',
      'externalSystemDisconnect',
      'aiGetStatus',
      'aiTranscribe',
      'aiSortDictation',
      'aiSummarize',
      'aiInvoiceText',
      'managementGetConsentHistory',
      'userTimeTracksAddDay',
      'userTimeTracksAddBreak',
      'paymentsGetSettings',
      'paymentsUpdateSettings',
      'paymentsGetCustomerTerms',
      'paymentsSetCustomerTerms',
      'paymentsGetForInvoice',
      'paymentsRecord',
      'paymentsDelete',
      'paymentsGetOverdue',
      'paymentsSend',
      'paymentsRemind',
      'paymentsDatevExport',
      'invoiceIssue',
      'invoiceListIssued',
      'invoiceGetIssued',
      'invoiceDownloadIssued',
      'invoiceCancelIssued',
      'invoiceUnmarkActivitiesAsProcessed',
      'apiKeysGetAll',
      'apiKeysCreate',
      'apiKeysRevoke',
      'webhooksGetAll',
      'webhooksCreate',
      'webhooksUpdate',
      'webhooksDelete',
      'webhooksGetDeliveries',
      'webhooksResend',
    ];
    const ops = allOperations();
    expect(ops).toHaveLength(85 + added.length);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(85 + added.length);
    expect(ops.map((o) => o.operationId)).toEqual(expect.arrayContaining(added));
    for (const op of ops) {
      const url = op.template.replace(/\{(\w+)\}/g, ':$1');
      expect(server.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url }), `${op.method} ${op.template}`).toBe(true);
    }
  });

  it('answers unknown API paths with 404 and the envelope', async () => {
    for (const path of ['/api/Nope', '/api/Customers/Nope', '/api']) {
      const response = await rawCall(server.baseUrl, 'GET', path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ isSuccess: false, errorMessages: [{ code: 'NOT_FOUND' }] });
    }
  });
});

describe('health', () => {
  it('reports the server and the database', async () => {
    const response = await fetch(`${server.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', server: 'ok', database: 'ok' });
  });

  it('exposes metrics', async () => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toContain('http_requests_total');
    expect(text).toMatch(/^db_pool_max 5$/m);
  });

  it('keeps at most DATABASE_POOL_SIZE connections, and /metrics shows the calls waiting for one', async () => {
    const small = await startTestServer({ DATABASE_POOL_SIZE: '2' });
    try {
      const pool = small.app.deps.database.pool;
      const sleeping = Array.from({ length: 5 }, () => pool.query('select pg_sleep(0.3)'));
      const text = await (await fetch(`${small.baseUrl}/metrics`)).text();
      await Promise.all(sleeping);
      expect(text).toMatch(/^db_pool_max 2$/m);
      expect(text).toMatch(/^db_pool_connections\{state="open"\} 2$/m);
      // The five sleeps' last three wait, with whatever else the process asked meanwhile (its job queue).
      expect(Number(/^db_pool_waiting_calls (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(3);
    } finally {
      await small.close();
    }
  });
});

describe('the embedded PostgreSQL', () => {
  it('is reached through its Unix socket, and over TCP on 127.0.0.1 as well', async () => {
    // No client address: a Unix socket (cheaper per round trip than TCP; server/db/embedded.ts).
    const { rows } = await server.app.deps.database.pool.query('select inet_client_addr() as address');
    expect(rows[0].address).toBeNull();
    const tcp = new URL(server.adminUrl);
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    try {
      expect(tcp.searchParams.get('host')).toBe((await admin.query('show unix_socket_directories')).rows[0].unix_socket_directories);
    } finally {
      await admin.end();
    }
    tcp.searchParams.delete('host');
    const client = new pg.Client({ connectionString: tcp.toString() });
    await client.connect();
    try {
      expect((await client.query('select inet_client_addr()::text as address')).rows[0].address).toBe('127.0.0.1/32');
    } finally {
      await client.end();
    }
  });
});

describe('authentication and roles', () => {
  const secured = '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false';

  it('refuses a call without a token with 401', async () => {
    const response = await rawCall(server.baseUrl, 'GET', secured);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ isSuccess: false, errorMessages: [{ code: 'UNAUTHORIZED' }] });
  });

  it('refuses a forged and an expired token with 401', async () => {
    const forged = (await token('Owner')).slice(0, -4) + 'AAAA';
    let response = await rawCall(server.baseUrl, 'GET', secured, { headers: { Authorization: `Bearer ${forged}` } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'TOKEN_INVALID' }] });

    const expired = await token('Owner', { now: Date.now() - 3600_000 });
    response = await rawCall(server.baseUrl, 'GET', secured, { headers: { Authorization: `Bearer ${expired}` } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'TOKEN_EXPIRED' }] });
  });

  it('refuses a call without a device id', async () => {
    const response = await fetch(server.baseUrl + secured, { headers: { Authorization: `Bearer ${await token('Owner')}` } });
    expect(response.status).toBe(401);
    expect((await response.json()).errorMessages[0].message).toBe('Die Geräte-Kennung fehlt oder ist ungültig.');
  });

  it('refuses a role outside the operation with 403 before validating the body', async () => {
    const op = allOperations().find((o) => o.roles.length > 0 && !o.roles.includes('Employee') && o.method !== 'get')!;
    expect(op).toBeDefined();
    const response = await rawCall(server.baseUrl, op.method.toUpperCase(), op.template.replace('{id}', crypto.randomUUID()), {
      headers: { Authorization: `Bearer ${await token('Employee')}`, 'content-type': 'application/json' },
      body: '{"unexpected": true}',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'FORBIDDEN' }] });
  });
});

describe('validation by the contract', () => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = { Authorization: `Bearer ${await token('Owner')}` };
  });

  it('refuses a missing required query parameter with field errors', async () => {
    // The signed-in user's language wins over the browser's.
    const english = await token('Owner', { lang: 'en' });
    const response = await rawCall(server.baseUrl, 'GET', '/api/Customers/GetAll?page=1', {
      headers: { Authorization: `Bearer ${english}`, 'Accept-Language': 'de' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      isSuccess: false,
      errorMessages: [{ code: 'VALIDATION_ERROR', message: 'Please check your input.' }],
      errors: { pageSize: ['Required.'], isDescending: ['Required.'] },
    });
  });

  it('refuses wrong types in the query', async () => {
    const response = await rawCall(server.baseUrl, 'GET', '/api/Customers/GetAll?page=eins&pageSize=10&isDescending=vielleicht', {
      headers: auth,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['isDescending', 'page']);
  });

  it('refuses a body with a wrong type, a missing field or an unknown field', async () => {
    const json = (body: unknown) => ({ headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    let response = await rawCall(server.baseUrl, 'PUT', '/api/Customers/Update', json({ companyName: 42 }));
    expect(response.status).toBe(400);
    expect(response.body.errors.id).toEqual(['Pflichtfeld.']);
    expect(response.body.errors.companyName).toBeDefined();

    response = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', json({ companyName: 'Bäckerei Huber', isAdmin: true }));
    expect(response.status).toBe(400);
    expect(response.body.errors.isAdmin).toEqual(['Unbekanntes Feld.']);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    let response = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"companyName": ',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'BAD_REQUEST' }] });

    response = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });
});

describe('errors', () => {
  it('never shows internals of an unexpected failure', async () => {
    const app = Fastify({ logger: false });
    app.decorateRequest('lang', 'en');
    app.setErrorHandler(handleError);
    app.get('/boom', async () => {
      throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "admin"');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('password');
    expect(response.json()).toEqual({
      isSuccess: false,
      data: null,
      errorMessages: [{ code: 'UNEXPECTED_ERROR', message: 'An unexpected error occurred.' }],
      errors: {},
      successMessage: null,
    });
    await app.close();
  });
});

describe('tenant isolation in the database', () => {
  it('keeps the cross-tenant account directory out of the app role\'s reach', async () => {
    await expect(server.database.pool.query('select * from account_directory')).rejects.toThrow(/permission denied/);
    const { rows } = await server.database.pool.query('select * from auth_find_by_email($1)', ['nobody@example.de']);
    expect(rows).toEqual([]);
  });

  it('keeps the audit trail append-only for the app role', async () => {
    const tenantId = crypto.randomUUID();
    await expect(
      server.database.withTenant(tenantId, (tx) => tx.execute(`update audit_log set action = 'x'` as never)),
    ).rejects.toSatisfy((error: Error) => /permission denied/.test(String((error.cause as Error)?.message ?? error.message)));
  });

  it('shows no rows to a query without the tenant setting, and only its own rows with it', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    for (const tenantId of [a, b]) {
      await server.database.withTenant(tenantId, async (tx) => {
        await tx.execute(`insert into tenants (tenant_id, name) values ('${tenantId}', 'firm')` as never);
        await tx.execute(
          `insert into users (tenant_id, email, user_name) values ('${tenantId}', 'owner-${tenantId}@example.de', 'owner')` as never,
        );
      });
    }
    const bare = await server.database.pool.query('select count(*)::int as n from users');
    expect(bare.rows[0].n).toBe(0);
    const visible = await server.database.withTenant(a, async (tx) =>
      (await tx.execute('select tenant_id from users' as never)).rows.map((r) => (r as { tenant_id: string }).tenant_id),
    );
    expect(visible).toEqual([a]);
    await expect(
      server.database.withTenant(a, (tx) =>
        tx.execute(`insert into users (tenant_id, email, user_name) values ('${b}', 'intruder@example.de', 'x')` as never),
      ),
    ).rejects.toSatisfy((error: Error) => /row-level security/.test(String((error.cause as Error)?.message ?? error.message)));
  });
});
