/** The search parameters of /materiallist and the query of `Products/GetAll` from them. */
import type { ProductsGetAllData } from '../../../generated/api/types.gen';
import { listQuery, listSearchSchema, type ListQuery } from '../../lib/list-search';
import type { SearchType } from '../../lib/url-search';

const productSortColumns = ['name', 'ean', 'unit', 'netPrice', 'vatRate', 'stock', 'createdAtUtc'] as const;
export type ProductSortColumn = (typeof productSortColumns)[number];

export const productListSearchSchema = listSearchSchema(productSortColumns);

export type ProductListSearch = SearchType<typeof productListSearchSchema>;

export function productListQuery(search: ProductListSearch): ProductsGetAllData['query'] & ListQuery<ProductSortColumn> {
  return listQuery(search, 'name');
}
