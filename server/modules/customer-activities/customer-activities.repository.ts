/**
 * The activity feed: one UNION ALL over stopped time tracks, information entries, photos and work
 * confirmations, filtered, sorted and paged by PostgreSQL in one query (plus one for the count),
 * never a query per row. The conditions sit inside every branch, so each branch can use its
 * tenant-and-customer index, and the text filter looks at each branch's own columns; names are
 * joined after paging unless the order needs them.
 *
 * And the dashboard's figures: counts, working time in total, per day (in the tenant's time zone)
 * and per member, open billable positions per customer.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { collated, likePattern, searchPattern } from '../../db/helpers';
import { SORT_COLLATION } from '../../db/schema';
import { columnsOf, customerNameSql, memberNameSql } from '../../platform/display-names';
import type { QueryOf } from '../../platform/contract';
import { labourNetSql, materialGroupBySql, materialKeyColumnsSql, materialNetSql, timeTrackSecondsSql } from '../../platform/money';

export type ActivityKind = 'time' | 'note' | 'material' | 'timeEntry' | 'image' | 'confirmation';

export type ActivityQuery = QueryOf<'customerActivitiesByCustomer'> & {
  /** An Employee sees only their own time tracks and time entries. */
  onlyOwnTimeOf?: string;
};

/** Titles in the caller's language. */
export interface ActivityTitles {
  time: string;
  note: string;
  timeEntry: string;
  image: string;
  categories: Record<string, string>;
}

export interface ActivityRow {
  id: string;
  kind: ActivityKind;
  customerId: string;
  customerName: string;
  occurredAt: Date;
  title: string;
  text: string | null;
  durationSeconds: number | null;
  quantity: number | null;
  unit: string | null;
  amount: number | null;
  ownerId: string | null;
  ownerName: string | null;
  processed: boolean;
  archived: boolean;
  locked: boolean;
  refId: string | null;
  /** The issued invoice that billed the entry (times and information entries only). */
  invoice: { id: string; number: string } | null;
}

const OWNER_NAME = memberNameSql(columnsOf('u'));
const CUSTOMER_NAME = customerNameSql(columnsOf('c'));

/** The conditions every branch shares, on its own columns. */
function branchConditions(
  q: ActivityQuery,
  columns: { customer: SQL; occurred: SQL; processed: SQL; archived: SQL },
): SQL {
  const parts: SQL[] = [];
  if (q.customerId) parts.push(sql`${columns.customer} = ${q.customerId}`);
  if (q.fromDate) parts.push(sql`${columns.occurred} >= ${new Date(q.fromDate)}`);
  if (q.toDate) parts.push(sql`${columns.occurred} < ${new Date(q.toDate)}`);
  if (!q.includeProcessed && !q.includeUnprocessed) parts.push(sql`false`);
  else if (!q.includeProcessed) parts.push(sql`not (${columns.processed})`);
  else if (!q.includeUnprocessed) parts.push(sql`(${columns.processed})`);
  if (q.archived === 'exclude') parts.push(sql`not (${columns.archived})`);
  if (q.archived === 'only') parts.push(sql`(${columns.archived})`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

function categoryTitle(titles: ActivityTitles): SQL {
  const cases = Object.entries(titles.categories).map(([key, label]) => sql`when ${key} then ${label}`);
  return sql`left(case coalesce(im.category, 'other') ${sql.join(cases, sql` `)} else im.category end, 200)`;
}

/**
 * The text filter, applied inside every branch to that branch's own columns: its text (the stored
 * lower-case `search_text` of entries and photos), the member's and the customer's name (matched
 * once per member and customer, not per row), and the branch's heading in the caller's language
 * ("Notiz" finds every note).
 */
function textMatch(filter: string | undefined, titles: ActivityTitles, people: People | undefined) {
  if (!filter || !people) return undefined;
  const pattern = searchPattern(filter);
  const needle = filter.toLocaleLowerCase('de-DE');
  const hit = (title: string) => title.toLocaleLowerCase('de-DE').includes(needle);
  const lowered = loweredMatch(pattern);
  const categories = Object.entries(titles.categories).filter(([, label]) => hit(label)).map(([key]) => sql`${key}`);
  return {
    time: hit(titles.time) ? sql`` : sql`and (${likePattern(sql`tt.search_text`, pattern)} or ${people(sql`tt.owner_id`, sql`tt.customer_id`)})`,
    information: sql`and (${likePattern(sql`ie.search_text`, pattern)}
      ${hit(titles.note) ? sql`or ie.sub_type = 'note'` : sql``}
      ${hit(titles.timeEntry) ? sql`or ie.sub_type = 'time'` : sql``}
      or ${people(sql`ie.owner_id`, sql`ie.customer_id`)})`,
    image: sql`and (${likePattern(sql`im.search_text`, pattern)}
      ${categories.length ? sql`or coalesce(im.category, 'other') in (${sql.join(categories, sql`, `)})` : sql``}
      or ${people(sql`im.owner_id`, sql`im.customer_id`)})`,
    confirmation: sql`and (${lowered(sql`wc.signee || ' ' || coalesce(wc.place, '')`)} or ${people(sql`wc.owner_id`, sql`wc.customer_id`)})`,
  };
}

const loweredMatch = (pattern: string) => (expression: SQL) =>
  likePattern(sql`lower((${expression}) collate ${sql.identifier(SORT_COLLATION)})`, pattern);

/** Whether an entry's member or customer is one the filter finds by name. */
type People = (owner: SQL, customer: SQL) => SQL;

/** More names found than this, and each branch asks for them itself instead of taking a list. */
const FOUND_NAMES_MAX = 1000;

/**
 * The members and customers whose name the filter finds, looked up once per call. As subqueries
 * in each branch they were scanned eight times a call (four branches, count and page): 390 ms for
 * a filtered library at 50,000 customers (docs/benchmarks.md, throughput).
 */
async function peopleMatching(tx: Tx, tenantId: string, filter: string | undefined): Promise<People | undefined> {
  if (!filter) return undefined;
  const pattern = searchPattern(filter);
  const owners = sql`select u.id from users u where u.tenant_id = ${tenantId} and ${loweredMatch(pattern)(OWNER_NAME)}`;
  const customers = sql`select c.id from customers c where c.tenant_id = ${tenantId} and ${likePattern(sql`c.name_search`, pattern)}`;
  const found = await tx.execute<{ owners: string[]; customers: string[] }>(sql`
    select array(${owners} limit ${FOUND_NAMES_MAX + 1}) as owners, array(${customers} limit ${FOUND_NAMES_MAX + 1}) as customers`);
  const among = (column: SQL, ids: string[], all: SQL) => {
    if (ids.length > FOUND_NAMES_MAX) return sql`${column} in (${all})`;
    return ids.length ? sql`${column} = any(${sql.param(ids)}::uuid[])` : sql`false`;
  };
  const { owners: ownerIds, customers: customerIds } = found.rows[0];
  return (owner, customer) => sql`(${among(owner, ownerIds, owners)} or ${among(customer, customerIds, customers)})`;
}

/**
 * How each branch is cut before the branches are merged: to its first N rows in the page's order.
 * The first N rows of the merged feed are among them, so a page near the start reads a few rows per
 * branch instead of the whole tenant. By time, each branch reads its own time index; by a column
 * every branch computes itself (amount, duration, kind), each branch sorts by its output column of
 * that name, exactly as the merged feed is sorted.
 */
interface BranchCut {
  limit: number;
  descending: boolean;
  /** The output column ordered by; `undefined`: time, through the branch's own time column. */
  column?: 'amount' | 'duration_seconds' | 'kind';
  nullsLast?: boolean;
}

/** The four branches of the feed with the query's conditions inside each, each cut by `topN`. */
function feed(tenantId: string, q: ActivityQuery, titles: ActivityTitles, people: People | undefined, topN?: BranchCut): SQL {
  const cut = (time: SQL, id: SQL) => {
    if (!topN) return sql``;
    const direction = topN.descending ? sql`desc` : sql`asc`;
    if (!topN.column) return sql`order by ${time} ${direction}, ${id} ${direction} limit ${topN.limit}`;
    // Bare output names: each branch's own columns of that name (the union takes the first branch's names).
    const nulls = topN.nullsLast ? sql` nulls last` : sql``;
    return sql`order by ${sql.identifier(topN.column)} ${direction}${nulls}, id ${direction} limit ${topN.limit}`;
  };
  const branch = (body: SQL, time: SQL, id: SQL) => (topN ? sql`(${body} ${cut(time, id)})` : body);
  const text = textMatch(q.filter?.trim(), titles, people);
  const own = q.onlyOwnTimeOf;
  const wanted = (kind: ActivityKind) => !q.kind?.length || q.kind.includes(kind);
  // A branch of a kind not asked for is cut off by a constant condition (the planner skips it).
  const skip = (kind: ActivityKind) => (wanted(kind) ? sql`` : sql`and false`);
  const subTypes = (['note', 'material', 'timeEntry'] as const).filter(wanted).map((k) => (k === 'timeEntry' ? 'time' : k));
  const infoKinds = subTypes.length === 3 ? sql`` : subTypes.length ? sql`and ie.sub_type in (${sql.join(subTypes.map((t) => sql`${t}`), sql`, `)})` : sql`and false`;
  const ttProcessed = sql`(tt.processed_at is not null or tt.archived_at is not null)`;
  const ieProcessed = sql`(ie.processed_at is not null or ie.archived_at is not null)`;
  const imProcessed = sql`(im.processed_at is not null or im.archived_at is not null)`;
  // A confirmation is processed once everything it covers is, archived once everything is archived:
  // counted per confirmation through the covered rows' confirmation index (no scan of the tenant).
  const wcProcessed = sql`(cs.open = 0)`;
  const wcArchived = sql`(cs.unarchived = 0)`;
  const coveredCounts = sql`
    cross join lateral (
      select coalesce(sum(c.open), 0) as open, coalesce(sum(c.unarchived), 0) as unarchived from (
        select count(*) filter (where x.processed_at is null and x.archived_at is null) as open, count(*) filter (where x.archived_at is null) as unarchived
        from information_entries x where x.tenant_id = wc.tenant_id and x.confirmation_id = wc.id
        union all
        select count(*) filter (where x.processed_at is null and x.archived_at is null), count(*) filter (where x.archived_at is null)
        from time_tracks x where x.tenant_id = wc.tenant_id and x.confirmation_id = wc.id
        union all
        select count(*) filter (where x.processed_at is null and x.archived_at is null), count(*) filter (where x.archived_at is null)
        from images x where x.tenant_id = wc.tenant_id and x.confirmation_id = wc.id
      ) c
    ) cs`;

  const timeBranch = branch(
    sql`
    select tt.id, 'time'::text as kind, tt.customer_id, tt.started_at as occurred_at, ${titles.time}::text as title,
      tt.description as text, tt.duration_seconds, null::numeric as quantity, null::text as unit, null::numeric as amount,
      tt.owner_id, ${ttProcessed} as processed, (tt.archived_at is not null) as archived,
      (tt.confirmation_id is not null) as locked, tt.confirmation_id as ref_id, tt.invoice_id
    from time_tracks tt
    where tt.tenant_id = ${tenantId} and tt.ended_at is not null ${skip('time')}
      ${own ? sql`and tt.owner_id = ${own}` : sql``}
      ${branchConditions(q, { customer: sql`tt.customer_id`, occurred: sql`tt.started_at`, processed: ttProcessed, archived: sql`tt.archived_at is not null` })}
      ${text?.time ?? sql``}`,
    sql`tt.started_at`,
    sql`tt.id`,
  );
  const infoBranch = branch(
    sql`
    select ie.id, case ie.sub_type when 'time' then 'timeEntry' else ie.sub_type end as kind, ie.customer_id, ie.occurred_at,
      case ie.sub_type when 'note' then ${titles.note}::text when 'time' then ${titles.timeEntry}::text
        else left(coalesce(ie.product_name, ie.text, ''), 200) end,
      case when ie.sub_type = 'material' and ie.product_name is null then null else ie.text end,
      ie.duration_seconds, ie.quantity, ie.unit,
      case when ie.sub_type = 'material' and ie.unit_price is not null then round(ie.quantity * ie.unit_price, 2) end as amount,
      ie.owner_id, ${ieProcessed}, (ie.archived_at is not null), (ie.confirmation_id is not null), ie.confirmation_id, ie.invoice_id
    from information_entries ie
    where ie.tenant_id = ${tenantId} ${infoKinds}
      ${own ? sql`and (ie.sub_type <> 'time' or ie.owner_id = ${own})` : sql``}
      ${branchConditions(q, { customer: sql`ie.customer_id`, occurred: sql`ie.occurred_at`, processed: ieProcessed, archived: sql`ie.archived_at is not null` })}
      ${text?.information ?? sql``}`,
    sql`ie.occurred_at`,
    sql`ie.id`,
  );
  const imageBranch = branch(
    sql`
    select im.id, 'image'::text as kind, im.customer_id, im.taken_at, ${categoryTitle(titles)}, im.description,
      null::integer as duration_seconds, null::numeric, null::text, null::numeric as amount,
      im.owner_id, ${imProcessed}, (im.archived_at is not null), (im.confirmation_id is not null), im.confirmation_id, null::uuid
    from images im
    where im.tenant_id = ${tenantId} ${skip('image')}
      ${branchConditions(q, { customer: sql`im.customer_id`, occurred: sql`im.taken_at`, processed: imProcessed, archived: sql`im.archived_at is not null` })}
      ${text?.image ?? sql``}`,
    sql`im.taken_at`,
    sql`im.id`,
  );
  const confirmationBranch = branch(
    sql`
    select wc.id, 'confirmation'::text as kind, wc.customer_id, wc.created_at, left(wc.signee, 200), wc.place,
      null::integer as duration_seconds, null::numeric, null::text, null::numeric as amount,
      wc.owner_id, ${wcProcessed}, ${wcArchived}, true, wc.id, null::uuid
    from work_confirmations wc ${coveredCounts}
    where wc.tenant_id = ${tenantId} ${skip('confirmation')}
      ${branchConditions(q, { customer: sql`wc.customer_id`, occurred: sql`wc.created_at`, processed: wcProcessed, archived: wcArchived })}
      ${text?.confirmation ?? sql``}`,
    sql`wc.created_at`,
    sql`wc.id`,
  );
  return sql`${timeBranch} union all ${infoBranch} union all ${imageBranch} union all ${confirmationBranch}`;
}

/** The page's orders; `branchColumn` is the output column each branch sorts by for its cut (time: none). */
const sortable: Record<string, { expression: SQL; nullable: boolean; needsNames?: boolean; branchColumn?: BranchCut['column'] }> = {
  occurredAtUtc: { expression: sql`f.occurred_at`, nullable: false },
  kind: { expression: sql`f.kind`, nullable: false, branchColumn: 'kind' },
  ownerName: { expression: collated(OWNER_NAME), nullable: true, needsNames: true },
  customerName: { expression: collated(CUSTOMER_NAME), nullable: false, needsNames: true },
  amount: { expression: sql`f.amount`, nullable: true, branchColumn: 'amount' },
  durationSeconds: { expression: sql`f.duration_seconds`, nullable: true, branchColumn: 'duration_seconds' },
};

const joinNames = (tenantId: string) => sql`
  left join users u on u.tenant_id = ${tenantId} and u.id = f.owner_id
  join customers c on c.tenant_id = ${tenantId} and c.id = f.customer_id
  left join issued_invoices ii on ii.tenant_id = ${tenantId} and ii.id = f.invoice_id`;

/** The feed's count is exact up to this many entries (the contract's `totalCountCapped`). */
export const FEED_COUNT_CAP = 10_000;

export async function listActivities(tx: Tx, tenantId: string, q: ActivityQuery, titles: ActivityTitles) {
  const sort = sortable[q.orderBy ?? ''] ?? sortable.occurredAtUtc;
  const direction = q.isDescending ? sql`desc` : sql`asc`;
  const order = sql`${sort.expression} ${direction}${sort.nullable ? sql` nulls last` : sql``}, f.id ${direction}`;

  const people = await peopleMatching(tx, tenantId, q.filter?.trim());
  // The count stops after FEED_COUNT_CAP + 1 entries: beyond, the answer says "more than".
  const counted = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count from (select 1 from (${feed(tenantId, q, titles, people)}) f limit ${FEED_COUNT_CAP + 1}) c`,
  );
  const totalCount = Number(counted.rows[0]?.count ?? 0);
  const capped = totalCount > FEED_COUNT_CAP;
  const offset = (q.page - 1) * q.pageSize;
  // Pages end at the cap: a narrower period or filter reaches what lies beyond.
  if (Math.min(totalCount, FEED_COUNT_CAP) <= offset) return { totalCount, capped, rows: [] as ActivityRow[] };

  // Each branch contributes at most the rows up to the end of the page: newest or oldest first (the
  // usual view) read in order from its time index, by amount, duration or kind sorted in the branch.
  const topN: BranchCut | undefined = sort.needsNames ? undefined : { limit: offset + q.pageSize, descending: q.isDescending, column: sort.branchColumn, nullsLast: sort.nullable };
  const page = sort.needsNames
    ? sql`
      select f.*, ${OWNER_NAME} as owner_name, ${CUSTOMER_NAME} as customer_name, ii.number as invoice_number
      from (${feed(tenantId, q, titles, people)}) f
      ${joinNames(tenantId)}
      order by ${order}
      limit ${q.pageSize} offset ${offset}`
    : sql`
      select f.*, ${OWNER_NAME} as owner_name, ${CUSTOMER_NAME} as customer_name, ii.number as invoice_number
      from (select * from (${feed(tenantId, q, titles, people, topN)}) f order by ${order} limit ${q.pageSize} offset ${offset}) f
      ${joinNames(tenantId)}
      order by ${order}`;
  const result = await tx.execute<Record<string, unknown>>(page);
  const rows = result.rows.map(
    (r): ActivityRow => ({
      id: r.id as string,
      kind: r.kind as ActivityKind,
      customerId: r.customer_id as string,
      customerName: r.customer_name as string,
      occurredAt: new Date(r.occurred_at as string),
      title: r.title as string,
      text: (r.text as string | null) ?? null,
      durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
      quantity: r.quantity === null ? null : Number(r.quantity),
      unit: (r.unit as string | null) ?? null,
      amount: r.amount === null ? null : Number(r.amount),
      ownerId: (r.owner_id as string | null) ?? null,
      ownerName: (r.owner_name as string | null) ?? null,
      processed: r.processed as boolean,
      archived: r.archived as boolean,
      locked: r.locked as boolean,
      refId: (r.ref_id as string | null) ?? null,
      invoice: r.invoice_id ? { id: r.invoice_id as string, number: r.invoice_number as string } : null,
    }),
  );
  return { totalCount, capped, rows };
}

export type TotalsQuery = Pick<QueryOf<'customerActivitiesGetTotals'>, 'customerId' | 'fromDate' | 'toDate'>;

function period(column: SQL, q: TotalsQuery): SQL {
  const parts: SQL[] = [];
  if (q.fromDate) parts.push(sql`and ${column} >= ${new Date(q.fromDate)}`);
  if (q.toDate) parts.push(sql`and ${column} < ${new Date(q.toDate)}`);
  return sql.join(parts, sql` `);
}

const customerOf = (column: SQL, q: TotalsQuery) => (q.customerId ? sql`and ${column} = ${q.customerId}` : sql``);

export async function countNew(tx: Tx, tenantId: string, q: TotalsQuery) {
  const result = await tx.execute<{ customers: number; information: number }>(sql`
    select
      (select count(*)::int from customers c where c.tenant_id = ${tenantId} ${customerOf(sql`c.id`, q)} ${period(sql`c.created_at`, q)}) as customers,
      (select count(*)::int from information_entries ie where ie.tenant_id = ${tenantId} ${customerOf(sql`ie.customer_id`, q)} ${period(sql`ie.created_at`, q)}) as information`);
  const row = result.rows[0];
  return { customers: Number(row.customers), information: Number(row.information) };
}

/** Billable working time in the period: stopped time tracks by their start, time entries by their time. */
function workingTime(tenantId: string, q: TotalsQuery): SQL {
  return sql`
    select tt.owner_id, tt.customer_id, tt.started_at as at, tt.duration_seconds as seconds
    from time_tracks tt
    where tt.tenant_id = ${tenantId} and tt.ended_at is not null and tt.duration_seconds is not null
      ${customerOf(sql`tt.customer_id`, q)} ${period(sql`tt.started_at`, q)}
    union all
    select ie.owner_id, ie.customer_id, ie.occurred_at, ie.duration_seconds
    from information_entries ie
    where ie.tenant_id = ${tenantId} and ie.sub_type = 'time' and ie.duration_seconds is not null
      ${customerOf(sql`ie.customer_id`, q)} ${period(sql`ie.occurred_at`, q)}`;
}

export async function workingSeconds(tx: Tx, tenantId: string, q: TotalsQuery, timeZone: string) {
  const total = await tx.execute<{ seconds: string | null }>(sql`select sum(w.seconds)::bigint as seconds from (${workingTime(tenantId, q)}) w`);
  const perDay = await tx.execute<{ day: string; seconds: string }>(sql`
    select to_char((w.at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, sum(w.seconds)::bigint as seconds
    from (${workingTime(tenantId, q)}) w group by 1 order by 1`);
  const perMember = await tx.execute<{ member_id: string; member_name: string; seconds: string }>(sql`
    select w.owner_id as member_id, ${OWNER_NAME} as member_name, sum(w.seconds)::bigint as seconds
    from (${workingTime(tenantId, q)}) w join users u on u.tenant_id = ${tenantId} and u.id = w.owner_id
    group by w.owner_id, u.first_name, u.last_name, u.email
    order by 3 desc, 2 limit 1000`);
  return {
    total: Number(total.rows[0]?.seconds ?? 0),
    perDay: perDay.rows.map((r) => ({ date: r.day, seconds: Number(r.seconds) })),
    perMember: perMember.rows.map((r) => ({ memberId: r.member_id, memberName: r.member_name, seconds: Number(r.seconds) })),
  };
}

/**
 * Open billable positions (stopped time tracks, time entries, materials; neither processed nor
 * archived) per customer, valued by the one money rule (`platform/money.ts`) exactly as the
 * customer's invoice over the same period bills them: labour rounded up to the quarter hour on the
 * total, times the customer's rate, else the firm's; materials per group (product or free text,
 * unit, price, rate), each group's summed quantity times its price rounded once. The ten customers
 * with the highest open value.
 */
export async function openPositionsPerCustomer(tx: Tx, tenantId: string, q: TotalsQuery) {
  const result = await tx.execute<{ customer_id: string; customer_name: string; positions: number; seconds: string; amount: string; labour: string }>(
    openValuesSql(tenantId, q, 10),
  );
  return result.rows.map((r) => ({
    customerId: r.customer_id,
    customerName: r.customer_name,
    positions: Number(r.positions),
    workingSeconds: Number(r.seconds),
    materialAmount: Number(r.amount),
    labourAmount: Number(r.labour),
    openAmount: (Math.round(Number(r.amount) * 100) + Math.round(Number(r.labour) * 100)) / 100,
  }));
}

/** The open value of each customer with open entries (highest first, at most `limit`), in SQL. */
export function openValuesSql(tenantId: string, q: TotalsQuery, limit: number): SQL {
  return sql`
    with labour as (
      select l.customer_id, count(*)::int as positions, sum(l.seconds)::bigint as seconds from (
        select tt.customer_id, ${timeTrackSecondsSql('tt')} as seconds
        from time_tracks tt
        where tt.tenant_id = ${tenantId} and tt.ended_at is not null and tt.processed_at is null and tt.archived_at is null
          ${customerOf(sql`tt.customer_id`, q)} ${period(sql`tt.started_at`, q)}
        union all
        select ie.customer_id, coalesce(ie.duration_seconds, 0)
        from information_entries ie
        where ie.tenant_id = ${tenantId} and ie.sub_type = 'time' and ie.processed_at is null and ie.archived_at is null
          ${customerOf(sql`ie.customer_id`, q)} ${period(sql`ie.occurred_at`, q)}
      ) l
      group by l.customer_id
    ), material_groups as (
      select m.customer_id, count(*)::int as positions, ${materialNetSql(sql`sum(m.quantity)`, sql`m.price`)} as net from (
        select ie.customer_id, coalesce(ie.quantity, 0) as quantity,
          ${materialKeyColumnsSql({ productId: sql`ie.product_id`, productName: sql`ie.product_name`, text: sql`ie.text`, unit: sql`ie.unit`, unitPrice: sql`ie.unit_price`, vatRate: sql`ie.vat_rate` })}
        from information_entries ie
        where ie.tenant_id = ${tenantId} and ie.sub_type = 'material' and ie.processed_at is null and ie.archived_at is null
          ${customerOf(sql`ie.customer_id`, q)} ${period(sql`ie.occurred_at`, q)}
      ) m
      group by m.customer_id, ${materialGroupBySql('m')}
    ), material as (
      select g.customer_id, sum(g.positions)::int as positions, sum(g.net) as amount from material_groups g group by g.customer_id
    ), valued as (
      select c.id as customer_id, ${CUSTOMER_NAME} as customer_name,
        coalesce(l.positions, 0) + coalesce(m.positions, 0) as positions,
        coalesce(l.seconds, 0) as seconds,
        coalesce(m.amount, 0)::numeric(14, 2) as amount,
        ${labourNetSql(sql`l.seconds`, sql`coalesce(c.hourly_rate, (select t.default_hourly_rate from tenants t where t.tenant_id = ${tenantId}))`)}::numeric(14, 2) as labour
      from labour l
      full join material m on m.customer_id = l.customer_id
      join customers c on c.tenant_id = ${tenantId} and c.id = coalesce(l.customer_id, m.customer_id)
    )
    select v.*, (v.amount + v.labour)::numeric(14, 2) as open from valued v
    order by (v.amount + v.labour) desc, v.positions desc, v.customer_name
    limit ${limit}`;
}
