/**
 * The feed's "archived only" (migration 0022): its count read every entry of the firm (100,000 in
 * `bench:activity`, 20 ms) to find the archived tenth. Partial indexes of the archived rows of time
 * tracks, information entries and photos serve it now, from the index alone once the table is
 * vacuumed. Checked here: the answers (exact count, newest first, only this firm's rows) and that
 * the count's plan, as the app role inside `withTenant`, reads the three indexes.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivities } from '../../server/modules/customer-activities/customer-activities.repository';
import { titles } from '../../server/modules/customer-activities/customer-activities.service';
import { startTestServer, type TestServer } from '../support/test-server';
import { feedPage, newCustomer } from './activity-support';
import { createTenant, type TestTenant } from './factories';

const ROWS = 6000;

let server: TestServer;
let firm: TestTenant;
let other: TestTenant;

/** Every tenth row archived, a third processed; one entry a minute back from 2026-11-20 12:00 UTC. */
async function seed(admin: pg.Client, tenant: TestTenant) {
  const customerId = (await newCustomer(tenant.owner)).id;
  const at = `timestamptz '2026-11-20 12:00:00+00' - i * interval '1 minute'`;
  const processed = `case when i % 3 = 0 or i % 10 = 0 then ${at} end`;
  const archived = `case when i % 10 = 0 then ${at} end`;
  const args = [tenant.tenantId, customerId, tenant.owner.userId];
  await admin.query(
    `insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, occurred_at, processed_at, archived_at, created_at, updated_at)
     select $1, $2, $3, 'note', 'Notiz ' || i, ${at}, ${processed}, ${archived}, ${at}, ${at} from generate_series(1, ${ROWS}) as i`,
    args,
  );
  await admin.query(
    `insert into time_tracks (tenant_id, customer_id, owner_id, description, started_at, ended_at, duration_seconds, processed_at, archived_at)
     select $1, $2, $3, 'Arbeiten ' || i, ${at}, ${at} + interval '30 minutes', 1800, ${processed}, ${archived} from generate_series(${ROWS + 1}, ${2 * ROWS}) as i`,
    args,
  );
  await admin.query(
    `insert into images (tenant_id, customer_id, owner_id, category, description, taken_at, width, height, file_name, content_type, size_bytes, storage_key, thumbnail_key, processed_at, archived_at)
     select $1::uuid, $2, $3, 'other', 'Foto ' || i, ${at}, 640, 480, 'foto.jpg', 'image/jpeg', 1000, $1::text || '/i/' || i, $1::text || '/t/' || i, ${processed}, ${archived}
     from generate_series(${2 * ROWS + 1}, ${3 * ROWS}) as i`,
    args,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  firm = await createTenant(server);
  other = await createTenant(server);
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await seed(admin, firm);
  await seed(admin, other);
  await admin.query('vacuum analyze information_entries, time_tracks, images');
  await admin.end();
});
afterAll(async () => {
  await server?.close();
});

const archivedOnly = { includeProcessed: true, includeUnprocessed: false, archived: 'only', page: 1, pageSize: 25, isDescending: true } as const;

describe('the feed\'s archived entries', () => {
  it('counts exactly this firm\'s archived entries and lists the newest first', async () => {
    const page = await feedPage(firm.owner, archivedOnly);
    // A tenth of each table's rows, no confirmations.
    expect(page.totalCount).toBe((3 * ROWS) / 10);
    const items = page.items;
    expect(items).toHaveLength(25);
    expect(items.every((i) => i.archived && i.processed)).toBe(true);
    // Minutes 10, 20, 30, … back: the newest archived entry of each kind comes first.
    expect(items[0].occurredAtUtc).toBe('2026-11-20T11:50:00.000Z');
    const times = items.map((i) => i.occurredAtUtc);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('counts from the partial indexes of the archived rows, as the app role', async () => {
    const dialect = new PgDialect();
    const plans: { type: string; relation?: string; index?: string }[] = [];
    await server.app.deps.database.withTenant(firm.tenantId, async (tx) => {
      const execute = tx.execute.bind(tx);
      // The repository's own queries, each explained before it runs.
      Object.assign(tx, {
        execute: async (query: Parameters<typeof execute>[0]) => {
          const built = dialect.sqlToQuery(query as never);
          if (built.sql.trimStart().startsWith('select count(*)')) {
            const explained = await execute(sql.raw(`explain (format json) ${built.sql.replace(/\$(\d+)/g, (_, n: string) => quote(built.params[Number(n) - 1]))}`));
            plans.push(...scansOf((explained.rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan));
          }
          return execute(query);
        },
      });
      await listActivities(tx, firm.tenantId, { ...archivedOnly, archived: 'only' } as never, titles('de'));
    });
    const entries = plans.filter((scan) => ['time_tracks', 'information_entries', 'images'].includes(scan.relation ?? '') && scan.index !== undefined && !scan.index.includes('confirmation'));
    expect(entries.map((scan) => scan.index).sort()).toEqual(['images_archived_taken_idx', 'information_archived_occurred_idx', 'time_tracks_archived_started_idx']);
    // None of the three tables is read whole.
    expect(plans.filter((scan) => scan.type === 'Seq Scan' && scan.relation !== 'work_confirmations')).toEqual([]);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every scan of a plan: its kind, table and index. */
function scansOf(node: PlanNode): { type: string; relation?: string; index?: string }[] {
  const own = node['Relation Name'] ? [{ type: node['Node Type'], relation: node['Relation Name'], index: node['Index Name'] }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** A parameter as an SQL literal, for EXPLAIN of a query with its values in it. */
function quote(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}
