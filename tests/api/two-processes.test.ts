/**
 * Two real server processes on one PostgreSQL and one bucket of a local S3-compatible server
 * (s3rver, the real `@aws-sdk/client-s3` in front) behind nginx (decisions 0045, 0046): nothing a
 * request needs lives in one process. Each process has a DATA_DIR of its own (only the same
 * secrets file in it), so a file that landed on one process's disk would be missed by the other.
 * A session opened on one is refreshed on the other, a photo uploaded on one is served by the
 * other from the bucket, the sign-in limit counts the attempts of both, a mail job sent by one
 * runs exactly once although both work the queue, and a process killed with SIGKILL in the middle
 * of writes loses none that was answered.
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
import { startLocalS3, type LocalS3 } from '../support/s3';
import { S3FileStorage } from '../../server/platform/storage';
import { startServer, type ServerProcess } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../e2e/smtp-sink';
import { imageForm, jpeg } from './activity-support';

const PASSWORD = 'Sicherung-Leitung-37';
let dataDirs: string[] = [];
let s3: LocalS3;
let bucket: S3FileStorage;
let admin: pg.Client;
let smtp: SmtpSink;
let one: ServerProcess;
let two: ServerProcess;
let nginx: LoadBalancer;
let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}${serial++}@zwei-prozesse.de`;

beforeAll(async () => {
  // The app role is one for the whole cluster: these processes use the password of the test files.
  // Both processes sign with the same secrets (as operators share them), each in its own directory.
  const secrets = JSON.stringify({
    appRolePassword: 'test-app-role-password',
    jwtSecret: crypto.randomBytes(32).toString('base64url'),
    cookieSecret: crypto.randomBytes(32).toString('base64url'),
    dataKeys: [crypto.randomBytes(32).toString('base64url')],
  });
  dataDirs = [0, 1].map(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-two-'));
    fs.writeFileSync(path.join(dir, 'secrets.json'), secrets, { mode: 0o600 });
    return dir;
  });
  const dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
  const base = new URL(inject('pgAdminBaseUrl'));
  base.pathname = `/${dbName}`;
  await ensureDatabase(base.toString(), dbName);
  smtp = await startSmtpSink();
  s3 = await startLocalS3();
  const bucketEnv = s3.env(await s3.createBucket());
  bucket = new S3FileStorage({
    bucket: bucketEnv.S3_BUCKET,
    region: bucketEnv.S3_REGION,
    endpoint: bucketEnv.S3_ENDPOINT,
    forcePathStyle: true,
    accessKeyId: bucketEnv.S3_ACCESS_KEY_ID,
    secretAccessKey: bucketEnv.S3_SECRET_ACCESS_KEY,
  });
  // Both processes share the database, the bucket and the mail server; no directory.
  const env = { ...bucketEnv, DATABASE_URL: base.toString(), TRUST_PROXY: '1', SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', MAIL_RETRY_DELAY_SECONDS: '1' };
  [one, two] = await Promise.all(dataDirs.map((dir) => startServer({ ...env, DATA_DIR: dir })));
  nginx = await startNginx([one.baseUrl, two.baseUrl]);
  admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
}, 120_000);
afterAll(async () => {
  await admin?.end();
  await nginx?.close();
  await Promise.all([one?.stop(), two?.stop()]);
  await smtp?.close();
  await s3?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
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

  it('serves a photo uploaded on one process from the other, out of the bucket', async () => {
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
    // A range is answered by the other process too, read as a range from the bucket.
    const part = await fetch(`${two.baseUrl}/api/Images/Get/${image.id}`, { headers: { ...auth, Range: 'bytes=2-101' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(2, 102))).toBe(true);
    // The photo and its thumbnail are objects of the bucket, byte for byte what was served ...
    const { rows } = await admin.query<{ storage_key: string; thumbnail_key: string }>('select storage_key, thumbnail_key from images where id = $1', [image.id]);
    const objects = new Map<string, number>();
    for await (const object of bucket.list(rows[0].storage_key.split('/')[0])) objects.set(object.key, object.size);
    expect(objects.get(rows[0].storage_key)).toBe(image.sizeBytes);
    expect((await bucket.get(rows[0].storage_key)).equals(bytes)).toBe(true);
    expect(objects.get(rows[0].thumbnail_key)).toBe(Buffer.from(await thumbnail.arrayBuffer()).length);
    // ... and neither process wrote a file into its own directory.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
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
