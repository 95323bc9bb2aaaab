/**
 * Connections: migrations run as the administrating role; the app runs as `fieldbook_app`, which
 * owns nothing, is not a superuser and cannot bypass row-level security. Every tenant query runs
 * in `withTenant`, a transaction that sets `app.tenant_id`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fromRoot } from '../platform/paths';
import { grantJobQueue, installJobQueue } from '../platform/job-queue';
import type { DatabaseTimeouts } from '../platform/config';

/**
 * The app builds its queries with drizzle's query builder over the tables of `./schema`, never with
 * its relational API (`db.query.<table>`), so drizzle is given no schema: with one, every
 * transaction (each call of the app) built a query object per table: 6.6 µs of Node.js's CPU
 * a call and its garbage, 0.1 µs without (timed in a loop). `Tx` then has no `query.<table>` to misuse.
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const APP_ROLE = 'fieldbook_app';
/** Tables the app role may not touch; it reaches them only through security-definer functions. */
const PRIVATE_TABLES = ['account_directory'];
/** Tables the app may only add to: the audit trail and issued invoices are never rewritten (decision 0031). */
const APPEND_ONLY_TABLES = ['audit_log', 'issued_invoices'];
const migrationsFolder = fromRoot('server', 'db', 'migrations');

/** The advisory lock the migrator holds: one process migrates, the others wait and then find nothing to do. */
const MIGRATION_LOCK = 0x6669_656c; // 'fiel'

/**
 * Migrations, the job queue's schema and the app role's grants, under a PostgreSQL advisory lock:
 * several processes starting at once against one database migrate it once, one after the other
 * (decision 0040). `onWait` is told when another process holds the lock.
 */
export async function migrateDatabase(adminUrl: string, appRolePassword: string, onWait?: () => void) {
  const lock = new pg.Client({ connectionString: adminUrl });
  lock.on('error', () => undefined);
  await lock.connect();
  const pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
  try {
    const first = await lock.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [MIGRATION_LOCK]);
    if (!first.rows[0].got) {
      onWait?.();
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    }
    await migrate(drizzle(pool), { migrationsFolder });
    await installJobQueue(pool);
    await ensureAppRole(pool, appRolePassword);
  } finally {
    await pool.end();
    // Ending the session gives the lock back.
    await lock.end().catch(() => undefined);
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
    await grantJobQueue(client, APP_ROLE);
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
  /**
   * Runs `fn` in a transaction whose queries see only this tenant's rows. Inside `offerOpened` of a
   * transaction opened for the same tenant and not yet taken, `fn` runs in that one instead.
   */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Opens a tenant transaction with a first statement in the same round trip (the session check of
   * a request) and answers its rows. The transaction is kept for the first `withTenant` of this
   * tenant that runs inside `offerOpened` before the event loop's next turn; if none asks by then
   * it is committed and its connection returned, so it is never held across a wait for I/O.
   */
  openTenant<R>(tenantId: string, statement: string): Promise<{ rows: R[]; opened: OpenedTransaction }>;
  /** Runs `fn` (and what it calls later) with `opened` on offer to `withTenant`. */
  offerOpened<T>(opened: OpenedTransaction, fn: () => T): T;
  /**
   * Runs `fn` (and what it calls later) with `slot` as the request's transaction slot: once a
   * transaction is held in it (`holdTenant`), every `withTenant` of that tenant inside `fn` runs in
   * it as a savepoint, and the holder alone commits or rolls back (idempotency keys, decision 0033).
   */
  withSlot<T>(slot: TransactionSlot, fn: () => T): T;
  /** The slot of the request running now, if it was given one. */
  currentSlot(): TransactionSlot | undefined;
  /** Begins a tenant transaction the caller ends with `release(commit)`; nothing joins it until put in a slot. */
  holdTenant(tenantId: string): Promise<HeldTransaction>;
  /** Tenant transactions begun so far: by `withTenant` itself, or by `openTenant` (then taken or not). */
  readonly counts: TransactionCounts;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface TransactionCounts {
  begun: number;
  opened: number;
  taken: number;
}

/** A transaction `openTenant` began: on offer until a `withTenant` takes it or the turn ends. */
export interface OpenedTransaction {
  readonly tenantId: string;
  readonly client: pg.PoolClient;
  state: 'offered' | 'taken' | 'closed';
}

/** A request's place for one held transaction (`Database.withSlot`). */
export interface TransactionSlot {
  held?: HeldTransaction;
}

/** A tenant transaction held open across a request's work, ended once by its holder. */
export interface HeldTransaction {
  readonly tenantId: string;
  readonly tx: Tx;
  /** Commits (`true`) or rolls back, and returns the connection; later calls do nothing. */
  release(commit: boolean): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID as an SQL literal, for simple queries (which take no parameters); anything else throws. */
export function uuidLiteral(value: string) {
  if (!UUID.test(value)) throw new TypeError("an SQL literal here must be a UUID");
  return `'${value}'`;
}

/** The parts of drizzle's pool session that a session on one client of it shares. */
interface PoolSessionParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The defaults of `DATABASE_*_TIMEOUT_MS` (`platform/config.ts`), for servers built without a configuration (tests, benchmarks). */
const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 5_000, healthMs: 1_000 };

/**
 * How much longer than `statement_timeout` the server waits for an answer before it gives up on
 * the connection itself: a PostgreSQL that answers cancels the statement first and keeps the
 * connection usable; one that does not answer at all (frozen, a network partition) is noticed here.
 */
const READ_TIMEOUT_GRACE_MS = 500;
/** node-postgres's error when a statement's answer does not come within `query_timeout`. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

function isReadTimeout(error: unknown) {
  return error instanceof Error && error.message === READ_TIMEOUT_MESSAGE;
}

export function connectDatabase(appUrl: string, max = 10, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): Database {
  // While the database is away or does not answer, a call waits at most `connectMs` for a
  // connection and `statementMs` (plus a grace) for a statement, then answers 503
  // (`availability.ts`): nothing hangs for as long as the outage lasts.
  const pool = new pg.Pool({
    connectionString: appUrl,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + READ_TIMEOUT_GRACE_MS,
  });
  // A lost connection (database restarted, failover, backend terminated) is reported to the pool
  // for idle clients and to the client itself while checked out; without listeners on both the
  // 'error' event would end the process. The broken client is dropped on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool);
  const counts: TransactionCounts = { begun: 0, opened: 0, taken: 0 };
  // The transaction `openTenant` opened for the code that runs after it (a request's handler).
  const offered = new AsyncLocalStorage<OpenedTransaction>();
  // The request's slot for a held transaction (idempotent calls, decision 0033).
  const slots = new AsyncLocalStorage<TransactionSlot>();
  let savepoints = 0;

  /** Gives a client back after a failure: rolled back, or dropped if it cannot even do that. */
  async function abandon(client: pg.PoolClient, cause?: unknown) {
    // A statement whose answer never came leaves the connection in an unknown state, and a
    // rollback would wait just as long: the connection is dropped (PostgreSQL rolls back when it
    // sees it closed).
    if (isReadTimeout(cause)) {
      client.release(cause as Error);
      return;
    }
    let broken: Error | undefined;
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    client.release(broken);
  }

  /** drizzle's transaction handle on a client whose transaction is begun. */
  function txOn(client: pg.PoolClient): Tx {
    const parts = db._.session as unknown as PoolSessionParts;
    const session = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    return new NodePgTransaction(parts.dialect, session, parts.schema) as unknown as Tx;
  }

  /** Runs `fn` as a savepoint of a held transaction: its failure undoes only its own work. */
  async function runInHeld<T>(held: HeldTransaction, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const name = `held_${++savepoints}`;
    await held.tx.execute(sql.raw(`savepoint ${name}`));
    try {
      const result = await fn(held.tx);
      await held.tx.execute(sql.raw(`release savepoint ${name}`));
      return result;
    } catch (error) {
      await held.tx.execute(sql.raw(`rollback to savepoint ${name}`)).catch(() => undefined);
      throw error;
    }
  }

  /** Runs `fn` on a client in a begun transaction (`begin`, if given, begins it), then commits and releases it. */
  async function runOn<T>(client: pg.PoolClient, begin: string | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = txOn(client);
    let result: T;
    try {
      if (begin) await client.query(begin);
      result = await fn(tx);
      await client.query('commit');
    } catch (error) {
      await abandon(client, error);
      throw error;
    }
    client.release();
    return result;
  }

  return {
    db,
    pool,
    counts,
    withTenant: async (tenantId, fn) => {
      const held = slots.getStore()?.held;
      if (held && held.tenantId === tenantId) return runInHeld(held, fn);
      const opened = offered.getStore();
      if (opened?.state === 'offered' && opened.tenantId === tenantId) {
        opened.state = 'taken';
        counts.taken++;
        return runOn(opened.client, undefined, fn);
      }
      // BEGIN and the tenant in one round trip: a simple query may hold two statements but takes no
      // parameters, so the id goes in as a literal, checked to be a UUID first. drizzle's own
      // `transaction` sends them one by one; this is the same transaction (drizzle's session and
      // transaction classes on one client: savepoints, `tx.rollback()`), one statement shorter
      // for every call of the app (docs/benchmarks.md, throughput).
      const begin = `begin; select set_config('app.tenant_id', ${uuidLiteral(tenantId)}, true)`;
      const client = await pool.connect();
      counts.begun++;
      return runOn(client, begin, fn);
    },
    openTenant: async <R>(tenantId: string, statement: string) => {
      // One round trip: BEGIN, the tenant, and the statement (a simple query: literals only).
      const text = `begin; select set_config('app.tenant_id', ${uuidLiteral(tenantId)}, true); ${statement}`;
      const client = await pool.connect();
      let results: pg.QueryResult | pg.QueryResult[];
      try {
        results = await client.query(text);
      } catch (error) {
        await abandon(client, error);
        throw error;
      }
      counts.opened++;
      const opened: OpenedTransaction = { tenantId, client, state: 'offered' };
      // Not taken in this turn of the event loop: the handler waits for something else first (or
      // the request ended). Committed (the statement may have written) and the connection returned.
      setImmediate(() => {
        if (opened.state !== 'offered') return;
        opened.state = 'closed';
        client.query('commit').then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      });
      const rows = (Array.isArray(results) ? results[results.length - 1] : results).rows as R[];
      return { rows, opened };
    },
    offerOpened: (opened, fn) => offered.run(opened, fn),
    withSlot: (slot, fn) => slots.run(slot, fn),
    currentSlot: () => slots.getStore(),
    holdTenant: async (tenantId) => {
      const client = await pool.connect();
      try {
        await client.query(`begin; select set_config('app.tenant_id', ${uuidLiteral(tenantId)}, true)`);
      } catch (error) {
        await abandon(client, error);
        throw error;
      }
      counts.begun++;
      let done = false;
      return {
        tenantId,
        tx: txOn(client),
        release: async (commit) => {
          if (done) return;
          done = true;
          if (!commit) return abandon(client);
          try {
            await client.query('commit');
          } catch (error) {
            await abandon(client, error);
            throw error;
          }
          client.release();
        },
      };
    },
    ping: async () => {
      // Bounded as a whole (waiting for a slot of the pool, connecting, the statement), so that
      // `/health` answers in time while the database does not.
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeouts.healthMs)));
      const check = pool.query({ text: 'select 1', query_timeout: timeouts.healthMs } as pg.QueryConfig).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([check, giveUp]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => pool.end(),
  };
}
