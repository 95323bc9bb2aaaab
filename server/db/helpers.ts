/** Small query helpers shared by the feature repositories. */
import { asc, desc, eq, getTableColumns, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from './database';
import { SORT_COLLATION } from './schema';

/** An expression compared and sorted by the app's collation (German order, case-insensitive). */
export const collated = (expression: SQL) => sql`${expression} collate ${sql.identifier(SORT_COLLATION)}`;

/**
 * The ORDER BY of a list that shows the newest first unless the caller names one of `sortable`:
 * that column in the asked direction (empty values last where `nullable` says it can be empty;
 * the plain default lets the (tenant, started_at) index serve it), then start time and id, which
 * keep pages stable among equal values.
 */
export function newestFirstOrder(
  query: { orderBy?: string; isDescending: boolean },
  sortable: Record<string, SQL>,
  nullable: ReadonlySet<string>,
  columns: { startedAt: AnyColumn; id: AnyColumn },
): SQL[] {
  const key = query.orderBy && Object.hasOwn(sortable, query.orderBy) ? query.orderBy : undefined;
  const descending = key ? query.isDescending : true;
  const nulls = key && nullable.has(key) ? sql` nulls last` : sql``;
  const by = descending ? desc : asc;
  return [sql`${key ? sortable[key] : columns.startedAt} ${descending ? sql`desc` : sql`asc`}${nulls}`, by(columns.startedAt), by(columns.id)];
}

/**
 * A list's tenant condition: `column = app_current_tenant()`, the tenant `withTenant` set, in the
 * very words of the row-level security policy, so that PostgreSQL sees one condition and uses it
 * on the index. Given the tenant as a value instead, it also derives `app_current_tenant() = value`
 * and checks that in a node above the scan which every row passes through: 0.3–0.6 ms on the count
 * of 50,000 customers (docs/benchmarks.md, throughput). On a connection without a tenant it
 * matches nothing, as the policy does.
 *
 * Only where the condition ends up in an index: in the filter of a sequential scan PostgreSQL
 * evaluates `app_current_tenant()` for every row, which costs more than the node above. The feed
 * and the totals read whole tables of a firm and keep the tenant as a value (library count 5.1 ms
 * as a value, 9.9 ms in this form; decision 0020).
 */
export const inCurrentTenant = (column: AnyColumn | SQL) => sql`${column} = app_current_tenant()`;

/**
 * The tenant condition of a list's count, by where its rows come from (`EXPLAIN ANALYZE` as the app
 * role, `BENCH_EXPLAIN=1 npm run bench:throughput`, docs/benchmarks.md):
 * - from an index that leads with the tenant (no text filter): `inCurrentTenant`, one index
 *   condition: 50,000 customers 3.7 → 2.9 ms, 48,000 time tracks 5.7 → 4.1 ms;
 * - from a text filter's trigram index, each found row checked for the tenant: the tenant as a
 *   value, compared with a constant, since `app_current_tenant()` in a filter is evaluated for
 *   every row (a `current_setting` and a cast): the 6,300 customers "müller" finds 7.4 → 5.1 ms.
 *   An init plan, `(select app_current_tenant())`, did not help there (7.8 ms).
 */
export const countTenantCondition = (column: AnyColumn, tenantId: string, filtered: boolean) =>
  filtered ? eq(column, tenantId) : inCurrentTenant(column);

/** `%text%` for LIKE with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The pattern of a list filter over a lower-case `search_text` column. */
export function searchPattern(filter: string): string {
  return containsPattern(filter.toLocaleLowerCase('de-DE'));
}

/**
 * `expression LIKE pattern` as the operator `~~~` of migration 0018: the same match, which
 * row-level security lets the planner estimate from the column's statistics (it withholds them
 * from LIKE), so a filter with thousands of matches is not planned as if it had five.
 */
export function likePattern(expression: SQL | AnyColumn, pattern: string): SQL {
  return sql`${expression} ~~~ ${pattern}`;
}

/** PostgreSQL's unique violation (23505), optionally of one constraint; drizzle wraps it in `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return hasPgError(error, '23505', constraint);
}

/** PostgreSQL's foreign key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasPgError(error, '23503');
}

function hasPgError(error: unknown, code: string, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === code && (!constraint || e.constraint === constraint)) return true;
    current = e.cause;
  }
  return false;
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Paging as the contract has it: page from 1. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

const INSERT_BATCH = 1000;
const UPDATE_BATCH = 2000;

type BulkTable = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * Inserts rows in multi-row INSERTs of 1,000. A row whose unique key (`conflictTarget`) was taken
 * in the meantime, by a concurrent import, updates that record's `update` columns instead of failing.
 */
export async function insertInBatches<T extends BulkTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  conflictTarget: AnyPgColumn[],
  update: (keyof T['$inferInsert'] & string)[],
) {
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = Object.fromEntries(update.map((key) => [key, sql.raw(`excluded.${columns[key].name}`)]));
  for (const part of chunk(rows, INSERT_BATCH)) {
    await tx
      .insert(table)
      .values(part)
      .onConflictDoUpdate({ target: conflictTarget, set: { ...set, updatedAt: sql`now()` } as PgUpdateSetSource<T> });
  }
}

/**
 * Updates the tenant's records by id, 2,000 per statement: the rows travel as one JSON document and
 * `jsonb_to_recordset` turns them into a table to join, typed by the columns' own SQL types.
 */
export async function updateByIdInBatches<T extends BulkTable>(
  tx: Tx,
  table: T,
  tenantId: string,
  rows: (Partial<T['$inferInsert']> & { id: string })[],
  keys: (keyof T['$inferInsert'] & string)[],
) {
  const columns = getTableColumns(table);
  // Column names and types come from the schema, never from input.
  const assignments = sql.raw(keys.map((key) => `${columns[key].name} = v."${key}"`).join(', '));
  const recordType = sql.raw(['id uuid', ...keys.map((key) => `"${key}" ${columns[key].getSQLType()}`)].join(', '));
  for (const part of chunk(rows, UPDATE_BATCH)) {
    await tx.execute(sql`
      update ${table} as t set ${assignments}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(${recordType})
      where t.tenant_id = ${tenantId} and t.id = v.id`);
  }
}

/**
 * Lists count at most this many rows (decision 0046, the contract's `totalCountCapped`): counting a
 * firm's every row on every page cost more than the page, and grew with the firm.
 */
const COUNT_CAP = 10_000;

/** How many rows a select (without limit) finds, counted up to COUNT_CAP + 1; `capped` beyond COUNT_CAP. */
export async function countUpToCap(tx: Tx, rows: { limit(limit: number): SQLWrapper }): Promise<{ totalCount: number; capped: boolean }> {
  const counted = await tx.execute<{ count: number }>(sql`select count(*)::int as count from (${rows.limit(COUNT_CAP + 1)}) counted`);
  const totalCount = Number(counted.rows[0]?.count ?? 0);
  return { totalCount, capped: totalCount > COUNT_CAP };
}

/** Whether a page starting at `offset` lies past the counted rows (pages end at COUNT_CAP). */
export const pastCount = (totalCount: number, offset: number) => Math.min(totalCount, COUNT_CAP) <= offset;
