/**
 * Queries of the customer time tracks. Every function takes the tenant transaction of
 * `database.withTenant`; the explicit `tenant_id` conditions let PostgreSQL use the tenant-first
 * indexes.
 */
import { and, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { customerDisplayName, customers, timeTracks, users } from '../../db/schema';
import { memberNameSql } from '../../platform/display-names';
import { collated, containsPattern, countTenantCondition, countUpToCap, newestFirstOrder, offsetOf, pastCount } from '../../db/helpers';
import type { QueryOf } from '../../platform/contract';

export type TimeTrackRecord = typeof timeTracks.$inferSelect;
export type TimeTrackRow = TimeTrackRecord & { customerName: string; ownerName: string };


const customerName = sql<string>`${customerDisplayName(customers)}`;
const ownerName = memberNameSql(users);

/** The list's query with its period as instants. */
export type TimeTrackListQuery = Omit<QueryOf<'timeTracksGet'>, 'fromDate' | 'toDate'> & { from?: Date; to?: Date };


/** Sort columns that can be null (a running track has no end). */
const nullableSorts = new Set(['endedAtUtc', 'durationSeconds']);

/** The contract's `orderBy` values. */
const sortable: Record<string, SQL> = {
  startedAtUtc: sql`${timeTracks.startedAt}`,
  endedAtUtc: sql`${timeTracks.endedAt}`,
  durationSeconds: sql`${timeTracks.durationSeconds}`,
  customerName: collated(sql`(${customerName})`),
  ownerName: collated(sql`(${ownerName})`),
};

function listWhere(tenant: SQL, q: TimeTrackListQuery): SQL | undefined {
  const filter = q.filter?.trim();
  const processed = or(isNotNull(timeTracks.processedAt), isNotNull(timeTracks.archivedAt));
  const unprocessed = and(isNull(timeTracks.processedAt), isNull(timeTracks.archivedAt));
  return and(
    tenant,
    q.customerId ? eq(timeTracks.customerId, q.customerId) : undefined,
    q.ownerId ? eq(timeTracks.ownerId, q.ownerId) : undefined,
    q.includeRunning && q.includeStopped ? undefined : q.includeRunning ? isNull(timeTracks.endedAt) : q.includeStopped ? isNotNull(timeTracks.endedAt) : sql`false`,
    q.includeProcessed && q.includeUnprocessed ? undefined : q.includeProcessed ? processed : q.includeUnprocessed ? unprocessed : sql`false`,
    q.from ? gte(timeTracks.startedAt, q.from) : undefined,
    q.to ? lt(timeTracks.startedAt, q.to) : undefined,
    filter
      ? sql`(coalesce(${timeTracks.description}, '') || ' ' || ${customerName} || ' ' || ${ownerName}) ilike ${containsPattern(filter)}`
      : undefined,
  );
}

const rowColumns = { track: timeTracks, customerName, ownerName };

function joined(tx: Tx) {
  return tx
    .select(rowColumns)
    .from(timeTracks)
    .innerJoin(customers, and(eq(customers.tenantId, timeTracks.tenantId), eq(customers.id, timeTracks.customerId)))
    .innerJoin(users, and(eq(users.tenantId, timeTracks.tenantId), eq(users.id, timeTracks.ownerId)));
}

const flatten = (r: { track: TimeTrackRecord; customerName: string; ownerName: string }): TimeTrackRow => ({
  ...r.track,
  customerName: r.customerName,
  ownerName: r.ownerName,
});

export async function listTimeTracks(tx: Tx, tenantId: string, q: TimeTrackListQuery) {
  const where = listWhere(eq(timeTracks.tenantId, tenantId), q);
  const needsJoin = !!q.filter?.trim();
  // The count's tenant condition as it reads best (`countTenantCondition`): from the tenant's time index unless filtered by text.
  const countWhere = listWhere(countTenantCondition(timeTracks.tenantId, tenantId, needsJoin), q);
  const countQuery = needsJoin
    ? tx
        .select({ one: sql`1` })
        .from(timeTracks)
        .innerJoin(customers, and(eq(customers.tenantId, timeTracks.tenantId), eq(customers.id, timeTracks.customerId)))
        .innerJoin(users, and(eq(users.tenantId, timeTracks.tenantId), eq(users.id, timeTracks.ownerId)))
        .where(countWhere)
    : tx.select({ one: sql`1` }).from(timeTracks).where(countWhere);
  const { totalCount, capped } = await countUpToCap(tx, countQuery);
  const offset = offsetOf(q.page, q.pageSize);
  if (pastCount(totalCount, offset)) return { totalCount, capped, rows: [] as TimeTrackRow[] };
  const rows = await joined(tx)
    .where(where)
    .orderBy(...newestFirstOrder(q, sortable, nullableSorts, { startedAt: timeTracks.startedAt, id: timeTracks.id }))
    .limit(q.pageSize)
    .offset(offset);
  return { totalCount, capped, rows: rows.map(flatten) };
}

export async function findTimeTrack(tx: Tx, tenantId: string, id: string, options: { lock?: boolean } = {}) {
  const query = joined(tx).where(and(eq(timeTracks.tenantId, tenantId), eq(timeTracks.id, id)));
  const [row] = options.lock ? await query.for('update', { of: timeTracks }) : await query;
  return row ? flatten(row) : undefined;
}

export async function insertTimeTrack(tx: Tx, values: typeof timeTracks.$inferInsert): Promise<TimeTrackRecord> {
  const [row] = await tx.insert(timeTracks).values(values).returning();
  return row;
}

export async function updateTimeTrack(tx: Tx, tenantId: string, id: string, values: Partial<typeof timeTracks.$inferInsert>) {
  const [row] = await tx
    .update(timeTracks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(timeTracks.tenantId, tenantId), eq(timeTracks.id, id)))
    .returning();
  return row;
}

export async function deleteTimeTrack(tx: Tx, tenantId: string, id: string) {
  await tx.delete(timeTracks).where(and(eq(timeTracks.tenantId, tenantId), eq(timeTracks.id, id)));
}

/**
 * Seconds tracked by the owner since each of the three instants (a track counts where it
 * started; running ones up to `now`). One pass over the owner's tracks since the earliest.
 */
export async function sumSince(
  tx: Tx,
  tenantId: string,
  ownerId: string,
  since: { today: Date; week: Date; month: Date },
  now: Date,
  customerId?: string,
) {
  const earliest = new Date(Math.min(since.today.getTime(), since.week.getTime(), since.month.getTime()));
  const seconds = sql`coalesce(${timeTracks.durationSeconds}, greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - ${timeTracks.startedAt})))))`;
  const sumFrom = (from: Date) =>
    sql<number>`coalesce(sum(case when ${timeTracks.startedAt} >= ${from.toISOString()}::timestamptz then ${seconds} end), 0)::bigint`;
  const [row] = await tx
    .select({ today: sumFrom(since.today), week: sumFrom(since.week), month: sumFrom(since.month) })
    .from(timeTracks)
    .where(
      and(
        eq(timeTracks.tenantId, tenantId),
        eq(timeTracks.ownerId, ownerId),
        gte(timeTracks.startedAt, earliest),
        customerId ? eq(timeTracks.customerId, customerId) : undefined,
      ),
    );
  return { today: Number(row.today), week: Number(row.week), month: Number(row.month) };
}

