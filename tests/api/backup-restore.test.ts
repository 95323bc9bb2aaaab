/**
 * Backup and restore as an operator runs them: a firm with a customer, an entry, a photo and a
 * work confirmation on a running server (its own embedded PostgreSQL), `npm run backup` while it
 * runs, `npm run restore` into a new data directory, a server on that one finds all of it.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { apiClient, newDeviceId, rawCall } from '../support/api-client';
import { freePort, root, startServer, type ServerProcess } from '../support/server-process';
import type { TestServer } from '../support/test-server';
import { checked, jpeg, newCustomer, newEntry, postForm, signaturePng, uploadImage } from './activity-support';
import type { Member } from './factories';

const run = promisify(execFile);
const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function tempDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fieldbook-${name}-`));
  // As root the embedded PostgreSQL runs as the user "postgres", which must reach it.
  fs.chmodSync(dir, 0o755);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function signUpOwner(server: ServerProcess): Promise<Member> {
  const deviceId = newDeviceId();
  const email = `backup-${crypto.randomUUID()}@example.de`;
  const answer = await rawCall(server.baseUrl, 'POST', '/api/Auth/SignUp', {
    headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId },
    body: JSON.stringify({ email, password: 'Sonnenblume-Kabel-42', tenantName: 'Elektro Schneider', termsConfirmed: true }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const session = answer.body.data;
  return memberOn(server, { tenantId: session.tenantId, userId: session.id, role: 'Owner', email, token: session.token, deviceId });
}

function memberOn(server: ServerProcess, who: Omit<Member, 'api' | 'auth'> & { deviceId: string }): Member {
  return {
    ...who,
    api: apiClient(server.baseUrl, { token: who.token, deviceId: who.deviceId }),
    auth: { Authorization: `Bearer ${who.token}`, 'X-Device-Id': who.deviceId },
  };
}

async function bytesOf(member: Member, url: string) {
  const response = await fetch(url, { headers: member.auth });
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

it('restores customers, entries, photos and work-confirmation PDFs from a backup of a running server', async () => {
  const dataDir = tempDir('backup-source');
  const server = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
  cleanup.push(() => server.stop());
  const owner = await signUpOwner(server);
  const asServer = { baseUrl: server.baseUrl } as TestServer;

  const customer = await newCustomer(owner, 'Bäckerei Huber');
  const entry = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'Zählerschrank erneuert.' });
  const photo = await uploadImage(asServer, owner, customer.id, {}, await jpeg(320, 240));
  const form = new FormData();
  form.append('customerId', customer.id);
  form.append('signee', 'Thomas Huber');
  form.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  const confirmed = await postForm(asServer, owner, '/api/WorkConfirmations', form);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const confirmation = confirmed.body.data;
  const photoBytes = await bytesOf(owner, `${server.baseUrl}/api/Images/Get/${photo.id}`);
  const pdfBytes = await bytesOf(owner, `${server.baseUrl}/api/WorkConfirmations/${confirmation.id}`);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  const archive = path.join(tempDir('backup-archive'), 'fieldbook.tar.gz');
  const backup = await run('npm', ['run', '--silent', 'backup', '--', archive], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
  expect(backup.stdout).toContain('online copy');
  // Written after the backup: must not be in the restored installation.
  const later = await newCustomer(owner, 'Nach der Sicherung GmbH');
  expect(await server.stop()).toBe(0);

  const restoredDir = path.join(tempDir('backup-target'), 'data');
  const restored = await run('npm', ['run', '--silent', 'restore', '--', archive], { cwd: root, env: { ...process.env, DATA_DIR: restoredDir } });
  expect(restored.stdout).toContain('1 firm(s)');

  const second = await startServer({ DATA_DIR: restoredDir, EMBEDDED_PG_PORT: String(await freePort()) });
  cleanup.push(() => second.stop());
  // The restored secrets sign the same tokens: the session from before the backup still works.
  const again = memberOn(second, { ...owner, deviceId: owner.auth['X-Device-Id'] });
  const customers = await again.api.GET('/api/Customers/GetAll', { params: { query: { page: 1, pageSize: 50, isDescending: false } } });
  expect(customers.response.status).toBe(200);
  const ids = customers.data!.data!.items.map((c) => c.id);
  expect(ids).toContain(customer.id);
  expect(ids).not.toContain(later.id);
  const entries = await again.api.GET('/api/Information/GetAll', { params: { query: { customerId: customer.id, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 50, isDescending: true } } });
  expect(entries.response.status, JSON.stringify(entries.error)).toBe(200);
  expect(entries.data!.data!.items.map((e) => e.id)).toContain(entry.id);
  expect(await bytesOf(again, `${second.baseUrl}/api/Images/Get/${photo.id}`)).toEqual(photoBytes);
  expect(await bytesOf(again, `${second.baseUrl}/api/WorkConfirmations/${confirmation.id}`)).toEqual(pdfBytes);
  const thumbnail = await fetch(`${second.baseUrl}/api/Images/GetThumbnail/${photo.id}`, { headers: again.auth });
  expect(thumbnail.status).toBe(200);
  await checked('GET', `${second.baseUrl}/api/Customers/Get?id=${customer.id}`, await fetch(`${second.baseUrl}/api/Customers/Get?id=${customer.id}`, { headers: again.auth }));

  expect(await second.stop()).toBe(0);
}, 300_000);

it('refuses to restore into a data directory that is not empty, changing nothing', async () => {
  const dataDir = tempDir('restore-busy');
  fs.writeFileSync(path.join(dataDir, 'keep.txt'), 'x');
  const failed = await run('npm', ['run', '--silent', 'restore', '--', path.join(dataDir, 'none.tar.gz')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  }).catch((error: { code: number; stderr: string }) => error);
  expect((failed as { code: number }).code).toBe(1);
  expect((failed as { stderr: string }).stderr).toContain('Restore failed');
  expect(fs.readdirSync(dataDir)).toEqual(['keep.txt']);
}, 60_000);
