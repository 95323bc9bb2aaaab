/**
 * The rules of a product record, shared by Create, Update and the CSV import: trimmed text, a
 * name and a unit (at most 20 characters), a net price between 0 and 1,000,000 euro with two
 * decimals, a VAT rate of 19, 7 or 0 %, an optional stock with three decimals and an optional EAN
 * (EAN-8, UPC-A or EAN-13) with a correct check digit.
 */
import type { MessageKey } from '../../platform/i18n';
import { cleanText, roundTo } from '../../platform/field-values';
import { isValidProductEan } from './ean';

export interface ProductFields {
  name: string;
  ean: string | null;
  unit: string;
  netPrice: number;
  vatRate: number;
  stock: number | null;
}

export const productFieldNames = ['name', 'ean', 'unit', 'netPrice', 'vatRate', 'stock'] as const satisfies readonly (keyof ProductFields)[];

/** A record before its rules are checked: required values may still be missing. */
export type ProductDraft = { [K in keyof ProductFields]: ProductFields[K] | null };

export type ProductViolation = { field: keyof ProductFields; key: MessageKey };

export const VAT_RATES = [19, 7, 0] as const;
export const NAME_MAX = 200;
export const UNIT_MAX = 20;
export const PRICE_MAX = 1_000_000;
// numeric(12, 3): nine digits before the point.
export const STOCK_LIMIT = 999_999_999.999;

/** An EAN as typed or scanned, without the spaces some lists put between digit groups. */
export function cleanEan(value: string | null | undefined): string | null {
  const text = cleanText(value);
  return text === null ? null : text.replace(/\s+/g, '');
}

export function productViolations(draft: ProductDraft): ProductViolation[] {
  const out: ProductViolation[] = [];
  if (!draft.name) out.push({ field: 'name', key: 'products.nameRequired' });
  else if (draft.name.length > NAME_MAX) out.push({ field: 'name', key: 'validation.invalid' });
  if (draft.ean !== null && !isValidProductEan(draft.ean)) out.push({ field: 'ean', key: 'INVALID_EAN' });
  if (!draft.unit) out.push({ field: 'unit', key: 'products.unitRequired' });
  else if (draft.unit.length > UNIT_MAX) out.push({ field: 'unit', key: 'products.unitTooLong' });
  if (draft.netPrice === null) out.push({ field: 'netPrice', key: 'products.priceRequired' });
  else if (!Number.isFinite(draft.netPrice) || draft.netPrice < 0 || draft.netPrice > PRICE_MAX) {
    out.push({ field: 'netPrice', key: 'products.priceRange' });
  }
  if (draft.vatRate === null || !(VAT_RATES as readonly number[]).includes(draft.vatRate)) {
    out.push({ field: 'vatRate', key: 'products.vatRateInvalid' });
  }
  if (draft.stock !== null && (!Number.isFinite(draft.stock) || Math.abs(draft.stock) > STOCK_LIMIT)) {
    out.push({ field: 'stock', key: 'products.stockRange' });
  }
  return out;
}

/** Create and Update input (and a complete import row) as a draft; an empty VAT rate means 19. */
export function normaliseProduct(input: Partial<Record<keyof ProductFields, unknown>>): ProductDraft {
  return {
    name: cleanText(typeof input.name === 'string' ? input.name : null),
    ean: cleanEan(typeof input.ean === 'string' ? input.ean : null),
    unit: cleanText(typeof input.unit === 'string' ? input.unit : null),
    netPrice: typeof input.netPrice === 'number' ? roundTo(input.netPrice, 2) : null,
    vatRate: typeof input.vatRate === 'number' ? input.vatRate : 19,
    stock: typeof input.stock === 'number' ? roundTo(input.stock, 3) : null,
  };
}

export function sameProductFields(current: ProductFields, next: ProductFields): boolean {
  return (
    current.name === next.name &&
    current.ean === next.ean &&
    current.unit === next.unit &&
    roundTo(current.netPrice, 2) === next.netPrice &&
    current.vatRate === next.vatRate &&
    (current.stock === null ? next.stock === null : next.stock !== null && roundTo(current.stock, 3) === next.stock)
  );
}
