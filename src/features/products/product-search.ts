/**
 * The search parameters of /materiallist (page, page size, filter, sort, archived), each falling
 * back to its default when the URL holds nonsense, and the query of `Products/GetAll` from them.
 */
import { z } from 'zod';
import type { ProductsGetAllData } from '../../../generated/api/types.gen';

export const productSortColumns = ['name', 'ean', 'unit', 'netPrice', 'vatRate', 'stock', 'createdAtUtc'] as const;
export type ProductSortColumn = (typeof productSortColumns)[number];

export const productListSearchSchema = z.object({
  page: z.number().int().min(1).max(100000).optional().catch(undefined),
  pageSize: z.number().int().min(1).max(100).optional().catch(undefined),
  filter: z.string().max(200).optional().catch(undefined),
  orderBy: z.enum(productSortColumns).optional().catch(undefined),
  desc: z.boolean().optional().catch(undefined),
  archived: z.boolean().optional().catch(undefined),
});

export type ProductListSearch = z.infer<typeof productListSearchSchema>;

export function productListQuery(search: ProductListSearch): ProductsGetAllData['query'] {
  return {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? 10,
    filter: search.filter || undefined,
    orderBy: search.orderBy ?? 'name',
    isDescending: search.desc ?? false,
    includeArchived: search.archived ?? false,
  };
}
