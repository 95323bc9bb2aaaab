/**
 * The positions and totals of an invoice preview, free of I/O. What entries are worth is the one
 * valuation rule of `platform/money.ts`; this file shapes it into positions.
 *
 * - Labour: one position, the total of time tracks and `time` entries rounded up to the next
 *   quarter hour (0 s stays 0), times the hourly rate.
 * - Material: one position per product or free-text material at one copied price and VAT rate
 *   (the same product entered at two prices gives two positions, so no price is invented).
 * - Money is integer cents. Each position's net is rounded once, half up. The VAT of each
 *   (category, rate) group is the rate applied to the group's net total, rounded once (EN 16931
 *   BR-CO-17); the invoice's VAT is the sum of the groups', so net + VAT = gross holds exactly.
 *   A position's `vatCents`/`grossCents` are informative (its net at its rate) and never summed.
 * - The treatment decides the category: `standard` charges each position's rate (S, or Z at 0 %),
 *   a small business (§ 19 UStG) charges none (E, 0 %), reverse charge none either (AE, 0 %).
 */
import { translate, type Lang } from '../../platform/i18n';
import {
  asVatRate,
  billedSeconds,
  labourNetCents,
  materialGroups,
  toCents,
  vatCategoryOf,
  vatCents as vatOf,
  type VatCategory,
  type VatRate,
  type ValuedMaterial,
  type VatTreatment,
} from '../../platform/money';

export { billedSeconds, QUARTER_HOUR_SECONDS, toCents, toEuro } from '../../platform/money';
export type { VatCategory, VatRate, VatTreatment } from '../../platform/money';

export interface LabourSource {
  kind: 'timeTrack' | 'time';
  id: string;
  seconds: number;
}

/** A material entry to bill: the valued material of `platform/money.ts` and the entry's id. */
export interface MaterialSource extends ValuedMaterial {
  id: string;
}

export interface Position {
  kind: 'labour' | 'material';
  description: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  vatCategory: VatCategory;
  vatRate: VatRate;
  netCents: number;
  /** Informative: this position's net at its rate, rounded; the invoice's VAT comes from `Totals.vatByRate`. */
  vatCents: number;
  /** Informative: net + `vatCents`; never summed into a total. */
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

function priced(netCents: number, rate: VatRate, treatment: VatTreatment) {
  const { vatCategory, vatRate } = vatCategoryOf(rate, treatment);
  const vatCents = vatOf(netCents, vatRate);
  return { vatCategory, vatRate, netCents, vatCents, grossCents: netCents + vatCents };
}

function labourPosition(input: PositionInput): Position | null {
  if (input.labour.length === 0) return null;
  const tracked = input.labour.reduce((sum, l) => sum + l.seconds, 0);
  const billed = billedSeconds(tracked);
  return {
    kind: 'labour',
    description: translate(input.language, 'invoiceDoc.labourDescription', { period: input.periodLabel }),
    quantity: billed / 3600,
    unit: translate(input.language, 'invoiceDoc.hourUnit'),
    unitPriceCents: toCents(input.hourlyRate),
    ...priced(labourNetCents(tracked, input.hourlyRate), 19, input.vatTreatment),
    productId: null,
    durationSeconds: tracked,
    billedSeconds: billed,
    informationIds: input.labour.filter((l) => l.kind === 'time').map((l) => l.id),
    timeTrackIds: input.labour.filter((l) => l.kind === 'timeTrack').map((l) => l.id),
  };
}

function materialPositions(input: PositionInput): Position[] {
  const collator = new Intl.Collator(input.language === 'en' ? 'en' : 'de');
  return materialGroups(input.materials)
    .sort((a, b) => collator.compare(a.name, b.name) || a.unitPriceCents - b.unitPriceCents)
    .map((g) => ({
      kind: 'material' as const,
      description: g.name,
      quantity: Number(g.quantityMilli) / 1000,
      unit: g.unit,
      unitPriceCents: g.unitPriceCents,
      ...priced(g.netCents, asVatRate(g.vatRate), input.vatTreatment),
      productId: g.productId,
      durationSeconds: null,
      billedSeconds: null,
      informationIds: g.entries.map((m) => m.id),
      timeTrackIds: [],
    }));
}

/** The positions: labour first (when any time was recorded), then materials by name. */
export function invoicePositions(input: PositionInput): Position[] {
  const labour = labourPosition(input);
  return [...(labour ? [labour] : []), ...materialPositions(input)];
}

/**
 * Net, VAT and gross over all positions, and net and VAT per (category, rate) group, highest rate
 * first: each group's VAT is its rate applied to its net total, rounded once; the invoice's VAT is
 * the sum of the groups'. Positions' own `vatCents` play no part.
 */
export function invoiceTotals(positions: Position[]): Totals {
  const groups = new Map<string, VatTotal>();
  for (const p of positions) {
    const key = `${p.vatCategory}:${p.vatRate}`;
    const total = groups.get(key) ?? { vatCategory: p.vatCategory, vatRate: p.vatRate, netCents: 0, vatCents: 0 };
    total.netCents += p.netCents;
    groups.set(key, total);
  }
  const vatByRate = [...groups.values()]
    .map((g) => ({ ...g, vatCents: vatOf(g.netCents, g.vatRate) }))
    .sort((a, b) => b.vatRate - a.vatRate || a.vatCategory.localeCompare(b.vatCategory));
  const netCents = vatByRate.reduce((sum, g) => sum + g.netCents, 0);
  const vatCents = vatByRate.reduce((sum, g) => sum + g.vatCents, 0);
  return { netCents, vatCents, grossCents: netCents + vatCents, vatByRate };
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
