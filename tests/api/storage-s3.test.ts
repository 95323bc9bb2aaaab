/**
 * Files in an S3-compatible bucket (decision 0045), as an operator meets them: a server that
 * cannot use its bucket stops at start with a message that says what to change; the move command
 * copies an installation's files into the bucket and back, verifies checksums, and a second run
 * skips what is already there; a backup of an installation with its files in the bucket holds
 * them and a restore puts them into another bucket. A local s3rver with the real
 * `@aws-sdk/client-s3` in front; the servers and commands are real processes.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config';
import { S3FileStorage } from '../../server/platform/storage';
import { freePort, root, spawnServer, startServer } from '../support/server-process';
import { startLocalS3, type LocalS3 } from '../support/s3';
import type { TestServer } from '../support/test-server';
import { jpeg, newCustomer, uploadImage } from './activity-support';
import { rawCall, newDeviceId, apiClient } from '../support/api-client';

const run = promisify(execFile);
let s3: LocalS3;
const cleanup: (() => Promise<unknown> | void)[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await s3?.close();
});

function tempDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fieldbook-${name}-`));
  // As root the embedded PostgreSQL runs as the user "postgres", which must reach it.
  fs.chmodSync(dir, 0o755);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function bucketStorage(bucket: string) {
  return new S3FileStorage(loadConfig({ ...s3.env(bucket), DATA_DIR: tempDir('config') }).storage.s3!);
}

async function keysOf(storage: S3FileStorage) {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

/** Runs `npm run <script>` and answers its exit code and output, failing or not. */
async function npm(script: string, args: string[], env: Record<string, string>) {
  try {
    const done = await run('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env: { ...process.env, ...env } });
    return { code: 0, output: done.stdout + done.stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('start-up with STORAGE_DRIVER=s3', () => {
  it('stops with a clear message, naming the setting and no internals, when the bucket is missing or the keys are wrong', async () => {
    const dataDir = tempDir('s3-start');
    const missing = spawnServer({ DATA_DIR: dataDir, PORT: '0', ...s3.env('no-such-bucket') });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain('Start failed: The bucket "no-such-bucket" does not exist at the object storage; create it or correct S3_BUCKET.');

    const bucket = await s3.createBucket();
    const wrongKeys = spawnServer({ DATA_DIR: dataDir, PORT: '0', ...s3.env(bucket, { S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' }) });
    expect(await wrongKeys.exited).toBe(1);
    expect(wrongKeys.output()).toContain(`Start failed: The object storage refused access to the bucket "${bucket}"; check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY`);

    const unreachable = spawnServer({ DATA_DIR: dataDir, PORT: '0', ...s3.env(bucket, { S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }) });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output()).toContain('Start failed: Could not reach the object storage at http://127.0.0.1:');
    for (const output of [missing.output(), wrongKeys.output(), unreachable.output()]) {
      expect(output).not.toMatch(/\n\s+at |S3ServiceException|\$metadata|WRONG|S3RVER/);
      // The database was never started: the bucket is checked first.
      expect(output).not.toContain('embedded PostgreSQL running');
    }

    const incomplete = spawnServer({ DATA_DIR: dataDir, PORT: '0', STORAGE_DRIVER: 's3' });
    expect(await incomplete.exited).toBe(2);
    expect(incomplete.output()).toContain('S3_BUCKET: is needed with STORAGE_DRIVER=s3');
  }, 120_000);
});

describe('npm run storage:move', () => {
  it('copies the files into the bucket and back with verified checksums, and a second run only copies what differs', async () => {
    const dataDir = tempDir('s3-move');
    const bucket = await s3.createBucket();
    const env = { DATA_DIR: dataDir, ...s3.env(bucket, { STORAGE_DRIVER: 'local' }) };
    const tenant = crypto.randomUUID();
    const files: Record<string, Buffer> = {
      [`${tenant}/images/${crypto.randomUUID()}.jpg`]: crypto.randomBytes(300_000),
      [`${tenant}/images/${crypto.randomUUID()}-thumb.webp`]: crypto.randomBytes(2_000),
      [`${tenant}/confirmations/${crypto.randomUUID()}.pdf`]: Buffer.from('%PDF-1.7 confirmation'),
      [`${tenant}/logo-1795740000000.png`]: crypto.randomBytes(5_000),
    };
    for (const [key, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dataDir, 'files', key)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'files', key), bytes);
    }
    // A write that never finished is no stored file and is not moved.
    fs.writeFileSync(path.join(dataDir, 'files', tenant, 'images', 'x.jpg.a1b2c3.tmp'), 'half');
    const storage = bucketStorage(bucket);
    // An earlier run that was interrupted after one file.
    const [firstKey] = Object.keys(files);
    await storage.put(firstKey, files[firstKey]);

    const moved = await npm('storage:move', ['--to', 's3'], env);
    expect(moved.code, moved.output).toBe(0);
    expect(moved.output).toContain(`4 file(s) in the directory ${path.join(dataDir, 'files')}: 3 copied to the bucket ${bucket} at ${s3.endpoint}`);
    expect(moved.output).toContain('1 already there with the same checksum, 0 failed');
    expect(moved.output).toContain('Set STORAGE_DRIVER=s3 and restart');
    expect(await keysOf(storage)).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) expect((await storage.get(key)).equals(bytes), key).toBe(true);

    // One object changed in the bucket (same size): the next run finds it by its checksum and copies it again.
    const [, secondKey] = Object.keys(files);
    await storage.put(secondKey, crypto.randomBytes(files[secondKey].length));
    const again = await npm('storage:move', ['--to', 's3'], env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('1 copied');
    expect(again.output).toContain('3 already there with the same checksum, 0 failed');
    expect((await storage.get(secondKey)).equals(files[secondKey])).toBe(true);

    // And back into an empty directory.
    const back = tempDir('s3-back');
    const returned = await npm('storage:move', ['--to', 'local'], { ...env, DATA_DIR: back, STORAGE_DRIVER: 's3' });
    expect(returned.code, returned.output).toBe(0);
    expect(returned.output).toContain(`4 file(s) in the bucket ${bucket} at ${s3.endpoint}: 4 copied to the directory ${path.join(back, 'files')}`);
    for (const [key, bytes] of Object.entries(files)) expect(fs.readFileSync(path.join(back, 'files', key)).equals(bytes), key).toBe(true);

    const usage = await npm('storage:move', ['--to', 'ftp'], env);
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: npm run storage:move -- --to s3|local');
    const noBucket = await npm('storage:move', ['--to', 's3'], { DATA_DIR: dataDir, S3_BUCKET: '', STORAGE_DRIVER: 'local' });
    expect(noBucket.code).toBe(1);
    expect(noBucket.output).toContain('S3_BUCKET (and the other S3_ settings of the bucket) must be set');
  }, 180_000);
});

describe('backup and restore with the files in a bucket', () => {
  it("puts the bucket's files into the archive and a restore into another bucket, where a server serves them", async () => {
    const dataDir = tempDir('s3-backup');
    const bucket = await s3.createBucket();
    const server = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), ...s3.env(bucket) });
    cleanup.push(() => server.stop());
    expect(server.output()).toContain(`files in the bucket ${bucket}`);
    const deviceId = newDeviceId();
    const signUp = await rawCall(server.baseUrl, 'POST', '/api/Auth/SignUp', {
      headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId },
      body: JSON.stringify({ email: `s3-${crypto.randomUUID()}@example.de`, password: 'Sonnenblume-Kabel-42', tenantName: 'Elektro Schneider', termsConfirmed: true }),
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const session = signUp.body.data;
    const auth = { Authorization: `Bearer ${session.token}`, 'X-Device-Id': deviceId };
    const owner = { tenantId: session.tenantId, userId: session.id, role: 'Owner' as const, email: '', token: session.token, api: apiClient(server.baseUrl, { token: session.token, deviceId }), auth };
    const customer = await newCustomer(owner, 'Bäckerei Huber');
    const photo = await uploadImage({ baseUrl: server.baseUrl } as TestServer, owner, customer.id, {}, await jpeg(320, 240));
    const original = Buffer.from(await (await fetch(`${server.baseUrl}/api/Images/Get/${photo.id}`, { headers: auth })).arrayBuffer());
    // A range comes straight from the bucket.
    const range = await fetch(`${server.baseUrl}/api/Images/Get/${photo.id}`, { headers: { ...auth, Range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(original.subarray(10, 20))).toBe(true);
    // Nothing of the files lies in the data directory.
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    const archive = path.join(tempDir('s3-archive'), 'fieldbook.tar.gz');
    const backup = await npm('backup', [archive], { DATA_DIR: dataDir, ...s3.env(bucket) });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/2 file\(s\) in the bucket .*: 2 copied/);
    expect(await server.stop()).toBe(0);

    const restoredDir = path.join(tempDir('s3-restored'), 'data');
    const target = await s3.createBucket();
    const restored = await npm('restore', [archive], { DATA_DIR: restoredDir, ...s3.env(target) });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`2 copied to the bucket ${target}`);
    expect(fs.existsSync(path.join(restoredDir, 'files'))).toBe(false);

    const second = await startServer({ DATA_DIR: restoredDir, EMBEDDED_PG_PORT: String(await freePort()), ...s3.env(target) });
    cleanup.push(() => second.stop());
    const again = await fetch(`${second.baseUrl}/api/Images/Get/${photo.id}`, { headers: auth });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(original)).toBe(true);
    expect(await second.stop()).toBe(0);
  }, 300_000);
});
