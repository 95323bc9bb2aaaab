/**
 * Queries of the processed and archived marks, each inside the tenant transaction of
 * `database.withTenant`. One statement per table marks the rows and writes their audit rows
 * (`INSERT … SELECT` from the update), so marking a whole tenant's history is three statements, not
 * one round trip per entry.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { AuditEntity } from '../../db/audit';
import { columnsOf, memberNameSql } from '../../platform/display-names';
import { timeTrackSecondsSql } from '../../platform/money';

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

/** An entry behind an invoice position: a stopped time track, a `time` entry or a material. */
export interface BillableRow {
  source: 'timeTrack' | 'time' | 'material';
  id: string;
  customerId: string;
  at: Date;
  member: string;
  text: string | null;
  seconds: number | null;
  productId: string | null;
  productName: string | null;
  quantity: number | null;
  unit: string | null;
  unitPrice: number | null;
  vatRate: number | null;
  running: boolean;
  /** Processed or archived: billed before. */
  closed: boolean;
  /** The number of the issued invoice that billed it, if one did. */
  invoiceNumber: string | null;
}

/** Which entries an invoice takes: the customer's open ones in the period, or exactly these ids. */
export type BillableSelection =
  | { kind: 'period'; customerId: string; fromDate: Date; toDate: Date }
  | { kind: 'ids'; informationIds: string[]; timeTrackIds: string[] };

const MEMBER_NAME = memberNameSql(columnsOf('u'));

type RawBillable = {
  source: 'timeTrack' | 'time' | 'material';
  id: string;
  customer_id: string;
  at: Date | string;
  member: string | null;
  text: string | null;
  seconds: number | string | null;
  product_id: string | null;
  product_name: string | null;
  quantity: number | string | null;
  unit: string | null;
  unit_price: number | string | null;
  vat_rate: number | null;
  running: boolean;
  closed: boolean;
  invoice_number: string | null;
};

const num = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The billable entries of the selection, oldest first, each with its member's name. By period only
 * open entries (not processed or archived, timers stopped) count; by ids every found entry comes
 * back with its state, so the service can refuse what may not be billed. Notes are never billable.
 */
export async function billableRows(tx: Tx, tenantId: string, selection: BillableSelection): Promise<BillableRow[]> {
  let trackWhere: SQL;
  let infoWhere: SQL;
  if (selection.kind === 'period') {
    trackWhere = sql`tt.customer_id = ${selection.customerId} and tt.started_at >= ${selection.fromDate} and tt.started_at < ${selection.toDate}
      and tt.ended_at is not null and tt.processed_at is null and tt.archived_at is null`;
    infoWhere = sql`ie.customer_id = ${selection.customerId} and ie.occurred_at >= ${selection.fromDate} and ie.occurred_at < ${selection.toDate}
      and ie.processed_at is null and ie.archived_at is null`;
  } else {
    trackWhere = sql`tt.id = any(${sql.param(selection.timeTrackIds)}::uuid[])`;
    infoWhere = sql`ie.id = any(${sql.param(selection.informationIds)}::uuid[])`;
  }
  const result = await tx.execute<RawBillable>(sql`
    select 'timeTrack' as source, tt.id, tt.customer_id, tt.started_at as at, ${MEMBER_NAME} as member, tt.description as text,
      ${timeTrackSecondsSql('tt')} as seconds,
      null::uuid as product_id, null::text as product_name, null::numeric as quantity, null::text as unit,
      null::numeric as unit_price, null::int as vat_rate,
      tt.ended_at is null as running, (tt.processed_at is not null or tt.archived_at is not null) as closed,
      (select i.number from issued_invoices i where i.tenant_id = tt.tenant_id and i.id = tt.invoice_id) as invoice_number
    from time_tracks tt left join users u on u.tenant_id = tt.tenant_id and u.id = tt.owner_id
    where tt.tenant_id = ${tenantId} and ${trackWhere}
    union all
    select case when ie.sub_type = 'time' then 'time' else 'material' end, ie.id, ie.customer_id, ie.occurred_at, ${MEMBER_NAME}, ie.text,
      ie.duration_seconds, ie.product_id, ie.product_name, ie.quantity, ie.unit, ie.unit_price, ie.vat_rate,
      false, (ie.processed_at is not null or ie.archived_at is not null),
      (select i.number from issued_invoices i where i.tenant_id = ie.tenant_id and i.id = ie.invoice_id)
    from information_entries ie left join users u on u.tenant_id = ie.tenant_id and u.id = ie.owner_id
    where ie.tenant_id = ${tenantId} and ie.sub_type in ('time', 'material') and ${infoWhere}
    order by at, source desc, id`);
  return result.rows.map((r) => ({
    source: r.source,
    id: r.id,
    customerId: r.customer_id,
    at: new Date(r.at),
    member: r.member ?? '',
    text: r.text,
    seconds: num(r.seconds),
    productId: r.product_id,
    productName: r.product_name,
    quantity: num(r.quantity),
    unit: r.unit,
    unitPrice: num(r.unit_price),
    vatRate: r.vat_rate === null ? null : Number(r.vat_rate),
    running: r.running,
    closed: r.closed,
    invoiceNumber: r.invoice_number,
  }));
}

/** The ids among these that exist in the tenant (notes included), to tell unknown ids from unbillable ones. */
export async function existingIds(tx: Tx, tenantId: string, informationIds: string[], timeTrackIds: string[]): Promise<Set<string>> {
  const result = await tx.execute<{ id: string }>(sql`
    select id from information_entries where tenant_id = ${tenantId} and id = any(${sql.param(informationIds)}::uuid[])
    union all
    select id from time_tracks where tenant_id = ${tenantId} and id = any(${sql.param(timeTrackIds)}::uuid[])`);
  return new Set(result.rows.map((r) => r.id));
}

export interface DeleteFilter {
  customerId: string;
  fromDate: Date;
  toDate: Date;
  onlyProcessed: boolean;
}

function deleteCandidates(t: MarkTable, filter: DeleteFilter): SQL {
  return sql`x.customer_id = ${filter.customerId} and ${t.occurred} >= ${filter.fromDate} and ${t.occurred} < ${filter.toDate}
    ${filter.onlyProcessed ? sql`and (x.processed_at is not null or x.archived_at is not null)` : sql``}`;
}

/**
 * Deletes the customer's entries of one kind in the period (with `onlyProcessed` only processed
 * ones), except those a work confirmation locks and running timers, which are counted as skipped.
 * Every deleted row goes to the audit trail with its full content, in the same statement. Answers
 * the counts and, for photos, the storage keys of the deleted files.
 */
export async function deleteRows(
  tx: Tx,
  tenantId: string,
  kind: MarkKind,
  filter: DeleteFilter,
  options: { actorId: string; now: Date },
): Promise<{ deleted: number; skipped: number; fileKeys: string[] }> {
  const t = markTables[kind];
  // Entries an issued invoice billed are kept too (decision 0031); photos are never billed.
  const invoiced = kind === 'image' ? sql`` : sql` or x.invoice_id is not null`;
  const kept = t.stoppedOnly ? sql`(x.confirmation_id is not null or x.ended_at is null${invoiced})` : sql`(x.confirmation_id is not null${invoiced})`;
  const files =
    kind === 'image' ? sql`(select array_agg(k) from deleted d, unnest(array[d.storage_key, d.thumbnail_key]) k)` : sql`array[]::text[]`;
  const result = await tx.execute<{ deleted: number; skipped: number; file_keys: string[] | null }>(sql`
    with target as (
      select x.id from ${t.table} x
      where x.tenant_id = ${tenantId} and ${deleteCandidates(t, filter)} and not (${kept})
      order by x.id
      for update
    ), deleted as (
      delete from ${t.table} x using target
      where x.tenant_id = ${tenantId} and x.id = target.id
      returning x.*
    ), audited as (
      insert into audit_log (tenant_id, actor_id, entity, entity_id, action, changes, at)
      select ${tenantId}::uuid, ${options.actorId}::uuid, ${t.entity}::text, d.id, 'delete',
        jsonb_build_object('before', to_jsonb(d) - 'search_text' - 'tenant_id', 'via', 'deleteByFilter'), ${options.now}::timestamptz
      from deleted d
    )
    select (select count(*)::int from deleted) as deleted,
      (select count(*)::int from ${t.table} x where x.tenant_id = ${tenantId} and ${deleteCandidates(t, filter)} and (${kept})) as skipped,
      ${files} as file_keys`);
  const row = result.rows[0];
  return { deleted: Number(row?.deleted ?? 0), skipped: Number(row?.skipped ?? 0), fileKeys: (row?.file_keys ?? []).filter(Boolean) };
}
