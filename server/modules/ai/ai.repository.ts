/** The AI module's queries: the daily count, the firm's products for matching, the entries a text is made from. */
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { containsPattern } from '../../db/helpers';
import { aiUsage, customers, informationEntries, products, timeTracks } from '../../db/schema';
import { customerNameSql } from '../../platform/display-names';

/** Counts one call for the day unless the firm has reached `limit`; false when it has. */
export async function countCall(tx: Tx, tenantId: string, day: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await tx
    .insert(aiUsage)
    .values({ tenantId, day, calls: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.tenantId, aiUsage.day],
      set: { calls: sql`${aiUsage.calls} + 1` },
      setWhere: lt(aiUsage.calls, limit),
    })
    .returning({ calls: aiUsage.calls });
  return rows.length > 0;
}

export async function callsOn(tx: Tx, day: string): Promise<number> {
  const [row] = await tx.select({ calls: aiUsage.calls }).from(aiUsage).where(eq(aiUsage.day, day));
  return row?.calls ?? 0;
}

export interface ProductCandidate {
  id: string;
  name: string;
  ean: string | null;
  unit: string;
  netPrice: number;
  vatRate: number;
}

const productColumns = { id: products.id, name: products.name, ean: products.ean, unit: products.unit, netPrice: products.netPrice, vatRate: products.vatRate };

/** The firm's (row-level security) active products with these EANs, by EAN. */
export async function productsByEan(tx: Tx, eans: string[]): Promise<Map<string, ProductCandidate>> {
  if (eans.length === 0) return new Map();
  const rows = await tx.select(productColumns).from(products).where(and(inArray(products.ean, eans), eq(products.archived, false)));
  return new Map(rows.map((row) => [row.ean!, row]));
}

/**
 * For each list of words, the firm's active products whose name contains one of them (at most 50
 * each), for the close match: one round trip for all the dictated materials.
 */
export async function productsWithWords(tx: Tx, wordLists: string[][]): Promise<ProductCandidate[][]> {
  const found: ProductCandidate[][] = wordLists.map(() => []);
  const asked = wordLists.map((words, index) => ({ words, index })).filter((w) => w.words.length > 0);
  if (asked.length === 0) return found;
  const parts = asked.map(
    ({ words, index }) => sql`(select ${index}::int as idx, ${products.id} as id, ${products.name} as name, ${products.ean} as ean, ${products.unit} as unit,
        ${products.netPrice}::float8 as net_price, ${products.vatRate} as vat_rate
      from ${products}
      where ${products.archived} = false and (${sql.join(words.map((w) => sql`${products.name} ilike ${containsPattern(w)}`), sql` or `)})
      limit 50)`,
  );
  const result = await tx.execute<{ idx: number; id: string; name: string; ean: string | null; unit: string; net_price: number; vat_rate: number }>(
    sql.join(parts, sql` union all `),
  );
  for (const row of result.rows) {
    found[row.idx].push({ id: row.id, name: row.name, ean: row.ean, unit: row.unit, netPrice: Number(row.net_price), vatRate: Number(row.vat_rate) });
  }
  return found;
}


/** Matches no row: `in ()` is not SQL. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

export interface EntryForText {
  kind: 'note' | 'time' | 'material';
  customer: string;
  text: string | null;
  quantity: number | null;
  unit: string | null;
  durationSeconds: number | null;
  at: Date;
}

/**
 * Notes, times and materials (and stopped timers) of the period, oldest first; one customer or all.
 * With `ids`, exactly those entries of the customer, whatever their time (the caller compares the
 * count with the ids asked for).
 */
export async function entriesOfPeriod(
  tx: Tx,
  range: { customerId?: string; from: Date; to: Date; ids?: { informationIds: string[]; timeTrackIds: string[] } },
  limit: number,
): Promise<EntryForText[]> {
  const ids = range.ids;
  const info = await tx
    .select({
      kind: informationEntries.subType,
      customer: customerNameSql(customers),
      text: sql<string | null>`coalesce(${informationEntries.productName}, ${informationEntries.text})`,
      note: informationEntries.text,
      quantity: informationEntries.quantity,
      unit: informationEntries.unit,
      durationSeconds: informationEntries.durationSeconds,
      at: informationEntries.occurredAt,
    })
    .from(informationEntries)
    .innerJoin(customers, and(eq(customers.tenantId, informationEntries.tenantId), eq(customers.id, informationEntries.customerId)))
    .where(
      and(
        range.customerId ? eq(informationEntries.customerId, range.customerId) : undefined,
        ...(ids
          ? [inArray(informationEntries.id, ids.informationIds.length ? ids.informationIds : [NO_ID])]
          : [gte(informationEntries.occurredAt, range.from), lt(informationEntries.occurredAt, range.to)]),
      ),
    )
    .orderBy(desc(informationEntries.occurredAt))
    .limit(ids ? ids.informationIds.length : limit);
  const tracks = await tx
    .select({ customer: customerNameSql(customers), text: timeTracks.description, durationSeconds: timeTracks.durationSeconds, at: timeTracks.startedAt })
    .from(timeTracks)
    .innerJoin(customers, and(eq(customers.tenantId, timeTracks.tenantId), eq(customers.id, timeTracks.customerId)))
    .where(
      and(
        range.customerId ? eq(timeTracks.customerId, range.customerId) : undefined,
        isNotNull(timeTracks.endedAt),
        ...(ids
          ? [inArray(timeTracks.id, ids.timeTrackIds.length ? ids.timeTrackIds : [NO_ID])]
          : [gte(timeTracks.startedAt, range.from), lt(timeTracks.startedAt, range.to)]),
      ),
    )
    .orderBy(desc(timeTracks.startedAt))
    .limit(ids ? ids.timeTrackIds.length : limit);
  const entries: EntryForText[] = [
    ...info.map((r) => ({
      kind: (r.kind === 'material' ? 'material' : r.kind === 'time' ? 'time' : 'note') as EntryForText['kind'],
      customer: r.customer,
      text: r.kind === 'material' ? r.text : r.note,
      quantity: r.quantity,
      unit: r.unit,
      durationSeconds: r.durationSeconds,
      at: r.at,
    })),
    ...tracks.map((r) => ({ kind: 'time' as const, customer: r.customer, text: r.text, quantity: null, unit: null, durationSeconds: r.durationSeconds, at: r.at })),
  ];
  const sorted = entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  return ids ? sorted : sorted.slice(-limit);
}

/** The chosen time entries and stopped timers of the firm: descriptions and durations. */
export async function timesByIds(tx: Tx, informationIds: string[], timeTrackIds: string[]): Promise<{ found: number; items: { text: string | null; durationSeconds: number | null }[] }> {
  const info = informationIds.length
    ? await tx
        .select({ text: informationEntries.text, durationSeconds: informationEntries.durationSeconds })
        .from(informationEntries)
        .where(inArray(informationEntries.id, informationIds))
    : [];
  const tracks = timeTrackIds.length
    ? await tx.select({ text: timeTracks.description, durationSeconds: timeTracks.durationSeconds }).from(timeTracks).where(inArray(timeTracks.id, timeTrackIds))
    : [];
  return { found: info.length + tracks.length, items: [...info, ...tracks] };
}
