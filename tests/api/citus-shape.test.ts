/**
 * The schema keeps the shape a Citus cluster distributed by `tenant_id` needs (decision 0046,
 * docs/scaling.md): every tenant table's primary key, unique constraints, unique indexes and
 * exclusion constraints include `tenant_id`, every foreign key between tenant tables carries
 * `tenant_id` on both sides (co-located joins), and the few tables without `tenant_id` (reference
 * tables) are listed here with the reason and point at no tenant table.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** Citus reference tables (copied to every node): no `tenant_id`, or one that is no distribution key. */
const REFERENCE_TABLES: Record<string, string> = {
  account_directory: 'maps a sign-in address to its firm before the firm is known: looked up by address across firms, unique per address (its tenant_id is data, not a key)',
  auth_attempts: 'rate-limit counters keyed by address and account, counted before any firm is known',
  auth_challenges: 'WebAuthn challenges of a passkey sign-in, which starts without a firm',
  request_slots: 'request spacing per key of an outside service, shared by all processes',
};

let server: TestServer;
let admin: pg.Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

async function tables() {
  const { rows } = await admin.query<{ name: string; tenant: boolean; distributed: boolean }>(
    `select c.relname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`,
  );
  return rows.map((row) => ({ ...row, distributed: row.tenant && !(row.name in REFERENCE_TABLES) }));
}

describe('Citus shape of the schema', () => {
  it('has tenant_id in every table but the listed reference tables', async () => {
    const all = await tables();
    const withoutTenant = all.filter((t) => !t.tenant).map((t) => t.name);
    expect(withoutTenant.filter((name) => !(name in REFERENCE_TABLES))).toEqual([]);
    // The list stays true: each listed table exists.
    expect(Object.keys(REFERENCE_TABLES).filter((name) => !all.some((t) => t.name === name))).toEqual([]);
  });

  it("includes tenant_id in every tenant table's primary key, unique and exclusion constraints and unique indexes", async () => {
    const { rows } = await admin.query<{ table: string; name: string; columns: string[] }>(
      `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name,
              array(select a.attname from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any(i.indkey))::text[] as columns
         from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and (i.indisunique or i.indisprimary or i.indisexclusion)`,
    );
    const tenantTables = new Set((await tables()).filter((t) => t.distributed).map((t) => t.name));
    const checked = rows.filter((r) => tenantTables.has(r.table));
    expect(checked.length).toBeGreaterThan(tenantTables.size - 1);
    expect(checked.filter((r) => !r.columns.includes('tenant_id')).map((r) => `${r.table}: ${r.name} (${r.columns.join(', ')})`)).toEqual([]);
  });

  it('joins tenant tables by foreign keys that carry tenant_id on both sides, and no reference table points at a tenant table', async () => {
    const { rows } = await admin.query<{ table: string; name: string; references: string; pairs: string[] }>(
      `select con.conrelid::regclass::text as table, con.conname as name, con.confrelid::regclass::text as references,
              array(select a.attname || '=' || b.attname
                      from unnest(con.conkey, con.confkey) as k(own, other)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.own
                      join pg_attribute b on b.attrelid = con.confrelid and b.attnum = k.other)::text[] as pairs
         from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and con.contype = 'f'`,
    );
    const all = await tables();
    const tenantTables = new Set(all.filter((t) => t.distributed).map((t) => t.name));
    expect(rows.length).toBeGreaterThan(10);
    const between = rows.filter((r) => tenantTables.has(r.table) && tenantTables.has(r.references));
    expect(between.filter((r) => !r.pairs.includes('tenant_id=tenant_id')).map((r) => `${r.table}.${r.name} -> ${r.references} (${r.pairs.join(', ')})`)).toEqual([]);
    expect(rows.filter((r) => !tenantTables.has(r.table) && tenantTables.has(r.references)).map((r) => `${r.table}.${r.name} -> ${r.references}`)).toEqual([]);
  });
});
