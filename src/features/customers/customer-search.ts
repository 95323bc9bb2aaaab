/** The search parameters of /customerlist and the query of `Customers/GetAll` from them. */
import type { CustomersGetAllData } from '../../../generated/api/types.gen';
import { listQuery, listSearchSchema, type ListQuery } from '../../lib/list-search';
import type { SearchType } from '../../lib/url-search';

/** The sortable columns of the list (the contract's `orderBy` values that the screen shows). */
const customerSortColumns = ['displayName', 'city', 'phone', 'email', 'externalId', 'createdAtUtc'] as const;
export type CustomerSortColumn = (typeof customerSortColumns)[number];

export const customerListSearchSchema = listSearchSchema(customerSortColumns);

export type CustomerListSearch = SearchType<typeof customerListSearchSchema>;

export function customerListQuery(search: CustomerListSearch): CustomersGetAllData['query'] & ListQuery<CustomerSortColumn> {
  return listQuery(search, 'displayName');
}
