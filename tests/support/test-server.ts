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
import { startLocalS3 } from './s3';
import { joinsWithoutTenant } from './sql-joins';

const TEST_APP_ROLE_PASSWORD = 'test-app-role-password';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  adminUrl: string;
  /** The stored files' keys under `prefix` (e.g. `<tenantId>/images`), sorted, in whichever store the server uses. */
  storedKeys: (prefix: string) => Promise<string[]>;
  /** Waits until no job is waiting or running (mails are stored as jobs and sent by the worker, decision 0040). */
  settleJobs: () => Promise<void>;
  close: () => Promise<void>;
}

/** Waits until the queue of this database has no job waiting, due for a retry or running. */
export async function settleJobs(database: Database, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await database.pool.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() + interval '1 minute'",
    );
    if (rows[0].n === 0) return;
    if (Date.now() > until) throw new Error(`${rows[0].n} jobs still pending`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * FIELDBOOK_TEST_STORAGE=s3 (the `api-s3` project) runs the same file tests with the files in a
 * bucket of a local S3-compatible server, one per test server (decision 0045).
 */
async function testStorage(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (process.env.FIELDBOOK_TEST_STORAGE !== 's3') return { env: {}, close: async () => undefined };
  const s3 = await startLocalS3();
  return { env: s3.env(await s3.createBucket()), close: s3.close };
}

export async function startTestServer(env: Record<string, string> = {}, options: { clock?: Clock; logStream?: { write(line: string): void } } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-data-'));
  const storage = await testStorage();
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
    // Mails are jobs (decision 0040): a failed attempt is retried after a second here, not half a minute.
    MAIL_RETRY_DELAY_SECONDS: '1',
    JOBS_POLL_SECONDS: '0.5',
    // Many test servers share one PostgreSQL.
    DATABASE_POOL_SIZE: '5',
    ...storage.env,
    ...env,
  });
  await ensureDatabase(adminUrl, dbName);
  // The app role is cluster-wide: all test files share one password for it.
  await migrateDatabase(adminUrl, TEST_APP_ROLE_PASSWORD);
  const database = connectDatabase(appUrlFrom(adminUrl, TEST_APP_ROLE_PASSWORD), config.databasePoolSize, config.databaseTimeouts);
  const statements = recordStatements(database);
  const app = await buildServer({ config, database, clock: options.clock }, { logStream: options.logStream });
  // The api-s3 project must not pass by quietly using the directory.
  if (storage.env.STORAGE_DRIVER === 's3' && !app.deps.storage.description.startsWith('bucket ')) throw new Error('FIELDBOOK_TEST_STORAGE=s3, but the server does not use the bucket');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    config,
    database,
    adminUrl,
    storedKeys: async (prefix) => {
      const keys: string[] = [];
      for await (const file of app.deps.storage.list(prefix)) keys.push(file.key.slice(prefix.length + 1));
      return keys.sort();
    },
    settleJobs: () => settleJobs(database),
    close: async () => {
      await app.close();
      await database.close();
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const joins = [...new Set([...statements].flatMap(joinsWithoutTenant))];
      if (joins.length) throw new Error(`Joins of two tenant tables without tenant_id (a Citus cluster cannot run them on one node, decision 0046):\n${joins.join('\n')}`);
    },
  };
}

/** Every statement the server's pool sends, for the join check of `close` (tests/support/sql-joins.ts). */
function recordStatements(database: Database): Set<string> {
  const statements = new Set<string>();
  database.pool.on('connect', (client) => {
    // Through the prototype's method as it is at each call, so a test that wraps that one still sees the statements.
    const prototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === 'string') statements.add(text);
      return prototype.query.call(client, config, ...rest);
    };
  });
  return statements;
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
