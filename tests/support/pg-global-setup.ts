/**
 * Starts one embedded PostgreSQL for a test project; every test file makes its own database in it
 * (tests/support/test-server.ts), so files never see each other's rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminBaseUrl: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-pg-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, password: 'test-admin-password' });
  project.provide('pgAdminBaseUrl', pg.adminUrl('postgres'));
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
