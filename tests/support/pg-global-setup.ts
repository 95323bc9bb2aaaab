/**
 * Starts one embedded PostgreSQL for a test project; every test file makes its own database in it
 * (tests/support/test-server.ts), so files never see each other's rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { freePort } from '../../server/platform/free-port';

export { freePort };

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminBaseUrl: string;
  }
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
