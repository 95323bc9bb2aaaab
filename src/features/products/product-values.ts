/**
 * A product as the values of its form, and the body of Create/Update from them. Apart from the
 * form (which loads zod and the contract's schemas when first opened), so the list can restore
 * with them.
 */
import type { Product, ProductCreate } from '../../../generated/api/types.gen';

export interface ProductFormValues {
  name: string;
  ean: string;
  unit: string;
  netPrice: number | '';
  vatRate: '19' | '7' | '0';
  stock: number | '';
}

/** The unit a new product gets when none is typed (shown as the field's placeholder, not as text to type after). */
export const DEFAULT_UNIT = 'Stk';
export const emptyProductValues: ProductFormValues = { name: '', ean: '', unit: '', netPrice: '', vatRate: '19', stock: '' };

export function productToValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    ean: product.ean ?? '',
    unit: product.unit,
    netPrice: product.netPrice,
    vatRate: String(product.vatRate) as ProductFormValues['vatRate'],
    stock: product.stock ?? '',
  };
}

export function productValuesToBody(values: ProductFormValues): ProductCreate {
  const ean = values.ean.replace(/\s+/g, '');
  return {
    name: values.name.trim(),
    ean: ean === '' ? null : ean,
    unit: values.unit.trim() || DEFAULT_UNIT,
    netPrice: values.netPrice === '' ? 0 : values.netPrice,
    vatRate: Number(values.vatRate) as ProductCreate['vatRate'],
    stock: values.stock === '' ? null : values.stock,
  };
}
