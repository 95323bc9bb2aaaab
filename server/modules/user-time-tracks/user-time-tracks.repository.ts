/**
 * Queries of personal working time: user time tracks and their segments. Every function takes the
 * tenant transaction of `database.withTenant`.
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { tenants, users, userTimeTracks, userTimeTrackSegments } from '../../db/schema';
import { collated, containsPattern, countUpToCap, newestFirstOrder, offsetOf, pastCount } from '../../db/helpers';
import { memberNameSql } from '../../platform/display-names';
import type { QueryOf } from '../../platform/contract';
import type { LawTrack, SegmentKind } from './working-time-law';

export type TrackRecord = typeof userTimeTracks.$inferSelect;
export type SegmentRecord = typeof userTimeTrackSegments.$inferSelect;
export type TrackRow = TrackRecord & { ownerName: string };

const ownerName = memberNameSql(users);

const withOwner = (tx: Tx) =>
  tx
    .select({ track: userTimeTracks, ownerName })
    .from(userTimeTracks)
    .innerJoin(users, and(eq(users.tenantId, userTimeTracks.tenantId), eq(users.id, userTimeTracks.ownerId)));

const flatten = (r: { track: TrackRecord; ownerName: string }): TrackRow => ({ ...r.track, ownerName: r.ownerName });

export async function tenantSettings(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({ timeZone: tenants.timeZone, dailyTargetMinutes: tenants.dailyTargetMinutes, workingDays: tenants.workingDays, holidayRegion: tenants.holidayRegion, lateEntryDays: tenants.lateEntryDays })
    .from(tenants)
    .where(eq(tenants.tenantId, tenantId));
  return row;
}

export async function findMember(tx: Tx, tenantId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, name: ownerName, startDate: users.startDate, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

export async function findTrack(tx: Tx, tenantId: string, id: string, options: { lock?: boolean } = {}) {
  const query = withOwner(tx).where(and(eq(userTimeTracks.tenantId, tenantId), eq(userTimeTracks.id, id)));
  const [row] = options.lock ? await query.for('update', { of: userTimeTracks }) : await query;
  return row ? flatten(row) : undefined;
}

export async function findActiveTrack(tx: Tx, tenantId: string, ownerId: string, options: { lock?: boolean } = {}) {
  const query = withOwner(tx).where(
    and(eq(userTimeTracks.tenantId, tenantId), eq(userTimeTracks.ownerId, ownerId), isNull(userTimeTracks.endedAt)),
  );
  const [row] = options.lock ? await query.for('update', { of: userTimeTracks }) : await query;
  return row ? flatten(row) : undefined;
}

/** Segment order: by start; a segment of no length comes before the one that starts where it ends. */
const segmentOrder = [asc(userTimeTrackSegments.startedAt), sql`${userTimeTrackSegments.endedAt} asc nulls last`];

/** The segments of these tracks, each list oldest first. */
export async function segmentsOf(tx: Tx, tenantId: string, trackIds: string[]): Promise<Map<string, SegmentRecord[]>> {
  const out = new Map<string, SegmentRecord[]>(trackIds.map((id) => [id, []]));
  // The ids as one array parameter: a list of hundreds of parameters cost more to bind and plan
  // than reading their segments (a year of one member's shifts: 255 ids).
  const rows = await tx
    .select()
    .from(userTimeTrackSegments)
    .where(and(eq(userTimeTrackSegments.tenantId, tenantId), sql`${userTimeTrackSegments.trackId} = any(${sql.param(trackIds)}::uuid[])`))
    .orderBy(...segmentOrder);
  for (const row of rows) out.get(row.trackId)?.push(row);
  return out;
}

/** A moment as whole milliseconds since the epoch, as the driver's timestamps are (no date strings to parse). */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::int8`);

/**
 * The segments of the track `track` (a table name or alias of `user_time_tracks` in the outer
 * query) as one JSON array in the track's own row, each `[...fields]` of `s`, in segment order,
 * read through the track index per track (a correlated subquery, one probe per track). One row per
 * track instead of one per segment: node-postgres parses every field of every row in JavaScript,
 * and a year of a member's segments (763 rows of six fields) cost several times the tracks' own
 * query, while PostgreSQL itself needed under a millisecond for them.
 */
const segmentArrays = (track: string, fields: SQL) => sql`(
  select coalesce(json_agg(json_build_array(${fields}) order by s.started_at asc, s.ended_at asc nulls last), '[]'::json)
  from ${userTimeTrackSegments} s where s.tenant_id = ${sql.raw(track)}.tenant_id and s.track_id = ${sql.raw(track)}.id)`;

/** Each track's segments as `[id, kind, startMs, endMs]`. */
const segmentsJson = sql<[string, string, number, number | null][]>`${segmentArrays('"user_time_tracks"', sql`s.id, s.kind, ${epochMs('s.started_at')}, ${epochMs('s.ended_at')}`)}`;

/**
 * One member's (or these members') tracks that started in [from, to), oldest first, with their
 * segments, in one query. The segments are read per track by the track index (`segmentsJson`),
 * not by joining the tracks' range again: the planner estimated a firm's range as most of its
 * tracks and read every segment of the firm into a hash join, 2.2 ms for the 217 segments of four
 * days at 22,000 segments (`BENCH_EXPLAIN=1 npm run bench:throughput`, docs/benchmarks.md).
 */
export async function tracksOfOwnerBetween(tx: Tx, tenantId: string, ownerId: string | string[], from: Date, to: Date) {
  const range = and(
    eq(userTimeTracks.tenantId, tenantId),
    Array.isArray(ownerId) ? inArray(userTimeTracks.ownerId, ownerId) : eq(userTimeTracks.ownerId, ownerId),
    gte(userTimeTracks.startedAt, from),
    lt(userTimeTracks.startedAt, to),
  );
  const rows = await tx
    .select({ track: userTimeTracks, ownerName, segments: segmentsJson })
    .from(userTimeTracks)
    .innerJoin(users, and(eq(users.tenantId, userTimeTracks.tenantId), eq(users.id, userTimeTracks.ownerId)))
    .where(range)
    .orderBy(asc(userTimeTracks.startedAt));
  const tracks: TrackRow[] = [];
  const segments = new Map<string, SegmentRecord[]>();
  for (const row of rows) {
    tracks.push(flatten(row));
    segments.set(
      row.track.id,
      row.segments.map(([id, kind, startMs, endMs]) => ({
        tenantId: row.track.tenantId,
        id,
        trackId: row.track.id,
        kind,
        startedAt: new Date(startMs),
        endedAt: endMs === null ? null : new Date(endMs),
      })),
    );
  }
  return { tracks, segments };
}

/** A track as the working-time law and the period totals need it: moments only, no ids or names. */
export type TrackMoments = LawTrack & { endMs: number | null };

/**
 * One member's tracks that started in [from, to), oldest first, as moments only (`TrackMoments`):
 * each track one JSON array `[startMs, endMs, [[kind, startMs, endMs], …]]`. For the groups'
 * totals without their shifts (`includeTracks=false`): no owner join, no ids, no positions, a
 * third of the bytes of `tracksOfOwnerBetween`'s rows to parse.
 */
export async function trackMomentsOfOwnerBetween(tx: Tx, tenantId: string, ownerId: string, from: Date, to: Date): Promise<TrackMoments[]> {
  const t = alias(userTimeTracks, 't');
  const moments = sql<[number, number | null, [SegmentKind, number, number | null][]]>`json_build_array(
    ${epochMs('t.started_at')}, ${epochMs('t.ended_at')}, ${segmentArrays('t', sql`s.kind, ${epochMs('s.started_at')}, ${epochMs('s.ended_at')}`)})`;
  const rows = await tx
    .select({ moments })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.ownerId, ownerId), gte(t.startedAt, from), lt(t.startedAt, to)))
    .orderBy(asc(t.startedAt));
  return rows.map(({ moments: [startMs, endMs, segments] }) => ({
    startMs,
    endMs,
    segments: segments.map(([kind, segmentStartMs, segmentEndMs]) => ({ kind, startMs: segmentStartMs, endMs: segmentEndMs })),
  }));
}

/**
 * Serialises the additions of one member's working time until the transaction ends, so that two
 * days added at once cannot both pass the overlap check.
 */
export async function lockOwnerTracks(tx: Tx, tenantId: string, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user_time_tracks:${tenantId}:${ownerId}`}, 0))`);
}

/** Whether another track of the member overlaps [start, end) (end null: open-ended). */
export async function overlapsOtherTrack(tx: Tx, tenantId: string, ownerId: string, exceptId: string | null, start: Date, end: Date | null) {
  const [row] = await tx
    .select({ id: userTimeTracks.id })
    .from(userTimeTracks)
    .where(
      and(
        eq(userTimeTracks.tenantId, tenantId),
        eq(userTimeTracks.ownerId, ownerId),
        exceptId ? ne(userTimeTracks.id, exceptId) : undefined,
        end ? lt(userTimeTracks.startedAt, end) : undefined,
        or(isNull(userTimeTracks.endedAt), gt(userTimeTracks.endedAt, start)),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertTrack(tx: Tx, values: typeof userTimeTracks.$inferInsert) {
  const [row] = await tx.insert(userTimeTracks).values(values).returning();
  return row;
}

export async function updateTrack(tx: Tx, tenantId: string, id: string, values: Partial<typeof userTimeTracks.$inferInsert>) {
  const [row] = await tx
    .update(userTimeTracks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userTimeTracks.tenantId, tenantId), eq(userTimeTracks.id, id)))
    .returning();
  return row;
}

export async function insertSegment(tx: Tx, values: typeof userTimeTrackSegments.$inferInsert) {
  const [row] = await tx.insert(userTimeTrackSegments).values(values).returning();
  return row;
}

export async function updateSegment(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<Pick<SegmentRecord, 'startedAt' | 'endedAt'>>,
) {
  const [row] = await tx
    .update(userTimeTrackSegments)
    .set(values)
    .where(and(eq(userTimeTrackSegments.tenantId, tenantId), eq(userTimeTrackSegments.id, id)))
    .returning();
  return row;
}

export async function deleteSegment(tx: Tx, tenantId: string, id: string) {
  await tx.delete(userTimeTrackSegments).where(and(eq(userTimeTrackSegments.tenantId, tenantId), eq(userTimeTrackSegments.id, id)));
}

/** The list's query with its period as instants. */
export type TrackListQuery = Omit<QueryOf<'userTimeTracksGetList'>, 'fromDate' | 'toDate'> & { from?: Date; to?: Date };

const secondsOfKind = (kind: 'work' | 'break') => sql`(
  select coalesce(sum(extract(epoch from coalesce(s.ended_at, now()) - s.started_at)), 0)
  from ${userTimeTrackSegments} s
  where s.tenant_id = ${userTimeTracks.tenantId} and s.track_id = ${userTimeTracks.id} and s.kind = ${kind})`;

/** Sort columns that can be null (a running track has no end). */
const nullableSorts = new Set(['endedAtUtc']);

/** The contract's `orderBy` values. */
const sortable: Record<string, SQL> = {
  startedAtUtc: sql`${userTimeTracks.startedAt}`,
  endedAtUtc: sql`${userTimeTracks.endedAt}`,
  workSeconds: secondsOfKind('work'),
  breakSeconds: secondsOfKind('break'),
  ownerName: collated(sql`(${ownerName})`),
};

export async function listTracks(tx: Tx, tenantId: string, q: TrackListQuery) {
  const filter = q.filter?.trim();
  const where = and(
    eq(userTimeTracks.tenantId, tenantId),
    q.ownerId ? eq(userTimeTracks.ownerId, q.ownerId) : undefined,
    q.includeActive && q.includeEnded ? undefined : q.includeActive ? isNull(userTimeTracks.endedAt) : q.includeEnded ? isNotNull(userTimeTracks.endedAt) : sql`false`,
    q.includeProcessed && q.includeUnprocessed
      ? undefined
      : q.includeProcessed
        ? isNotNull(userTimeTracks.processedAt)
        : q.includeUnprocessed
          ? isNull(userTimeTracks.processedAt)
          : sql`false`,
    q.from ? gte(userTimeTracks.startedAt, q.from) : undefined,
    q.to ? lt(userTimeTracks.startedAt, q.to) : undefined,
    filter ? sql`(${ownerName}) ilike ${containsPattern(filter)}` : undefined,
  );
  const { totalCount, capped } = await countUpToCap(
    tx,
    tx
      .select({ one: sql`1` })
      .from(userTimeTracks)
      .innerJoin(users, and(eq(users.tenantId, userTimeTracks.tenantId), eq(users.id, userTimeTracks.ownerId)))
      .where(where),
  );
  const offset = offsetOf(q.page, q.pageSize);
  if (pastCount(totalCount, offset)) return { totalCount, capped, rows: [] as TrackRow[] };
  const rows = await withOwner(tx)
    .where(where)
    .orderBy(...newestFirstOrder(q, sortable, nullableSorts, { startedAt: userTimeTracks.startedAt, id: userTimeTracks.id }))
    .limit(q.pageSize)
    .offset(offset);
  return { totalCount, capped, rows: rows.map(flatten) };
}
