/**
 * Connections: migrations run as the administrating role; the app runs as `fieldbook_app`, which
 * owns nothing, is not a superuser and cannot bypass row-level security. Every tenant query runs
 * in `withTenant`, a transaction that sets `app.tenant_id`.
 */
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { fromRoot } from '../platform/paths';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const APP_ROLE = 'fieldbook_app';
/** Tables the app role may not touch; it reaches them only through security-definer functions. */
const PRIVATE_TABLES = ['account_directory'];
/** Tables the app may only add to: the audit trail is never rewritten. */
const APPEND_ONLY_TABLES = ['audit_log'];
const migrationsFolder = fromRoot('server', 'db', 'migrations');

export async function migrateDatabase(adminUrl: string, appRolePassword: string) {
  const pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder });
    await ensureAppRole(pool, appRolePassword);
  } finally {
    await pool.end();
  }
}

/** Creates the app role if needed and grants it data access, nothing more. */
async function ensureAppRole(pool: pg.Pool, password: string) {
  const client = await pool.connect();
  try {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const literal = (await client.query('select quote_literal($1) as l', [password])).rows[0].l as string;
    const alter = `alter role ${APP_ROLE} with login nosuperuser nobypassrls password ${literal}`;
    if (exists.rowCount === 0) {
      try {
        await client.query(
          `create role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole noinherit nobypassrls password ${literal}`,
        );
      } catch (error) {
        // Another process created it at the same moment (several servers or test files).
        if ((error as { code?: string }).code !== '42710') throw error;
        await client.query(alter);
      }
    } else {
      await client.query(alter);
    }
    const db = (await client.query('select current_database() as d')).rows[0].d as string;
    await client.query(`grant connect on database "${db}" to ${APP_ROLE}`);
    await client.query(`grant usage on schema public to ${APP_ROLE}`);
    await client.query(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`);
    await client.query(`grant usage, select on all sequences in schema public to ${APP_ROLE}`);
    for (const table of PRIVATE_TABLES) await client.query(`revoke all on ${table} from ${APP_ROLE}`);
    for (const table of APPEND_ONLY_TABLES) await client.query(`revoke update, delete on ${table} from ${APP_ROLE}`);
    await client.query(`grant execute on all functions in schema public to ${APP_ROLE}`);
    await client.query(`revoke all on schema drizzle from ${APP_ROLE}`).catch(() => undefined);
  } finally {
    client.release();
  }
}

/** The URL the app role connects with: DATABASE_APP_URL, or the admin URL with the app's credentials. */
export function appUrlFrom(adminUrl: string, appRolePassword: string) {
  const url = new URL(adminUrl);
  url.username = APP_ROLE;
  url.password = appRolePassword;
  return url.toString();
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Runs `fn` in a transaction whose queries see only this tenant's rows. */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function connectDatabase(appUrl: string, max = 10): Database {
  // A call waits at most this long for a connection while the database is away, then answers 503.
  const pool = new pg.Pool({ connectionString: appUrl, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A lost connection (database restarted, failover, backend terminated) is reported to the pool
  // for idle clients and to the client itself while checked out; without listeners on both the
  // 'error' event would end the process. The broken client is dropped on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    withTenant: (tenantId, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
        return fn(tx);
      }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
