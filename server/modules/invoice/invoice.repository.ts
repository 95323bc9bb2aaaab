/**
 * Queries of the processed and archived marks, each inside the tenant transaction of
 * `database.withTenant`. One statement per table marks the rows and writes their audit rows
 * (`INSERT … SELECT` from the update), so marking a whole tenant's history is three statements, not
 * one round trip per entry.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { AuditEntity } from '../audit/audit.repository';

export type MarkKind = 'information' | 'timeTrack' | 'image';

interface MarkTable {
  table: SQL;
  entity: AuditEntity;
  /** The instant the period filter looks at (the same as the feed's). */
  occurred: SQL;
  hasUpdatedAt: boolean;
  /** Only stopped timers can be marked. */
  stoppedOnly: boolean;
}

export const markTables: Record<MarkKind, MarkTable> = {
  information: { table: sql`information_entries`, entity: 'information', occurred: sql`x.occurred_at`, hasUpdatedAt: true, stoppedOnly: false },
  timeTrack: { table: sql`time_tracks`, entity: 'time_track', occurred: sql`x.started_at`, hasUpdatedAt: true, stoppedOnly: true },
  image: { table: sql`images`, entity: 'image', occurred: sql`x.taken_at`, hasUpdatedAt: false, stoppedOnly: false },
};

/** Which rows: the ids given, or every one of the customer (or all) in the period. */
export type MarkSelection =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'filter'; customerId?: string; fromDate?: Date; toDate?: Date };

export interface FoundRow {
  id: string;
  running: boolean;
}

/** The rows with these ids, locked until the transaction ends (unknown and another tenant's ids are missing). */
export async function lockByIds(tx: Tx, tenantId: string, kind: MarkKind, ids: string[]): Promise<FoundRow[]> {
  if (ids.length === 0) return [];
  const t = markTables[kind];
  const running = t.stoppedOnly ? sql`x.ended_at is null` : sql`false`;
  const result = await tx.execute<{ id: string; running: boolean }>(sql`
    select x.id, ${running} as running from ${t.table} x
    where x.tenant_id = ${tenantId} and x.id = any(${sql.param(ids)}::uuid[])
    order by x.id
    for update`);
  return result.rows.map((r) => ({ id: r.id, running: r.running }));
}

function selectionCondition(t: MarkTable, selection: MarkSelection): SQL {
  if (selection.kind === 'ids') return sql`and x.id = any(${sql.param(selection.ids)}::uuid[])`;
  const parts: SQL[] = [];
  if (selection.customerId) parts.push(sql`and x.customer_id = ${selection.customerId}`);
  if (selection.fromDate) parts.push(sql`and ${t.occurred} >= ${selection.fromDate}`);
  if (selection.toDate) parts.push(sql`and ${t.occurred} < ${selection.toDate}`);
  // Running timers are left out of a filter; a running timer given by id was refused before.
  if (t.stoppedOnly) parts.push(sql`and x.ended_at is not null`);
  return sql.join(parts, sql` `);
}

/**
 * Marks the selected rows processed (a processed row keeps its first `processed_at`) and, with
 * `archive`, archived. Touches only rows that change: open ones, and processed but unarchived ones
 * when archiving; `onlyOpen` leaves the processed ones alone even then. Every changed row gets an
 * audit row in the same statement. Answers how many rows changed.
 */
export async function markRows(
  tx: Tx,
  tenantId: string,
  kind: MarkKind,
  selection: MarkSelection,
  options: { archive: boolean; onlyOpen: boolean; actorId: string; now: Date },
): Promise<number> {
  if (selection.kind === 'ids' && selection.ids.length === 0) return 0;
  const t = markTables[kind];
  const { archive, now } = options;
  const stamp = now.toISOString();
  const changes = archive && !options.onlyOpen ? sql`true` : sql`x.processed_at is null`;
  const archivedBefore = archive ? sql`jsonb_build_object('archivedAt', null)` : sql`'{}'::jsonb`;
  const archivedAfter = archive ? sql`jsonb_build_object('archivedAt', ${stamp}::text)` : sql`'{}'::jsonb`;
  const result = await tx.execute<{ count: number }>(sql`
    with target as (
      select x.id, x.processed_at from ${t.table} x
      where x.tenant_id = ${tenantId} and x.archived_at is null and (${changes})
        ${selectionCondition(t, selection)}
      order by x.id
      for update
    ), marked as (
      update ${t.table} x
      set processed_at = coalesce(x.processed_at, ${now}::timestamptz),
        archived_at = ${archive ? sql`${now}::timestamptz` : sql`x.archived_at`}
        ${t.hasUpdatedAt ? sql`, updated_at = ${now}::timestamptz` : sql``}
      from target
      where x.tenant_id = ${tenantId} and x.id = target.id
      returning x.id, target.processed_at as processed_before
    ), audited as (
      insert into audit_log (tenant_id, actor_id, entity, entity_id, action, changes, at)
      select ${tenantId}::uuid, ${options.actorId}::uuid, ${t.entity}::text, m.id, 'update',
        jsonb_build_object(
          'before', (case when m.processed_before is null then jsonb_build_object('processedAt', null) else '{}'::jsonb end) || ${archivedBefore},
          'after', (case when m.processed_before is null then jsonb_build_object('processedAt', ${stamp}::text) else '{}'::jsonb end) || ${archivedAfter},
          'via', 'markProcessed'),
        ${now}::timestamptz
      from marked m
    )
    select count(*)::int as count from marked`);
  return Number(result.rows[0]?.count ?? 0);
}
