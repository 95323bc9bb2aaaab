/**
 * The list filters' LIKE under row-level security (migration 0018). PostgreSQL withholds a column's
 * statistics from operators that are not leakproof when row-level security applies, so
 * `search_text LIKE '%müller%'` was estimated at a fixed 0.5 % of the rows, whatever it matched, and
 * the customer list sorted every match for its first page instead of walking the name index. The
 * operator `~~~` matches exactly like LIKE and is estimated from the statistics. Checked here as
 * the app role inside `withTenant`, the way every list runs.
 *
 * Migration 0021 adds trigram indexes that serve `~~~` (LIKE itself may use no index under
 * row-level security): a search reads the rows containing the filter's trigrams, and rechecks
 * each with `~~~`, so the answers stay those of LIKE.
 *
 * The lists' tenant condition is `app_current_tenant()`, the policy's own words (server/db/helpers.ts
 * `inCurrentTenant`): with the tenant as a value PostgreSQL checks the two against each other in a
 * node above the scan that every row passes through.
 */
import { sql, type SQL } from 'drizzle-orm';
import { inCurrentTenant } from '../../server/db/helpers';
import { listCustomers } from '../../server/modules/customers/customers.repository';
import { customers } from '../../server/db/schema';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTenant, type TestTenant } from './factories';

let server: TestServer;
let admin: pg.Client;
let firm: TestTenant;
const CUSTOMERS = 3000;
const MATCHING = 1200;

beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  firm = await createTenant(server);
  await admin.query(
    `insert into customers (tenant_id, company_name, city)
     select $1, case when i <= $2 then 'Müller Bau ' || i else 'Kunde ' || i end, 'Ort ' || (i % 40)
     from generate_series(1, $3) as i`,
    [firm.tenantId, MATCHING, CUSTOMERS],
  );
  await admin.query('analyze customers');
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

/** The planner's row estimate of the scan, as the app role of this firm. */
async function estimate(condition: string): Promise<{ estimated: number; actual: number }> {
  return server.app.deps.database.withTenant(firm.tenantId, async (tx) => {
    const query = `select count(*)::int as n from customers where ${condition}`;
    const plan = (await tx.execute(sql.raw(`explain (format json) ${query}`))).rows[0]['QUERY PLAN'] as [{ Plan: { Plans?: unknown[] } }];
    const rowsOf = (node: { 'Plan Rows'?: number; 'Node Type'?: string; Plans?: unknown[] }): number | undefined =>
      node['Node Type']?.includes('Scan') ? node['Plan Rows'] : node.Plans?.map((child) => rowsOf(child as typeof node)).find((rows) => rows !== undefined);
    const actual = (await tx.execute(sql.raw(query))).rows[0].n as number;
    return { estimated: rowsOf(plan[0].Plan as never)!, actual };
  });
}

describe('the list filter under row-level security', () => {
  it('is estimated from the statistics with ~~~, and blind with LIKE', async () => {
    const withOperator = await estimate(`search_text ~~~ '%müller%'`);
    expect(withOperator.actual).toBe(MATCHING);
    expect(withOperator.estimated).toBeGreaterThan(MATCHING / 3);
    expect(withOperator.estimated).toBeLessThan(MATCHING * 3);
    // The reason for the operator: the same LIKE, estimated at PostgreSQL's default.
    const withLike = await estimate(`search_text like '%müller%'`);
    expect(withLike.actual).toBe(MATCHING);
    expect(withLike.estimated).toBeLessThan(MATCHING / 10);
  });

  it('matches exactly what LIKE matches, escapes included, and only this firm’s rows', async () => {
    const other = await createTenant(server);
    await admin.query(`insert into customers (tenant_id, company_name) values ($1, 'Müller Fremd'), ($1, '100% Müller'), ($2, '100% Müller')`, [other.tenantId, firm.tenantId]);
    for (const pattern of ['%müller%', '%100\\%%', '%\\_%', '%kunde 29%', '']) {
      const count = (operator: string) =>
        server.app.deps.database.withTenant(firm.tenantId, async (tx) => (await tx.execute(sql`select count(*)::int as n from customers where search_text ${sql.raw(operator)} ${pattern}`)).rows[0].n);
      expect(await count('~~~'), pattern).toBe(await count('like'));
    }
    const seen = await server.app.deps.database.withTenant(firm.tenantId, async (tx) => (await tx.execute(sql`select count(*)::int as n from customers where search_text ~~~ '%fremd%'`)).rows[0].n);
    expect(seen).toBe(0);
  });

  it('reads a rare match from the trigram index with ~~~ under row-level security, and not with LIKE', async () => {
    const large = await createTenant(server);
    await admin.query(
      `insert into customers (tenant_id, company_name) select $1::uuid, 'Kunde ' || i from generate_series(1, 20000) as i
       union all select $1::uuid, 'Zebra Sanitär'`,
      [large.tenantId],
    );
    await admin.query('analyze customers');
    const plan = (operator: string) =>
      server.app.deps.database.withTenant(large.tenantId, async (tx) =>
        JSON.stringify((await tx.execute(sql.raw(`explain (format json) select id from customers where search_text ${operator} '%zebra%'`))).rows[0]['QUERY PLAN']),
      );
    expect(await plan('~~~')).toContain('"Index Name":"customers_search_trgm_idx"');
    // LIKE is not leakproof: it must wait for the tenant policy, so it is never an index condition.
    expect(await plan('like')).not.toContain('trgm');
  });

  it('finds through the trigram index exactly what LIKE finds', async () => {
    // The operator class alone, on a copy of the texts with no other way to read them.
    const texts = [
      ...(await admin.query(`select search_text from customers where tenant_id = $1`, [firm.tenantId])).rows.map((row) => row.search_text),
      'müllerstraße 5', 'ab', 'a_b', 'a%b', 'back\\slash', '', 'çğüöäß', 'max.mustermann@example.com', '  doppelt  leer ',
    ];
    await admin.query('begin');
    try {
      await admin.query('create temporary table texts (t text)');
      await admin.query('insert into texts select unnest($1::text[])', [texts]);
      await admin.query('create index texts_trgm on texts using gin (t app_trgm_ops)');
      await admin.query('set local enable_seqscan = off');
      const patterns = ['%müller%', '%ller bau 1%', '%bau 12%', '%ü%', '%mü%', '%ba%', '%ort 3%', '%100\\%%', '%\\_%', '%a\\%b%', '%\\\\%',
        '%kunde 2999%', '%nichts%', '%', '%straße 5%', '%@example.%', '%doppelt  leer%', '%çğüöäß%', 'ab', '%a%b%'];
      for (const pattern of patterns) {
        const found = async (operator: string) => {
          const query = `select t from texts where t ${operator} $1 order by t`;
          const plan = JSON.stringify((await admin.query(`explain (format json) ${query}`, [pattern])).rows[0]['QUERY PLAN']);
          return { plan, texts: (await admin.query(query, [pattern])).rows.map((row) => row.t) };
        };
        const viaIndex = await found('~~~');
        expect(viaIndex.plan, pattern).toContain('texts_trgm');
        const like = await found('like');
        expect(like.plan, pattern).not.toContain('texts_trgm');
        expect(viaIndex.texts, pattern).toEqual(like.texts);
      }
    } finally {
      await admin.query('rollback');
    }
  });

  it('has a trigram index on every searched column', async () => {
    const { rows } = await admin.query(`select tablename, indexdef from pg_indexes where indexdef like '%app_trgm_ops%' order by tablename, indexname`);
    expect(rows.map((row) => `${row.tablename}.${/\((\w+) app_trgm_ops\)/.exec(row.indexdef)?.[1]}`)).toEqual([
      'customers.name_search',
      'customers.search_text',
      'images.search_text',
      'information_entries.search_text',
      'products.search_text',
      'time_tracks.search_text',
    ]);
  });
});

describe('the tenant condition of a list', () => {
  const planOf = (condition: SQL) =>
    server.app.deps.database.withTenant(firm.tenantId, async (tx) => {
      const query = sql`select count(*)::int as n from customers where ${condition} and archived = false`;
      const plan = (await tx.execute(sql`explain (costs off) ${query}`)).rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      return { plan, count: (await tx.execute(query)).rows[0].n as number };
    });

  it('is the policy\'s own condition, so no row passes a second check above the scan', async () => {
    const current = await planOf(inCurrentTenant(customers.tenantId));
    const value = await planOf(sql`${customers.tenantId} = ${firm.tenantId}`);
    expect(value.plan).toMatch(/Result[\s\S]*One-Time Filter/);
    expect(current.plan).not.toMatch(/Result|One-Time Filter/);
    expect(current.count).toBeGreaterThanOrEqual(CUSTOMERS);
    expect(current.count).toBe(value.count);
  });

  /** The plan of the count `listCustomers` runs, as the app role: its statement captured on its way to PostgreSQL. */
  async function countOfList(tenantId: string, filter: string | undefined) {
    return server.app.deps.database.withTenant(tenantId, async (tx) => {
      let count: { text: string; values: unknown[] } | undefined;
      const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = client.query;
      client.query = function (this: unknown, ...args: unknown[]) {
        const config = args[0] as { text?: string; values?: unknown[] };
        if (!count && typeof config === 'object' && config.text?.startsWith('select count(*)')) count = { text: config.text, values: config.values ?? (args[1] as unknown[] | undefined) ?? [] };
        return original.apply(this, args);
      };
      let totalCount: number;
      try {
        ({ totalCount } = await listCustomers(tx, tenantId, { page: 1, pageSize: 10, isDescending: false, filter }));
      } finally {
        client.query = original;
      }
      const literal = (value: unknown) => (typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value));
      const text = count!.text.replace(/\$(\d+)/g, (_, n: string) => literal(count!.values[Number(n) - 1]));
      const plan = (await tx.execute(sql.raw(`explain (costs off) ${text}`))).rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      return { plan, totalCount };
    });
  }
  /** Conditions checked on every row that name the policy's tenant (a `current_setting` per row). */
  const perRowTenant = (plan: string) => plan.split('\n').filter((line) => /(?<!One-Time )Filter:.*current_setting/.test(line));

  it('of a count is one index condition without a filter, and a constant when the filter\'s index finds the rows', async () => {
    // 20,000 customers and 300 that a rare filter finds: the trigram index serves it.
    const large = await createTenant(server);
    await admin.query(
      `insert into customers (tenant_id, company_name) select $1::uuid, 'Kunde ' || i from generate_series(1, 20000) as i
       union all select $1::uuid, 'Yak Elektro ' || i from generate_series(1, 300) as i`,
      [large.tenantId],
    );
    await admin.query('vacuum analyze customers');
    const stored = async (condition: string) =>
      (await admin.query(`select count(*)::int as n from customers where tenant_id = $1 and not archived ${condition}`, [large.tenantId])).rows[0].n as number;

    const all = await countOfList(large.tenantId, undefined);
    expect(all.plan).toMatch(/Index Cond: \(+tenant_id = .*current_setting/);
    expect(all.plan).not.toMatch(/Result|One-Time Filter/);
    // The count stops after 10,001 rows (decision 0046).
    expect(all.totalCount).toBe(Math.min(await stored(''), 10_001));

    const found = await countOfList(large.tenantId, 'yak elektro');
    expect(found.plan).toContain('customers_search_trgm_idx');
    expect(perRowTenant(found.plan)).toEqual([]);
    expect(found.totalCount).toBe(await stored(`and search_text like '%yak elektro%'`));
    expect(found.totalCount).toBe(300);
  });

  it('matches nothing on a connection without a tenant, as the policy does', async () => {
    const client = await server.app.deps.database.pool.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from customers where tenant_id = app_current_tenant()');
      expect(rows[0].n).toBe(0);
    } finally {
      client.release();
    }
  });
});
