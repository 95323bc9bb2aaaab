/**
 * Two real server processes on one PostgreSQL behind nginx (decision 0046): nothing a request needs
 * lives in one process. A session opened on one is refreshed on the other, a photo uploaded on one
 * is served by the other (one shared DATA_DIR), the sign-in limit counts the attempts of both, a
 * mail job sent by one runs exactly once although both work the queue, and a process killed with
 * SIGKILL in the middle of writes loses none that was answered.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ensureDatabase } from '../../server/db/embedded';
import { newDeviceId } from '../support/api-client';
import { caller } from '../support/http';
import { startNginx, type LoadBalancer } from '../support/nginx';
import { startServer, type ServerProcess } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../e2e/smtp-sink';
import { imageForm, jpeg } from './activity-support';

const PASSWORD = 'Sicherung-Leitung-37';
let dataDir: string;
let admin: pg.Client;
let smtp: SmtpSink;
let one: ServerProcess;
let two: ServerProcess;
let nginx: LoadBalancer;
let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}${serial++}@zwei-prozesse.de`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-two-'));
  // The app role is one for the whole cluster: these processes use the password of the test files.
  fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ appRolePassword: 'test-app-role-password' }));
  const dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
  const base = new URL(inject('pgAdminBaseUrl'));
  base.pathname = `/${dbName}`;
  await ensureDatabase(base.toString(), dbName);
  smtp = await startSmtpSink();
  // Both processes share the directory (and with it the signing secrets), the database and the mail server.
  const env = { DATA_DIR: dataDir, DATABASE_URL: base.toString(), TRUST_PROXY: '1', SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', MAIL_RETRY_DELAY_SECONDS: '1' };
  [one, two] = await Promise.all([startServer(env), startServer(env)]);
  nginx = await startNginx([one.baseUrl, two.baseUrl]);
  admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
}, 120_000);
afterAll(async () => {
  await admin?.end();
  await nginx?.close();
  await Promise.all([one?.stop(), two?.stop()]);
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const viaNginx = () => caller(nginx.baseUrl);
const upstreamOf = (response: { headers: Headers }) => response.headers.get('x-upstream');

async function signUp(email = uniqueEmail('inhaber'), deviceId = newDeviceId()) {
  const response = await viaNginx()('POST', '/api/Auth/SignUp', { deviceId, body: { email, password: PASSWORD, tenantName: 'Elektro Zwei', termsConfirmed: true } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { email, deviceId, session: response.body.data as { token: string; refreshToken: string }, upstream: upstreamOf(response) };
}

describe('two server processes behind nginx', () => {
  it('spreads the calls over both processes', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 4; i++) seen.add(upstreamOf(await fetch(`${nginx.baseUrl}/ready`)));
    expect([...seen].sort()).toEqual([new URL(one.baseUrl).host, new URL(two.baseUrl).host].sort());
  });

  it('signs in through one process and refreshes through the other; the used refresh token is dead on both', async () => {
    const { email, deviceId } = await signUp();
    const signIn = await caller(one.baseUrl)('POST', '/api/Auth/SignIn', { deviceId, body: { userNameOrEmail: email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const refreshed = await caller(two.baseUrl)('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: signIn.body.data.refreshToken } });
    expect(refreshed.status).toBe(200);
    // The new access token works on the first process, the rotated refresh token is refused there.
    expect((await caller(one.baseUrl)('GET', '/api/Customers/GetAll?page=1&pageSize=50&isDescending=false', { deviceId, token: refreshed.body.data.token })).status).toBe(200);
    const reuse = await caller(one.baseUrl)('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: signIn.body.data.refreshToken } });
    expect(reuse.status).toBe(401);
  });

  it('serves a photo uploaded on one process from the other', async () => {
    const { deviceId, session } = await signUp();
    const auth = { Authorization: `Bearer ${session.token}`, 'X-Device-Id': deviceId };
    const customer = await caller(one.baseUrl)('POST', '/api/Customers/Create', { deviceId, token: session.token, body: { companyName: 'Bäckerei Korn', country: 'DE' } });
    expect(customer.status).toBe(200);
    const photo = await jpeg(320, 240);
    const form = imageForm({ customerId: customer.body.data.id }, { data: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' });
    const uploaded = await fetch(`${one.baseUrl}/api/Images/UploadWorkDocImage`, { method: 'POST', body: form, headers: auth });
    expect(uploaded.status).toBe(200);
    const image = ((await uploaded.json()) as { data: { id: string; sizeBytes: number } }).data;
    const served = await fetch(`${two.baseUrl}/api/Images/Get/${image.id}`, { headers: auth });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(image.sizeBytes);
    const thumbnail = await fetch(`${two.baseUrl}/api/Images/GetThumbnail/${image.id}`, { headers: auth });
    expect(thumbnail.status).toBe(200);
  });

  it('counts sign-in attempts of both processes against one limit', async () => {
    const email = uniqueEmail('rater');
    const upstreams = new Set<string | null>();
    // The limit of one address guessing one account is 10 in 15 minutes (platform/rate-limit.ts).
    for (let i = 0; i < 10; i++) {
      const attempt = await viaNginx()('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: email, password: `falsch-${i}-Passwort` } });
      expect(attempt.status).toBe(400);
      upstreams.add(upstreamOf(attempt));
    }
    expect(upstreams.size).toBe(2);
    for (const server of [one, two]) {
      const refused = await caller(server.baseUrl)('POST', '/api/Auth/SignIn', { headers: { 'X-Forwarded-For': '127.0.0.1' }, body: { userNameOrEmail: email, password: 'noch-ein-Versuch-1' } });
      expect(refused.status).toBe(429);
      expect(refused.body.errorMessages[0].code).toBe('RATE_LIMITED');
    }
  });

  it('runs each mail job once although both processes work the queue', async () => {
    const signUps = [];
    for (let i = 0; i < 6; i++) signUps.push(await signUp(uniqueEmail(`post${i}`)));
    expect(new Set(signUps.map((s) => s.upstream)).size).toBe(2);
    const idle = async () => {
      const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')");
      return rows[0].n;
    };
    await expect.poll(idle, { timeout: 20_000, interval: 100 }).toBe(0);
    for (const { email } of signUps) expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('loses no answered write when one process is killed with SIGKILL during writes', async () => {
    const { deviceId, session } = await signUp();
    const answered: { id: string; companyName: string }[] = [];
    const refused: number[] = [];
    let next = 0;
    const writer = async () => {
      while (next < 80) {
        const n = next++;
        if (n === 30) two.child.kill('SIGKILL');
        const companyName = `Kunde ${n} ${crypto.randomBytes(3).toString('hex')}`;
        // Plain fetch: the load balancer's own 502 page is no answer of the contract.
        const response = await fetch(`${nginx.baseUrl}/api/Customers/Create`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${session.token}`, 'X-Device-Id': deviceId, 'Content-Type': 'application/json' },
          body: JSON.stringify({ companyName, country: 'DE' }),
        });
        if (response.status === 200) answered.push({ id: ((await response.json()) as { data: { id: string } }).data.id, companyName });
        else refused.push(response.status);
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(await two.exited).toBe('SIGKILL');
    // Only requests in flight at the kill may fail, and only as the load balancer's 502.
    expect(refused.every((status) => status === 502)).toBe(true);
    expect(answered.length).toBeGreaterThanOrEqual(80 - 4);
    const { rows } = await admin.query<{ id: string; company_name: string }>('select id, company_name from customers where id = any($1::uuid[])', [answered.map((a) => a.id)]);
    expect(rows.map((r) => [r.id, r.company_name]).sort()).toEqual(answered.map((a) => [a.id, a.companyName]).sort());
    // The survivor still answers through the load balancer.
    expect((await viaNginx()('GET', '/api/Customers/GetAll?page=1&pageSize=50&isDescending=false', { deviceId, token: session.token })).status).toBe(200);
  });
});
