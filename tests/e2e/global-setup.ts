/**
 * End-to-end tests run the built app (dist/) and the real server on an embedded PostgreSQL,
 * exactly as `npm start` does, on a free port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/platform/config';
import { prepareDatabase } from '../../server/bootstrap';
import { freePort } from '../support/pg-global-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  const prepared = await prepareDatabase(config, () => undefined);
  const app = await buildServer({ config, database: prepared.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  project.provide('appUrl', `http://127.0.0.1:${port}`);
  return async () => {
    await app.close();
    await prepared.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
