/**
 * Connections: migrations run as the administrating role; the app runs as `fieldbook_app`, which
 * owns nothing, is not a superuser and cannot bypass row-level security. Every tenant query runs
 * in `withTenant`, a transaction that sets `app.tenant_id`.
 */
import pg from 'pg';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parts of drizzle's pool session that a session on one client of it shares. */
interface PoolSessionParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
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
    withTenant: async (tenantId, fn) => {
      // BEGIN and the tenant in one round trip: a simple query may hold two statements but takes no
      // parameters, so the id goes in as a literal, checked to be a UUID first. drizzle's own
      // `transaction` sends them one by one; this is the same transaction (drizzle's session and
      // transaction classes on one client: savepoints, `tx.rollback()`), one statement shorter
      // for every call of the app (docs/benchmarks.md, throughput).
      if (!UUID.test(tenantId)) throw new TypeError('withTenant needs a tenant id (a UUID)');
      const client = await pool.connect();
      const parts = db._.session as unknown as PoolSessionParts;
      const session = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
      const tx = new NodePgTransaction(parts.dialect, session, parts.schema) as unknown as Tx;
      let broken: Error | undefined;
      try {
        await client.query(`begin; select set_config('app.tenant_id', '${tenantId}', true)`);
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped from the pool, not handed out again.
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
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
