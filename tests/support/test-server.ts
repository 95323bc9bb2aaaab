/**
 * A real server on a real PostgreSQL for one test file: a fresh database, migrations, the app
 * role, Fastify listening on a free port of 127.0.0.1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { loadConfig, type Config } from '../../server/platform/config';
import type { Clock } from '../../server/platform/clock';
import { ensureDatabase } from '../../server/db/embedded';
import { appUrlFrom, connectDatabase, migrateDatabase, type Database } from '../../server/db/database';
import { caller } from './http';

const TEST_APP_ROLE_PASSWORD = 'test-app-role-password';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  adminUrl: string;
  close: () => Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}, options: { clock?: Clock; logStream?: { write(line: string): void } } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-data-'));
  const dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
  const base = new URL(inject('pgAdminBaseUrl'));
  base.pathname = `/${dbName}`;
  const adminUrl = base.toString();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: adminUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    SERVE_APP: 'false',
    TRUST_PROXY: 'true',
    ...env,
  });
  await ensureDatabase(adminUrl, dbName);
  // The app role is cluster-wide: all test files share one password for it.
  await migrateDatabase(adminUrl, TEST_APP_ROLE_PASSWORD);
  const database = connectDatabase(appUrlFrom(adminUrl, TEST_APP_ROLE_PASSWORD), 5, config.databaseTimeouts);
  const app = await buildServer({ config, database, clock: options.clock }, { logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    config,
    database,
    adminUrl,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test server with what the sign-up and sign-in tests use beside it: a raw caller and a connected
 * admin client of its database (to read what no call shows); `close` ends both.
 */
export async function startServerWithAdmin(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  const close = async () => {
    await admin.end();
    await server.close();
  };
  return { server, call: caller(server.baseUrl), admin, close };
}
