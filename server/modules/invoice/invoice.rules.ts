/**
 * The money rules of an invoice preview, free of I/O.
 *
 * - Labour: one position, the total of time tracks and `time` entries rounded up to the next
 *   quarter hour (0 s stays 0), times the hourly rate.
 * - Material: one position per product or free-text material at one copied price and VAT rate
 *   (the same product entered at two prices gives two positions, so no price is invented).
 * - Money is integer cents. Each position's net and VAT are rounded once, half up; totals are
 *   sums of the rounded position amounts, so net + VAT = gross holds exactly on every level.
 * - The VAT treatment decides each position's category (EN 16931 BT-151): `standard` gives S (or Z
 *   at 0 %); a small business (§ 19 UStG, `smallBusiness`) charges no VAT: E at 0 %; an
 *   intra-community reverse-charge invoice (`reverseCharge`): AE at 0 %. Totals per VAT are
 *   grouped by category and rate.
 */
import { translate, type Lang } from '../../platform/i18n';

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

/** a / b rounded half up, for non-negative integers, exact for any size. */
function divideRounded(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (2n * b);
}

export type VatRate = 0 | 7 | 19;

/** Who owes the VAT of the invoice; decided by the invoice service from firm and customer. */
export type VatTreatment = 'standard' | 'smallBusiness' | 'reverseCharge';

/** EN 16931 VAT category: standard, zero rated, exempt (§ 19 UStG), reverse charge. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE';

export interface LabourSource {
  kind: 'timeTrack' | 'time';
  id: string;
  seconds: number;
}

export interface MaterialSource {
  id: string;
  productId: string | null;
  name: string;
  quantity: number;
  unit: string | null;
  /** Net price per unit copied at entry; null when none was given (free text). */
  unitPrice: number | null;
  vatRate: number | null;
}

export interface Position {
  kind: 'labour' | 'material';
  description: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  vatRate: VatRate;
  vatCategory: VatCategory;
  netCents: number;
  vatCents: number;
  grossCents: number;
  productId: string | null;
  durationSeconds: number | null;
  billedSeconds: number | null;
  informationIds: string[];
  timeTrackIds: string[];
}

export interface VatTotal {
  vatCategory: VatCategory;
  vatRate: VatRate;
  netCents: number;
  vatCents: number;
}

export interface Totals {
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatByRate: VatTotal[];
}

export interface PositionInput {
  language: Lang;
  vatTreatment: VatTreatment;
  /** Net euro per hour. */
  hourlyRate: number;
  /** Shown in the labour description, e.g. `01.11.2026 – 30.11.2026`. */
  periodLabel: string;
  labour: LabourSource[];
  materials: MaterialSource[];
}

const asVatRate = (rate: number | null): VatRate => (rate === 0 || rate === 7 ? rate : 19);

function priced(netCents: number, rate: VatRate, treatment: VatTreatment) {
  const vatRate: VatRate = treatment === 'standard' ? rate : 0;
  const vatCategory: VatCategory = treatment === 'smallBusiness' ? 'E' : treatment === 'reverseCharge' ? 'AE' : vatRate > 0 ? 'S' : 'Z';
  const vatCents = Number(divideRounded(BigInt(netCents) * BigInt(vatRate), 100n));
  return { vatRate, vatCategory, netCents, vatCents, grossCents: netCents + vatCents };
}

function labourPosition(input: PositionInput): Position | null {
  if (input.labour.length === 0) return null;
  const tracked = input.labour.reduce((sum, l) => sum + l.seconds, 0);
  const billed = billedSeconds(tracked);
  const rateCents = toCents(input.hourlyRate);
  const quarters = BigInt(billed / QUARTER_HOUR_SECONDS);
  const netCents = Number(divideRounded(quarters * BigInt(rateCents), 4n));
  return {
    kind: 'labour',
    description: translate(input.language, 'invoiceDoc.labourDescription', { period: input.periodLabel }),
    quantity: billed / 3600,
    unit: translate(input.language, 'invoiceDoc.hourUnit'),
    unitPriceCents: rateCents,
    ...priced(netCents, 19, input.vatTreatment),
    productId: null,
    durationSeconds: tracked,
    billedSeconds: billed,
    informationIds: input.labour.filter((l) => l.kind === 'time').map((l) => l.id),
    timeTrackIds: input.labour.filter((l) => l.kind === 'timeTrack').map((l) => l.id),
  };
}

function materialPositions(input: PositionInput): Position[] {
  interface Group {
    productId: string | null;
    name: string;
    unit: string;
    unitPriceCents: number;
    vatRate: VatRate;
    quantityMilli: bigint;
    ids: string[];
  }
  const groups = new Map<string, Group>();
  for (const m of input.materials) {
    const unitPriceCents = toCents(m.unitPrice ?? 0);
    const vatRate = asVatRate(m.vatRate);
    const unit = m.unit ?? '';
    const identity = m.productId ?? `text:${m.name.trim().toLowerCase()}`;
    const key = JSON.stringify([identity, unit, unitPriceCents, vatRate]);
    let group = groups.get(key);
    if (!group) {
      group = { productId: m.productId, name: m.name.trim(), unit, unitPriceCents, vatRate, quantityMilli: 0n, ids: [] };
      groups.set(key, group);
    }
    group.quantityMilli += BigInt(Math.round(m.quantity * 1000));
    group.ids.push(m.id);
  }
  const collator = new Intl.Collator(input.language === 'en' ? 'en' : 'de');
  return [...groups.values()]
    .sort((a, b) => collator.compare(a.name, b.name) || a.unitPriceCents - b.unitPriceCents)
    .map((g) => {
      const netCents = Number(divideRounded(g.quantityMilli * BigInt(g.unitPriceCents), 1000n));
      return {
        kind: 'material' as const,
        description: g.name,
        quantity: Number(g.quantityMilli) / 1000,
        unit: g.unit,
        unitPriceCents: g.unitPriceCents,
        ...priced(netCents, g.vatRate, input.vatTreatment),
        productId: g.productId,
        durationSeconds: null,
        billedSeconds: null,
        informationIds: g.ids,
        timeTrackIds: [],
      };
    });
}

/** The positions: labour first (when any time was recorded), then materials by name. */
export function invoicePositions(input: PositionInput): Position[] {
  const labour = labourPosition(input);
  return [...(labour ? [labour] : []), ...materialPositions(input)];
}

/** Net, VAT and gross over all positions, and net and VAT per category and rate (highest rate first). */
export function invoiceTotals(positions: Position[]): Totals {
  const byRate = new Map<string, VatTotal>();
  for (const p of positions) {
    const key = `${p.vatCategory}:${p.vatRate}`;
    const total = byRate.get(key) ?? { vatCategory: p.vatCategory, vatRate: p.vatRate, netCents: 0, vatCents: 0 };
    total.netCents += p.netCents;
    total.vatCents += p.vatCents;
    byRate.set(key, total);
  }
  const netCents = positions.reduce((sum, p) => sum + p.netCents, 0);
  const vatCents = positions.reduce((sum, p) => sum + p.vatCents, 0);
  return { netCents, vatCents, grossCents: netCents + vatCents, vatByRate: [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate) };
}

/** The labour share of the invoice (private customers deduct it under § 35a EStG); null without labour. */
export function labourShare(positions: Position[]): { netCents: number; vatCents: number; grossCents: number } | null {
  const labour = positions.filter((p) => p.kind === 'labour');
  if (labour.length === 0) return null;
  const netCents = labour.reduce((sum, p) => sum + p.netCents, 0);
  const vatCents = labour.reduce((sum, p) => sum + p.vatCents, 0);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/** The legal note of a small business, or null. */
export function smallBusinessNote(language: Lang, smallBusiness: boolean): string | null {
  return smallBusiness ? translate(language, 'invoiceDoc.smallBusinessNote') : null;
}

/** The hourly rate for labour: the customer's own, else the tenant's default. */
export function hourlyRateOf(customerRate: number | null | undefined, tenantDefault: number): number {
  return customerRate ?? tenantDefault;
}
