/**
 * What changes in the query cache when products change, in one place (style rule 3). Built on the
 * generated query keys: every list page (`productsGetAll`), the single product (`productsGetById`)
 * and look-ups by code (`productsGetByEan`).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  productsGetAllQueryKey,
  productsGetByEanQueryKey,
  productsGetByIdQueryKey,
} from '../../../../generated/api/@tanstack/react-query.gen';
import type { Product, ProductsGetByIdResponse } from '../../../../generated/api/types.gen';
import { allOf, envelopeOf } from '../../../lib/query-keys';

const allLists = () => allOf(productsGetAllQueryKey({ query: { page: 1, pageSize: 10, isDescending: false } }));
const allDetails = () => allOf(productsGetByIdQueryKey({ query: { id: '' } }));
const allByEan = () => allOf(productsGetByEanQueryKey({ query: { ean: '' } }));

function storeDetail(queryClient: QueryClient, product: Product) {
  queryClient.setQueryData<ProductsGetByIdResponse>(productsGetByIdQueryKey({ query: { id: product.id } }), envelopeOf(product));
}

function invalidateListsAndLookups(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: allLists() }),
    queryClient.invalidateQueries({ queryKey: allByEan() }),
  ]);
}

export function productCreated(queryClient: QueryClient, product: Product) {
  storeDetail(queryClient, product);
  return invalidateListsAndLookups(queryClient);
}

/** Edited, archived or restored. */
export function productUpdated(queryClient: QueryClient, product: Product) {
  storeDetail(queryClient, product);
  return invalidateListsAndLookups(queryClient);
}

/** Deleted, or archived instead because entries use it. */
export function productDeleted(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: productsGetByIdQueryKey({ query: { id } }) });
  return invalidateListsAndLookups(queryClient);
}

export function productsImported(queryClient: QueryClient) {
  return Promise.all([
    invalidateListsAndLookups(queryClient),
    queryClient.invalidateQueries({ queryKey: allDetails() }),
  ]);
}
