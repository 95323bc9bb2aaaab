import { createFileRoute } from '@tanstack/react-router';
import { productsGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { ProductListScreen } from '../../features/products/product-list';
import { productListQuery, productListSearchSchema } from '../../features/products/product-search';
import { useRouteSearch } from '../../lib/route-search';

export const Route = createFileRoute('/_app/materiallist')({
  validateSearch: productListSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the request with the route; the screen shows it (and keeps the last page while the next loads).
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(productsGetAllOptions({ query: productListQuery(deps) })),
  component: MaterialListPage,
});

function MaterialListPage() {
  return <ProductListScreen {...useRouteSearch(Route)} />;
}
