/**
 * The rules of an information entry by subtype (the contract's `Information/Create`). Pure functions: the service applies them before it touches
 * the database, the unit tests check them directly.
 *
 * - `note`: `text` (1 to 4000 characters).
 * - `material`: a product or a free text, a quantity > 0; free text needs a unit; price and VAT
 *   come from the product at entry time when not sent; VAT 19 % for free text when not sent.
 * - `time`: a duration of 60 to 86400 seconds; `text` describes the work.
 * Fields that do not belong to the subtype must be left out or null.
 */
import type { MessageKey } from '../../platform/i18n';

export type InformationSubType = 'note' | 'material' | 'time';

export interface InformationInput {
  text?: string | null;
  productId?: string | null;
  quantity?: number | null;
  unit?: string | null;
  unitPrice?: number | null;
  vatRate?: number | null;
  durationSeconds?: number | null;
}

/** The input after trimming and rounding; empty strings are null. */
export interface InformationFields {
  text: string | null;
  productId: string | null;
  quantity: number | null;
  unit: string | null;
  unitPrice: number | null;
  vatRate: number | null;
  durationSeconds: number | null;
}

export interface RuleViolation {
  field: keyof InformationFields;
  key: MessageKey;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function normaliseInformation(input: InformationInput): InformationFields {
  return {
    text: clean(input.text),
    productId: input.productId ?? null,
    quantity: input.quantity == null ? null : round(input.quantity, 3),
    unit: clean(input.unit),
    unitPrice: input.unitPrice == null ? null : round(input.unitPrice, 2),
    vatRate: input.vatRate ?? null,
    durationSeconds: input.durationSeconds ?? null,
  };
}

/** Which fields each subtype may carry. */
const allowed: Record<InformationSubType, (keyof InformationFields)[]> = {
  note: ['text'],
  material: ['text', 'productId', 'quantity', 'unit', 'unitPrice', 'vatRate'],
  time: ['text', 'durationSeconds'],
};

/** The violations of an entry's fields under its subtype's rules. */
export function informationViolations(subType: InformationSubType, fields: InformationFields): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const field of Object.keys(fields) as (keyof InformationFields)[]) {
    if (fields[field] !== null && !allowed[subType].includes(field)) {
      violations.push({ field, key: 'information.notForSubType' });
    }
  }
  if (subType === 'note' && !fields.text) violations.push({ field: 'text', key: 'information.textRequired' });
  if (subType === 'material') {
    if (!fields.productId && !fields.text) violations.push({ field: 'productId', key: 'information.productOrText' });
    if (fields.quantity === null) violations.push({ field: 'quantity', key: 'information.quantityRequired' });
    else if (fields.quantity <= 0) violations.push({ field: 'quantity', key: 'information.quantityPositive' });
    if (!fields.productId && fields.text && !fields.unit) violations.push({ field: 'unit', key: 'information.unitRequired' });
  }
  if (subType === 'time') {
    if (fields.durationSeconds === null) violations.push({ field: 'durationSeconds', key: 'information.durationRequired' });
    else if (fields.durationSeconds < 60 || fields.durationSeconds > 86400) {
      violations.push({ field: 'durationSeconds', key: 'information.durationRange' });
    }
  }
  return violations;
}

/**
 * What a material copies from its product when the caller left the values out. `source` is the
 * product as it is now (a new entry, or a changed product), or the entry's own copy when the
 * product stays; null for free-text material.
 */
export function materialValues(
  fields: InformationFields,
  source: { name: string; unit: string | null; unitPrice: number | null; vatRate: number | null } | null,
): Pick<InformationFields, 'unit' | 'unitPrice' | 'vatRate'> & { productName: string | null } {
  if (source) {
    return {
      productName: source.name,
      unit: fields.unit ?? source.unit,
      unitPrice: fields.unitPrice ?? source.unitPrice,
      vatRate: fields.vatRate ?? source.vatRate ?? 19,
    };
  }
  return { productName: null, unit: fields.unit, unitPrice: fields.unitPrice, vatRate: fields.vatRate ?? 19 };
}
