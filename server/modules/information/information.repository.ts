/**
 * Queries of the information entries, each inside the tenant transaction of `database.withTenant`.
 * Lists join the customer's and the owner's names in the same query (no lookups per row).
 */
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { customerDisplayName, customers, informationEntries, SORT_COLLATION, users } from '../../db/schema';
import { collated, countUpToCap, offsetOf, likePattern, pastCount, searchPattern } from '../../db/helpers';
import { columnsOf, customerNameSql, memberNameSql } from '../../platform/display-names';
import { timeTrackSecondsSql } from '../../platform/money';
import type { QueryOf } from '../../platform/contract';

export type InformationRow = typeof informationEntries.$inferSelect;
export type InformationListRow = InformationRow & { customerName: string; ownerName: string };

export type InformationListQuery = QueryOf<'informationGetAll'> & {
  subType?: QueryOf<'informationReporting'>['subType'];
  /** An Employee sees only their own `time` entries. */
  onlyOwnTimeOf?: string;
};

const customerName = customerDisplayName(customers);
const ownerName = memberNameSql(users);
const customerDisplayNameSql = customerNameSql(columnsOf('c'));
const ownerNameSql = memberNameSql(columnsOf('u'));

/** Processed: marked by hand or invoiced, or archived at export (archived implies processed). */
export const informationProcessed = sql<boolean>`(${informationEntries.processedAt} is not null or ${informationEntries.archivedAt} is not null)`;

const sortable: Record<string, { expression: SQL; nullable: boolean }> = {
  occurredAtUtc: { expression: sql`${informationEntries.occurredAt}`, nullable: false },
  createdAtUtc: { expression: sql`${informationEntries.createdAt}`, nullable: false },
  subType: { expression: sql`${informationEntries.subType}`, nullable: false },
  customerName: { expression: collated(sql`(${customerName})`), nullable: false },
  productName: { expression: collated(sql`${informationEntries.productName}`), nullable: true },
  ownerName: { expression: collated(sql`(${ownerName})`), nullable: false },
};

const listColumns = {
  entry: informationEntries,
  customerName: sql<string>`${customerName}`,
  ownerName: sql<string>`${ownerName}`,
};

function joined(tx: Tx) {
  return tx
    .select(listColumns)
    .from(informationEntries)
    .innerJoin(customers, and(eq(customers.tenantId, informationEntries.tenantId), eq(customers.id, informationEntries.customerId)))
    .innerJoin(users, and(eq(users.tenantId, informationEntries.tenantId), eq(users.id, informationEntries.ownerId)));
}

const flatten = (row: { entry: InformationRow; customerName: string; ownerName: string }): InformationListRow => ({
  ...row.entry,
  customerName: row.customerName,
  ownerName: row.ownerName,
});

export function informationWhere(tenantId: string, query: Omit<InformationListQuery, 'page' | 'pageSize' | 'orderBy' | 'isDescending'>) {
  const filter = query.filter?.trim();
  return and(
    eq(informationEntries.tenantId, tenantId),
    query.customerId ? eq(informationEntries.customerId, query.customerId) : undefined,
    query.subType ? eq(informationEntries.subType, query.subType) : undefined,
    query.includeProcessed && query.includeUnprocessed
      ? undefined
      : query.includeProcessed
        ? informationProcessed
        : query.includeUnprocessed
          ? and(isNull(informationEntries.processedAt), isNull(informationEntries.archivedAt))
          : sql`false`,
    query.fromDate ? gte(informationEntries.occurredAt, new Date(query.fromDate)) : undefined,
    query.toDate ? lt(informationEntries.occurredAt, new Date(query.toDate)) : undefined,
    query.onlyOwnTimeOf
      ? or(sql`${informationEntries.subType} <> 'time'`, eq(informationEntries.ownerId, query.onlyOwnTimeOf))
      : undefined,
    // The entry's stored lower-case text and product name, or the customer's name (matched once
    // per customer, not per entry).
    filter
      ? sql`(${likePattern(informationEntries.searchText, searchPattern(filter))} or ${informationEntries.customerId} in (
          select c.id from ${customers} c where c.tenant_id = ${tenantId}
          and ${likePattern(sql`c.name_search`, searchPattern(filter))}))`
      : undefined,
  );
}

export async function listInformation(tx: Tx, tenantId: string, query: InformationListQuery) {
  const where = informationWhere(tenantId, query);
  const { totalCount, capped } = await countUpToCap(tx, tx.select({ one: sql`1` }).from(informationEntries).where(where));
  const offset = offsetOf(query.page, query.pageSize);
  if (pastCount(totalCount, offset)) return { totalCount, capped, rows: [] as InformationListRow[] };
  const sort = sortable[query.orderBy ?? ''] ?? sortable.occurredAtUtc;
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  const order = sort.nullable ? sql`${sort.expression} ${direction} nulls last` : sql`${sort.expression} ${direction}`;
  const rows = await joined(tx)
    .where(where)
    .orderBy(order, query.isDescending ? desc(informationEntries.id) : asc(informationEntries.id))
    .limit(query.pageSize)
    .offset(offset);
  return { totalCount, capped, rows: rows.map(flatten) };
}

export interface ReportTotals {
  durationSeconds: number;
  materials: { productId: string | null; name: string; unit: string; quantity: number }[];
}

/**
 * The totals of every entry the report's filters match (not only a page): summed `time` durations,
 * and material quantities per product (or free text) and unit, by name.
 */
export async function reportTotals(tx: Tx, tenantId: string, query: InformationListQuery): Promise<ReportTotals> {
  const where = informationWhere(tenantId, query);
  const [{ seconds }] = await tx
    .select({ seconds: sql<number>`coalesce(sum(${informationEntries.durationSeconds}) filter (where ${informationEntries.subType} = 'time'), 0)::bigint` })
    .from(informationEntries)
    .where(where);
  const name = sql<string>`coalesce(${informationEntries.productName}, ${informationEntries.text}, '')`;
  const unit = sql<string>`coalesce(${informationEntries.unit}, '')`;
  // A product by its id (its name as last entered); free text by its words.
  const materials = await tx
    .select({
      productId: informationEntries.productId,
      name: sql<string>`max(${name})`,
      unit,
      quantity: sql<string>`coalesce(sum(${informationEntries.quantity}), 0)`,
    })
    .from(informationEntries)
    .where(and(where, eq(informationEntries.subType, 'material')))
    .groupBy(informationEntries.productId, sql`case when ${informationEntries.productId} is null then ${name} end`, unit)
    .orderBy(sql`max(${name}) collate ${sql.identifier(SORT_COLLATION)}`, unit);
  return {
    durationSeconds: Number(seconds),
    materials: materials.map((m) => ({ productId: m.productId, name: m.name, unit: m.unit, quantity: Number(m.quantity) })),
  };
}

/**
 * The report of working time ("Auswertung → Zeiten"): `time` entries AND stopped customer time
 * tracks, as the dashboard's working time counts them (a time track without a stored duration by its
 * span, as the invoice bills it). One `union all` paged by PostgreSQL, with the summed seconds of every
 * match. A time track comes back in the shape of a `time` entry (its description as text).
 */
export async function timeReport(tx: Tx, tenantId: string, query: InformationListQuery) {
  const conditions = (c: { customer: SQL; occurred: SQL; processed: SQL; open: SQL; owner: SQL; search: SQL }) => {
    const parts: SQL[] = [];
    if (query.customerId) parts.push(sql`${c.customer} = ${query.customerId}`);
    if (!query.includeProcessed && !query.includeUnprocessed) parts.push(sql`false`);
    else if (!query.includeProcessed) parts.push(c.open);
    else if (!query.includeUnprocessed) parts.push(c.processed);
    if (query.fromDate) parts.push(sql`${c.occurred} >= ${new Date(query.fromDate)}`);
    if (query.toDate) parts.push(sql`${c.occurred} < ${new Date(query.toDate)}`);
    if (query.onlyOwnTimeOf) parts.push(sql`${c.owner} = ${query.onlyOwnTimeOf}`);
    const filter = query.filter?.trim();
    if (filter) {
      parts.push(sql`(${likePattern(c.search, searchPattern(filter))} or ${c.customer} in (
        select cu.id from ${customers} cu where cu.tenant_id = ${tenantId} and ${likePattern(sql`cu.name_search`, searchPattern(filter))}))`);
    }
    return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
  };
  const rows = sql`
    select ie.id, ie.customer_id, ie.owner_id, ie.text, ie.duration_seconds, ie.occurred_at, ie.processed_at, ie.archived_at,
      ie.confirmation_id, ie.invoice_id, ie.created_at, ie.updated_at
    from information_entries ie
    where ie.tenant_id = ${tenantId} and ie.sub_type = 'time'
      ${conditions({ customer: sql`ie.customer_id`, occurred: sql`ie.occurred_at`, processed: sql`(ie.processed_at is not null or ie.archived_at is not null)`, open: sql`(ie.processed_at is null and ie.archived_at is null)`, owner: sql`ie.owner_id`, search: sql`ie.search_text` })}
    union all
    select tt.id, tt.customer_id, tt.owner_id, tt.description, ${timeTrackSecondsSql('tt')}, tt.started_at, tt.processed_at, tt.archived_at,
      tt.confirmation_id, tt.invoice_id, tt.created_at, tt.updated_at
    from time_tracks tt
    where tt.tenant_id = ${tenantId} and tt.ended_at is not null
      ${conditions({ customer: sql`tt.customer_id`, occurred: sql`tt.started_at`, processed: sql`(tt.processed_at is not null or tt.archived_at is not null)`, open: sql`(tt.processed_at is null and tt.archived_at is null)`, owner: sql`tt.owner_id`, search: sql`tt.search_text` })}`;
  const summed = await tx.execute<{ count: number; seconds: string | null }>(sql`select count(*)::int as count, sum(r.duration_seconds)::bigint as seconds from (${rows}) r`);
  const totalCount = Number(summed.rows[0]?.count ?? 0);
  const durationSeconds = Number(summed.rows[0]?.seconds ?? 0);
  const offset = offsetOf(query.page, query.pageSize);
  if (totalCount <= offset) return { totalCount, rows: [] as InformationListRow[], durationSeconds };
  const orders: Record<string, SQL> = {
    occurredAtUtc: sql`r.occurred_at`,
    createdAtUtc: sql`r.created_at`,
    customerName: collated(sql`(${customerDisplayNameSql})`),
    ownerName: collated(sql`(${ownerNameSql})`),
  };
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  const order = orders[query.orderBy ?? ''] ?? orders.occurredAtUtc;
  const page = await tx.execute<Record<string, unknown>>(sql`
    select r.*, ${customerDisplayNameSql} as customer_name, ${ownerNameSql} as owner_name
    from (${rows}) r
    join customers c on c.tenant_id = ${tenantId} and c.id = r.customer_id
    join users u on u.tenant_id = ${tenantId} and u.id = r.owner_id
    order by ${order} ${direction}, r.id ${direction}
    limit ${query.pageSize} offset ${offset}`);
  // A time track in the feed carries no material.
  const NO_MATERIAL = { productId: null, productName: null, quantity: null, unit: null, unitPrice: null, vatRate: null };
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    totalCount,
    durationSeconds,
    rows: page.rows.map(
      (r): InformationListRow => ({
        tenantId,
        id: r.id as string,
        customerId: r.customer_id as string,
        ownerId: r.owner_id as string,
        subType: 'time',
        text: (r.text as string | null) ?? null,
        ...NO_MATERIAL,
        durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
        occurredAt: date(r.occurred_at)!,
        processedAt: date(r.processed_at),
        archivedAt: date(r.archived_at),
        confirmationId: (r.confirmation_id as string | null) ?? null,
        invoiceId: (r.invoice_id as string | null) ?? null,
        createdAt: date(r.created_at)!,
        updatedAt: date(r.updated_at)!,
        searchText: '',
        customerName: r.customer_name as string,
        ownerName: r.owner_name as string,
      }),
    ),
  };
}

export async function findInformation(tx: Tx, tenantId: string, id: string): Promise<InformationListRow | undefined> {
  const [row] = await joined(tx).where(and(eq(informationEntries.tenantId, tenantId), eq(informationEntries.id, id)));
  return row ? flatten(row) : undefined;
}

/** The entry, locked against concurrent changes (and against a confirmation covering it meanwhile). */
export async function lockInformation(tx: Tx, tenantId: string, id: string): Promise<InformationRow | undefined> {
  const [row] = await tx
    .select()
    .from(informationEntries)
    .where(and(eq(informationEntries.tenantId, tenantId), eq(informationEntries.id, id)))
    .for('update');
  return row;
}

export type InformationValues = Omit<typeof informationEntries.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

export async function insertInformation(tx: Tx, tenantId: string, values: InformationValues): Promise<InformationRow> {
  const [row] = await tx
    .insert(informationEntries)
    .values({ tenantId, ...values })
    .returning();
  return row;
}

export async function updateInformation(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<InformationValues>,
): Promise<InformationRow | undefined> {
  const [row] = await tx
    .update(informationEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(informationEntries.tenantId, tenantId), eq(informationEntries.id, id)))
    .returning();
  return row;
}

export async function deleteInformation(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(informationEntries)
    .where(
      and(
        eq(informationEntries.tenantId, tenantId),
        eq(informationEntries.id, id),
        isNull(informationEntries.confirmationId),
        isNull(informationEntries.archivedAt),
      ),
    )
    .returning({ id: informationEntries.id });
  return rows.length > 0;
}
