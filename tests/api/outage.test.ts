/**
 * Database outages with the real server process: PostgreSQL killed, connections terminated, a
 * real stop and start. The server stays up, answers 503 SERVICE_UNAVAILABLE with Retry-After
 * (never 500) while the database is away, and answers 200 again by itself once it is back.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from '../../server/db/embedded';
import { connectDatabase } from '../../server/db/database';
import { newDeviceId, rawCall } from '../support/api-client';
import { freePort, startServer, type ServerProcess } from '../support/server-process';

const PASSWORD = 'Sonnenblume-Kabel-42';
const cleanup: (() => Promise<unknown> | void)[] = [];

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-outage-'));
  // As root the embedded PostgreSQL runs as the user "postgres", which must reach it.
  fs.chmodSync(dir, 0o755);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function postmasterPid(pgDir: string) {
  return Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function signUp(server: ServerProcess) {
  const deviceId = newDeviceId();
  const answer = await rawCall(server.baseUrl, 'POST', '/api/Auth/SignUp', {
    headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId },
    body: JSON.stringify({ email: `outage-${crypto.randomUUID()}@example.de`, password: PASSWORD, tenantName: 'Elektro Schneider', termsConfirmed: true }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { Authorization: `Bearer ${answer.body.data.token}`, 'X-Device-Id': deviceId };
}

/** One database-backed call; its answer must be 200 or the 503 envelope, nothing else. */
async function listCustomers(server: ServerProcess, auth: Record<string, string>) {
  const answer = await rawCall(server.baseUrl, 'GET', '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false', { headers: auth });
  if (answer.status !== 200) expectUnavailable(answer);
  return answer;
}

function expectUnavailable(answer: { status: number; headers: Headers; body: { errorMessages: { code: string; message: string }[] } }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body.errorMessages[0].code).toBe('SERVICE_UNAVAILABLE');
  expect(answer.body.errorMessages[0].message).toContain('nicht erreichbar');
}

/** Calls until the answer has this status (bounded); every answer on the way is checked. */
async function until(status: number, call: () => Promise<{ status: number }>, attempts = 300) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const answer = await call();
    if (answer.status === status) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${status} answer`);
}

async function startPostgres(dir: string, port: number) {
  // Right after a kill -9 the old backends may still hold shared memory for a moment.
  for (let attempt = 0; ; attempt++) {
    try {
      return await startEmbeddedPostgres({ dir, port, password: 'outage-admin', restart: false });
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

describe('database outage, external PostgreSQL (DATABASE_URL)', () => {
  it('survives a killed postmaster, terminated connections and a stop/start, answering 503 meanwhile', async () => {
    const dataDir = tempDir();
    const pgDir = path.join(dataDir, 'pg');
    const pgPort = await freePort();
    let database: EmbeddedServer = await startPostgres(pgDir, pgPort);
    cleanup.push(() => database.stop());
    const adminUrl = database.adminUrl('fieldbook');
    await ensureDatabase(adminUrl, 'fieldbook');
    const server = await startServer({ DATA_DIR: path.join(dataDir, 'app'), DATABASE_URL: adminUrl });
    cleanup.push(() => server.stop());
    const auth = await signUp(server);
    expect((await listCustomers(server, auth)).status).toBe(200);

    // The postmaster is killed: its backends end, nothing brings it back until we do.
    process.kill(postmasterPid(pgDir), 'SIGKILL');
    expectUnavailable((await until(503, () => listCustomers(server, auth))) as never);
    const health = await rawCall(server.baseUrl, 'GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'unreachable' });
    expect(health.headers.get('retry-after')).toBe('5');
    expect(server.alive()).toBe(true);

    database = await startPostgres(pgDir, pgPort);
    await until(200, () => listCustomers(server, auth));
    expect((await rawCall(server.baseUrl, 'GET', '/health')).status).toBe(200);

    // Every connection of the app is terminated (as a failover or an administrator would).
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const terminated = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where usename = 'fieldbook_app'",
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);
    await until(200, () => listCustomers(server, auth));
    expect(server.alive()).toBe(true);

    // A real stop (fast shutdown) and start.
    await database.stop();
    expectUnavailable((await until(503, () => listCustomers(server, auth))) as never);
    expect((await rawCall(server.baseUrl, 'GET', '/health')).status).toBe(503);
    expect(server.alive()).toBe(true);
    database = await startPostgres(pgDir, pgPort);
    await until(200, () => listCustomers(server, auth));

    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toContain('unhandled error');
  }, 240_000);

  it('keeps a process alive whose checked-out connection is lost', async () => {
    const pgDir = path.join(tempDir(), 'pg');
    const database = await startPostgres(pgDir, await freePort());
    cleanup.push(() => database.stop());
    const app = connectDatabase(database.adminUrl('postgres'), 2);
    cleanup.push(() => app.close());
    const client = await app.pool.connect();
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const admin = new pg.Client({ connectionString: database.adminUrl('postgres') });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await admin.end();
    // The lost connection is reported as an 'error' event first; without a listener it would
    // be thrown as an uncaught exception of this process.
    const failure = await client.query('select 1').catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    client.release(failure as Error);
    expect(await app.ping()).toBe(true);
  }, 120_000);
});

describe('database outage, embedded PostgreSQL', () => {
  it('starts its own PostgreSQL again after the postmaster is killed and answers 200 again', async () => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    cleanup.push(() => server.stop());
    const auth = await signUp(server);
    const pgDir = path.join(dataDir, 'postgres');
    const killed = postmasterPid(pgDir);
    process.kill(killed, 'SIGKILL');
    await until(200, async () => {
      const answer = await listCustomers(server, auth);
      // Until the restarted postmaster has written its lock file, the old pid is still in it.
      return fs.existsSync(path.join(pgDir, 'postmaster.pid')) && postmasterPid(pgDir) !== killed ? answer : { status: 0 };
    });
    expect(server.alive()).toBe(true);
    expect(server.output()).toContain('embedded PostgreSQL ended unexpectedly');
    expect(server.output()).toContain('embedded PostgreSQL is running again');
    expect(await server.stop()).toBe(0);
  }, 240_000);
});
