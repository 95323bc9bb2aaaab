/**
 * What changes in the query cache when customers change, in one place (style rule 3). Built on the
 * generated query keys: every list page (`customersGetAll`, any paging, filter or sort) and the
 * single customer (`customersGet`).
 */
import type { QueryClient } from '@tanstack/react-query';
import { customersGetAllQueryKey, customersGetQueryKey } from '../../../../generated/api/@tanstack/react-query.gen';
import type { Customer, CustomersGetResponse } from '../../../../generated/api/types.gen';
import { allOf, envelopeOf } from '../../../lib/query-keys';

const allLists = () => allOf(customersGetAllQueryKey({ query: { page: 1, pageSize: 10, isDescending: false } }));
const allDetails = () => allOf(customersGetQueryKey({ query: { id: '' } }));

function storeDetail(queryClient: QueryClient, customer: Customer) {
  queryClient.setQueryData<CustomersGetResponse>(customersGetQueryKey({ query: { id: customer.id } }), envelopeOf(customer));
}

export function customerCreated(queryClient: QueryClient, customer: Customer) {
  storeDetail(queryClient, customer);
  return queryClient.invalidateQueries({ queryKey: allLists() });
}

/** Edited, archived or restored. */
export function customerUpdated(queryClient: QueryClient, customer: Customer) {
  storeDetail(queryClient, customer);
  return queryClient.invalidateQueries({ queryKey: allLists() });
}

export function customersImported(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: allLists() }),
    queryClient.invalidateQueries({ queryKey: allDetails() }),
  ]);
}
