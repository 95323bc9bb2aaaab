/**
 * The one valuation rule: what recorded work and material is worth, net, in integer cents. The
 * invoice (`modules/invoice/invoice.rules.ts`), the dashboard's open value, the work-confirmation
 * PDF, the reports and the lexoffice export all value entries through this file; where PostgreSQL
 * must compute the same over many customers (the dashboard), the SQL is here too, beside the
 * TypeScript it mirrors, and `tests/api/money-rule.test.ts` proves both agree on the same data.
 *
 * - Labour: the tracked seconds of a bill (time tracks and `time` entries together) rounded up to
 *   the next quarter hour ON THE TOTAL (0 s stays 0), times the hourly rate, rounded half up once.
 * - Material: entries of one product (or one free text, case and outer blanks ignored) at one unit,
 *   one copied price and one VAT rate form a group; the group's summed quantity times its price is
 *   rounded half up once. A group is one invoice position. A single entry's own amount (a line of
 *   the confirmation or the feed) is the same rule on a group of one, and is informative: a sum of
 *   rounded entry amounts is never a total.
 * - VAT: per (category, rate) group, the rate applied to the group's net total, rounded half up
 *   once (EN 16931 BR-CO-17; lexoffice computes the same). Gross = net + VAT, exactly.
 *
 * Quantities carry three decimals and prices two (as stored); amounts are integer cents, computed
 * with BigInt so no binary fraction ever enters a sum.
 */
import { sql, type SQL } from 'drizzle-orm';

export const QUARTER_HOUR_SECONDS = 900;

/** The time billed for a tracked total: rounded up to the next 15 minutes. */
export function billedSeconds(trackedSeconds: number): number {
  if (trackedSeconds <= 0) return 0;
  return Math.ceil(trackedSeconds / QUARTER_HOUR_SECONDS) * QUARTER_HOUR_SECONDS;
}

/** Euro (two decimals, as stored) to cents. */
export const toCents = (euro: number) => Math.round(euro * 100);
/** Cents to euro as the contract's Money. */
export const toEuro = (cents: number) => cents / 100;
/** A quantity (three decimals, as stored) in thousandths. */
export const toMilli = (quantity: number) => BigInt(Math.round(quantity * 1000));

/**
 * a / b rounded half away from zero (b > 0), exact for any size: PostgreSQL's `round(numeric)`,
 * so the SQL below and this file agree on every value.
 */
export function divideRounded(a: bigint, b: bigint): bigint {
  if (a < 0n) return -divideRounded(-a, b);
  return (a * 2n + b) / (2n * b);
}

/** Net cents of labour: the total tracked seconds rounded up to quarter hours, times the hourly rate (euro). */
export function labourNetCents(trackedSeconds: number, hourlyRate: number): number {
  const quarters = BigInt(billedSeconds(trackedSeconds) / QUARTER_HOUR_SECONDS);
  return Number(divideRounded(quarters * BigInt(toCents(hourlyRate)), 4n));
}

/** Net cents of a quantity (in thousandths) at a unit price (cents): rounded once. */
export function quantityNetCents(quantityMilli: bigint, unitPriceCents: number): number {
  return Number(divideRounded(quantityMilli * BigInt(unitPriceCents), 1000n));
}

/** The amount of one entry on its own (informative; totals come from `materialGroups`). */
export function lineNetCents(quantity: number, unitPrice: number | null): number {
  return quantityNetCents(toMilli(quantity), toCents(unitPrice ?? 0));
}

export type VatRate = 0 | 7 | 19;
/** EN 16931 VAT category: standard, zero rated, exempt (§ 19 UStG), intra-community reverse charge. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE';
/** How the firm charges VAT on one invoice. */
export type VatTreatment = 'standard' | 'smallBusiness' | 'reverseCharge';

/** A stored rate as one of the three the product knows (a missing one is the standard 19 %). */
export const asVatRate = (rate: number | null): VatRate => (rate === 0 || rate === 7 ? rate : 19);

/** The category and charged rate of an amount at its own rate under the invoice's treatment. */
export function vatCategoryOf(rate: VatRate, treatment: VatTreatment): { vatCategory: VatCategory; vatRate: VatRate } {
  if (treatment === 'smallBusiness') return { vatCategory: 'E', vatRate: 0 };
  if (treatment === 'reverseCharge') return { vatCategory: 'AE', vatRate: 0 };
  return { vatCategory: rate === 0 ? 'Z' : 'S', vatRate: rate };
}

/** The VAT of a (category, rate) group: the rate applied to the group's net total, rounded once. */
export function vatCents(netCents: number, vatRate: number): number {
  return Number(divideRounded(BigInt(netCents) * BigInt(vatRate), 100n));
}

/** The blanks `trim` takes off a free-text material's name for grouping: the ASCII ones, as SQL's `btrim` below. */
const OUTER_BLANKS = /^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g;

/** What makes two material entries one position: the product, else the free text (case and outer blanks ignored). */
export function materialIdentity(productId: string | null, name: string): string {
  return productId ?? `text:${name.replace(OUTER_BLANKS, '').toLowerCase()}`;
}

export interface ValuedMaterial {
  productId: string | null;
  /** The product's copied name, else the free text. */
  name: string;
  quantity: number;
  unit: string | null;
  /** Net price per unit copied at entry; null when none was given (free text): 0. */
  unitPrice: number | null;
  vatRate: number | null;
}

export interface MaterialGroup<M extends ValuedMaterial = ValuedMaterial> {
  productId: string | null;
  name: string;
  unit: string;
  unitPriceCents: number;
  vatRate: VatRate;
  quantityMilli: bigint;
  netCents: number;
  entries: M[];
}

/** The material groups in order of first appearance, each valued once. */
export function materialGroups<M extends ValuedMaterial>(materials: M[]): MaterialGroup<M>[] {
  const groups = new Map<string, Omit<MaterialGroup<M>, 'netCents'>>();
  for (const m of materials) {
    const unitPriceCents = toCents(m.unitPrice ?? 0);
    const vatRate = asVatRate(m.vatRate);
    const unit = m.unit ?? '';
    const key = JSON.stringify([materialIdentity(m.productId, m.name), unit, unitPriceCents, vatRate]);
    let group = groups.get(key);
    if (!group) {
      group = { productId: m.productId, name: m.name.trim(), unit, unitPriceCents, vatRate, quantityMilli: 0n, entries: [] };
      groups.set(key, group);
    }
    group.quantityMilli += toMilli(m.quantity);
    group.entries.push(m);
  }
  return [...groups.values()].map((g) => ({ ...g, netCents: quantityNetCents(g.quantityMilli, g.unitPriceCents) }));
}

export interface OpenValue {
  trackedSeconds: number;
  billedSeconds: number;
  labourCents: number;
  materialCents: number;
  netCents: number;
}

/** The net value of one customer's entries, exactly as their invoice's net total. */
export function openValue(input: { seconds: number[]; materials: ValuedMaterial[]; hourlyRate: number }): OpenValue {
  const trackedSeconds = input.seconds.reduce((sum, s) => sum + s, 0);
  const labourCents = input.seconds.length ? labourNetCents(trackedSeconds, input.hourlyRate) : 0;
  const materialCents = materialGroups(input.materials).reduce((sum, g) => sum + g.netCents, 0);
  return { trackedSeconds, billedSeconds: billedSeconds(trackedSeconds), labourCents, materialCents, netCents: labourCents + materialCents };
}

// ---- The same rule in SQL ---------------------------------------------------------------------

/**
 * SQL: a material entry's group key as four columns (`identity`, `unit_key`, `price`, `rate_key`),
 * the same as `materialGroups` takes: `materialIdentity`, unit, price and rate. Lower case through
 * the ICU collation `app_sort` (the database's C locale would lower-case ASCII only, unlike
 * JavaScript); blanks trimmed as `OUTER_BLANKS`.
 */
export function materialKeyColumnsSql(c: { productId: SQL; productName: SQL; text: SQL; unit: SQL; unitPrice: SQL; vatRate: SQL }): SQL {
  return sql`coalesce(${c.productId}::text, 'text:' || lower(btrim(coalesce(${c.productName}, ${c.text}, ''), E' \t\n\r\v\f') collate app_sort)) as identity,
    coalesce(${c.unit}, '') as unit_key, coalesce(${c.unitPrice}, 0) as price,
    case when ${c.vatRate} in (0, 7) then ${c.vatRate} else 19 end as rate_key`;
}

/** SQL: group by the columns of `materialKeyColumnsSql` (of the relation `alias`). */
export const materialGroupBySql = (alias: string): SQL =>
  sql.join(['identity', 'unit_key', 'price', 'rate_key'].map((c) => sql`${sql.identifier(alias)}.${sql.identifier(c)}`), sql`, `);

/** SQL: a material group's net in euro: its summed quantity times its price, rounded once. */
export const materialNetSql = (summedQuantity: SQL, unitPrice: SQL): SQL => sql`round(${summedQuantity} * ${unitPrice}, 2)`;

/** SQL: labour's net in euro: the summed seconds rounded up to quarter hours, times the rate, rounded once. */
export const labourNetSql = (summedSeconds: SQL, hourlyRate: SQL): SQL =>
  sql`round(ceil(coalesce(${summedSeconds}, 0) / ${QUARTER_HOUR_SECONDS}::numeric) * ${hourlyRate} / 4, 2)`;

/** SQL: a time track's seconds as an invoice bills them (a stopped track without a stored duration: its span). */
export const timeTrackSecondsSql = (alias: string): SQL => {
  const a = sql.identifier(alias);
  return sql`coalesce(${a}.duration_seconds, extract(epoch from (${a}.ended_at - ${a}.started_at))::int)`;
};
