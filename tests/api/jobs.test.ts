/**
 * Background jobs in PostgreSQL and the server's life (decision 0040): mails are jobs delivered
 * with retries over a local SMTP sink; a job outlives the process that sent it and runs once
 * across workers; the cleanup job removes expired rows in each firm's tenant transaction;
 * `/ready` against `/health` while a real server process drains; two processes starting together
 * on one database migrate it once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildServer } from '../../server/app';
import { Jobs } from '../../server/platform/jobs';
import { ensureDatabase } from '../../server/db/embedded';
import { newDeviceId } from '../support/api-client';
import { caller } from '../support/http';
import { settleJobs, startTestServer, type TestServer } from '../support/test-server';
import { startServer, type ServerProcess } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../e2e/smtp-sink';

/** The key of the migrator's advisory lock (`MIGRATION_LOCK` in server/db/database.ts). */
const MIGRATION_LOCK = 0x6669_656c;

let smtp: SmtpSink;
let server: TestServer;
let admin: pg.Client;
let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}${serial++}@jobs-elektro.de`;
const PASSWORD = 'Sicherung-Leitung-37';

async function signUp(baseUrl: string, email = uniqueEmail('inhaber')) {
  const response = await caller(baseUrl)('POST', '/api/Auth/SignUp', {
    deviceId: newDeviceId(),
    headers: { 'X-Forwarded-For': `2001:db8:40::${(++serial).toString(16)}` },
    body: { email, password: PASSWORD, tenantName: 'jobs', termsConfirmed: true },
  });
  return { email, response };
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url });
  admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
  await smtp?.close();
});

describe('mail as a job', () => {
  it('answers the sign-up while the SMTP server refuses, then retries and delivers the mail exactly once', async () => {
    smtp.refuseNext(2);
    const refusedBefore = smtp.refused();
    const { email, response } = await signUp(server.baseUrl);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await server.settleJobs();
    expect(smtp.refused() - refusedBefore).toBe(2);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0].subject).toMatch(/bestätigen/i);
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/jobs_total\{queue="mail",outcome="retried"\} [2-9]/);
    expect(metrics).toMatch(/jobs_total\{queue="mail",outcome="completed"\} [1-9]/);
  });

  it('counts and logs a mail given up after its last attempt', async () => {
    const lines: string[] = [];
    const local = await startTestServer({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '1', LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      smtp.refuseNext(2);
      const { email, response } = await signUp(local.baseUrl);
      expect(response.status).toBe(200);
      await local.settleJobs();
      expect(mailsTo(email)).toHaveLength(0);
      const metrics = await (await fetch(`${local.baseUrl}/metrics`)).text();
      expect(metrics).toContain('jobs_total{queue="mail",outcome="failed"} 1');
      const failed = lines.map((l) => JSON.parse(l) as { msg: string; job?: { queue: string; attempt: number } }).find((l) => l.msg === 'job failed for good');
      expect(failed?.job).toMatchObject({ queue: 'mail', attempt: 2 });
      // Nothing about the job's data (addresses, links) goes to the log.
      expect(lines.join('\n')).not.toContain(email);
    } finally {
      await local.close();
    }
  });

  it('keeps a job through a restart: sent by a process that works no jobs, delivered once by the next one', async () => {
    const sender = await buildServer({ config: { ...server.config, jobs: { ...server.config.jobs, inProcess: false } }, database: server.database });
    await sender.listen({ port: 0, host: '127.0.0.1' });
    const { port } = sender.server.address() as { port: number };
    const { email, response } = await signUp(`http://127.0.0.1:${port}`);
    expect(response.status).toBe(200);
    await sender.close();
    // The first server of this file works jobs too: it is stopped first, so the job waits in PostgreSQL.
    await server.app.deps.jobs.stop();
    try {
      const { rows } = await admin.query("select count(*)::int as n from pgboss.job where name = 'mail' and state = 'created'");
      expect(rows[0].n).toBe(1);
      expect(mailsTo(email)).toHaveLength(0);
      const restarted = await buildServer({ config: server.config, database: server.database });
      await restarted.ready();
      try {
        await settleJobs(server.database);
        expect(mailsTo(email)).toHaveLength(1);
      } finally {
        await restarted.close();
      }
    } finally {
      await server.app.deps.jobs.start();
    }
  });

  it('runs each job once while two workers share the database', async () => {
    const { app } = server;
    const second = new Jobs({ ...app.deps, config: server.config.jobs, log: app.log }, true);
    await second.start();
    try {
      const to = uniqueEmail('zweimal');
      for (let i = 0; i < 12; i++) {
        await app.deps.jobs.sendMail({ to, subject: `Auftrag ${i}`, text: `Auftrag ${i}`, html: `<p>Auftrag ${i}</p>` });
        second.nudge();
      }
      await server.settleJobs();
      const subjects = mailsTo(to).map((m) => m.subject).sort();
      expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Auftrag ${i}`).sort());
    } finally {
      await second.stop();
    }
  });
});

describe('the cleanup job', () => {
  it('removes expired links, refresh tokens, ended sessions, idempotency keys and challenges, firm by firm, and keeps the rest', async () => {
    const one = await signUp(server.baseUrl);
    const two = await signUp(server.baseUrl);
    expect(one.response.status).toBe(200);
    expect(two.response.status).toBe(200);
    const users = await admin.query<{ id: string; tenant_id: string }>('select id, tenant_id from users where email = any($1) order by email', [[one.email, two.email]]);
    expect(users.rows).toHaveLength(2);
    const day = 86_400_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    for (const user of users.rows) {
      // A link a week past its expiry goes; one just expired stays (it still says "expired").
      await admin.query("insert into one_time_tokens (tenant_id, user_id, purpose, token_hash, expires_at) values ($1, $2, 'reset_password', $3, $4), ($1, $2, 'reset_password', $5, $6)", [
        user.tenant_id, user.id, `old-${crypto.randomUUID()}`, ago(8 * day), `recent-${crypto.randomUUID()}`, ago(day),
      ]);
      // A session whose only refresh token expired goes, with the token.
      const session = await admin.query<{ id: string }>("insert into sessions (tenant_id, user_id, device_id, device_label) values ($1, $2, 'backoffice_old', 'alt') returning id", [user.tenant_id, user.id]);
      await admin.query('insert into refresh_tokens (tenant_id, session_id, token_hash, expires_at) values ($1, $2, $3, $4)', [user.tenant_id, session.rows[0].id, `rt-${crypto.randomUUID()}`, ago(day)]);
      await admin.query("insert into idempotency_keys (tenant_id, user_id, key, request_hash, expires_at) values ($1, $2, 'abgelaufen-1', 'x', $3), ($1, $2, 'gueltig-1', 'x', $4)", [
        user.tenant_id, user.id, ago(1000), new Date(Date.now() + day),
      ]);
    }
    await admin.query("insert into auth_challenges (challenge, kind, expires_at) values ('alt', 'authentication', $1)", [ago(1000)]);
    const count = async (table: string) =>
      (await admin.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = any($1)`, [users.rows.map((u) => u.tenant_id)])).rows[0].n;
    const before = { links: await count('one_time_tokens'), sessions: await count('sessions'), tokens: await count('refresh_tokens'), keys: await count('idempotency_keys') };

    await server.app.deps.jobs.sendCleanup();
    await server.settleJobs();

    expect(await count('one_time_tokens')).toBe(before.links - 2);
    expect(await count('sessions')).toBe(before.sessions - 2);
    expect(await count('refresh_tokens')).toBe(before.tokens - 2);
    expect(await count('idempotency_keys')).toBe(before.keys - 2);
    const left = await admin.query<{ key: string }>('select key from idempotency_keys where tenant_id = any($1)', [users.rows.map((u) => u.tenant_id)]);
    expect(left.rows.map((r) => r.key)).toEqual(['gueltig-1', 'gueltig-1']);
    expect((await admin.query("select 1 from auth_challenges where challenge = 'alt'")).rowCount).toBe(0);
    // The firms' own sessions of the sign-up are still valid.
    expect((await admin.query<{ n: number }>("select count(*)::int as n from sessions where device_id <> 'backoffice_old' and tenant_id = any($1)", [users.rows.map((u) => u.tenant_id)])).rows[0].n).toBe(2);
  });
});

describe('server processes', () => {
  let dataDir: string;
  let adminUrl: string;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-jobs-'));
    // The app role is one for the whole cluster: these processes use the password of the test files.
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ appRolePassword: 'test-app-role-password' }));
    const dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
    const base = new URL(inject('pgAdminBaseUrl'));
    base.pathname = `/${dbName}`;
    adminUrl = base.toString();
    await ensureDatabase(adminUrl, dbName);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once when two servers start together on one fresh database', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: adminUrl };
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // The migrator's advisory lock (db/database.ts), held here until both processes wait for it,
      // so that they surely start migrating at the same moment.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const starting = [startServer(env), startServer(env)];
      const waiting = async () => {
        const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted", [MIGRATION_LOCK]);
        return rows[0].n;
      };
      await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(2);
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      const started = await Promise.all(starting);
      processes.push(...started);
      for (const p of started) expect(p.output()).toContain('another process is migrating the database');
      const journal = JSON.parse(fs.readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
      const applied = await client.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations');
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
      for (const p of started) expect((await fetch(`${p.baseUrl}/ready`)).status).toBe(200);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('stops gracefully: not ready but alive while draining, finishes a request in flight, then exits 0', async () => {
    const one = await startServer({ DATA_DIR: dataDir, DATABASE_URL: adminUrl, SHUTDOWN_DRAIN_SECONDS: '3' });
    processes.push(one);
    expect((await fetch(`${one.baseUrl}/ready`)).status).toBe(200);
    expect(await (await fetch(`${one.baseUrl}/ready`)).json()).toEqual({ status: 'ready' });

    // A request in flight: its body is half sent when SIGTERM comes.
    const url = new URL(`${one.baseUrl}/api/Auth/SignIn`);
    const body = JSON.stringify({ userNameOrEmail: 'niemand@jobs-elektro.de', password: 'falsch-falsch-1' });
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Device-Id': newDeviceId() } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 4500);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    one.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${one.baseUrl}/ready`)).status, { timeout: 3000, interval: 50 }).toBe(503);
    // Draining: not ready, but alive and still serving.
    expect(await (await fetch(`${one.baseUrl}/ready`)).json()).toEqual({ status: 'draining' });
    expect((await fetch(`${one.baseUrl}/health`)).status).toBe(200);
    // After the drain the server no longer listens ...
    await expect.poll(() => fetch(`${one.baseUrl}/health`).then(() => 'listening', () => 'closed'), { timeout: 6000, interval: 100 }).toBe('closed');
    // ... and the request in flight still gets its whole answer (a refused sign-in).
    expect(await answer).toBe(400);
    expect(await one.exited).toBe(0);
  }, 90_000);
});
