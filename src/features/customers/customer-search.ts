/**
 * The search parameters of /customerlist (page, page size, filter, sort, archived), each falling
 * back to its default when the URL holds nonsense, and the query of `Customers/GetAll` from them.
 */
import { z } from 'zod';
import type { CustomersGetAllData } from '../../../generated/api/types.gen';

/** The sortable columns of the list (the contract's `orderBy` values that the screen shows). */
export const customerSortColumns = ['displayName', 'city', 'phone', 'email', 'externalId', 'createdAtUtc'] as const;
export type CustomerSortColumn = (typeof customerSortColumns)[number];

export const customerListSearchSchema = z.object({
  page: z.number().int().min(1).max(100000).optional().catch(undefined),
  pageSize: z.number().int().min(1).max(100).optional().catch(undefined),
  filter: z.string().max(200).optional().catch(undefined),
  orderBy: z.enum(customerSortColumns).optional().catch(undefined),
  desc: z.boolean().optional().catch(undefined),
  archived: z.boolean().optional().catch(undefined),
});

export type CustomerListSearch = z.infer<typeof customerListSearchSchema>;

export function customerListQuery(search: CustomerListSearch): CustomersGetAllData['query'] {
  return {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? 10,
    filter: search.filter || undefined,
    orderBy: search.orderBy ?? 'displayName',
    isDescending: search.desc ?? false,
    includeArchived: search.archived ?? false,
  };
}
