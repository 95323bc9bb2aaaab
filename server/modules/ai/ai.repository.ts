/** The AI module's queries: the daily count, the firm's products for matching, the entries a text is made from. */
import { and, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
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

/** The firm's (row-level security) active product with this EAN. */
export async function productByEan(tx: Tx, ean: string): Promise<ProductCandidate | undefined> {
  const [row] = await tx.select(productColumns).from(products).where(and(eq(products.ean, ean), eq(products.archived, false)));
  return row;
}

/** Active products whose name contains one of the words (at most 50), for the close match. */
export async function productsWithWords(tx: Tx, words: string[]): Promise<ProductCandidate[]> {
  if (words.length === 0) return [];
  const escaped = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return tx
    .select(productColumns)
    .from(products)
    .where(and(eq(products.archived, false), or(...escaped.map((pattern) => sql`${products.name} ilike ${pattern}`))))
    .limit(50);
}

export async function customerNameOf(tx: Tx, customerId: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: customerNameSql(customers) }).from(customers).where(eq(customers.id, customerId));
  return row?.name;
}

export interface EntryForText {
  kind: 'note' | 'time' | 'material';
  customer: string;
  text: string | null;
  quantity: number | null;
  unit: string | null;
  durationSeconds: number | null;
  at: Date;
}

/** Notes, times and materials (and stopped timers) of the period, oldest first; one customer or all. */
export async function entriesOfPeriod(tx: Tx, range: { customerId?: string; from: Date; to: Date }, limit: number): Promise<EntryForText[]> {
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
        gte(informationEntries.occurredAt, range.from),
        lt(informationEntries.occurredAt, range.to),
      ),
    )
    .orderBy(desc(informationEntries.occurredAt))
    .limit(limit);
  const tracks = await tx
    .select({ customer: customerNameSql(customers), text: timeTracks.description, durationSeconds: timeTracks.durationSeconds, at: timeTracks.startedAt })
    .from(timeTracks)
    .innerJoin(customers, and(eq(customers.tenantId, timeTracks.tenantId), eq(customers.id, timeTracks.customerId)))
    .where(
      and(
        range.customerId ? eq(timeTracks.customerId, range.customerId) : undefined,
        isNotNull(timeTracks.endedAt),
        gte(timeTracks.startedAt, range.from),
        lt(timeTracks.startedAt, range.to),
      ),
    )
    .orderBy(desc(timeTracks.startedAt))
    .limit(limit);
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
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(-limit);
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
