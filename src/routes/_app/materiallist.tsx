import { createFileRoute } from '@tanstack/react-router';
import { productsGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { ProductListScreen } from '../../features/products/product-list';
import { productListQuery, productListSearchSchema, type ProductListSearch } from '../../features/products/product-search';

export const Route = createFileRoute('/_app/materiallist')({
  validateSearch: productListSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the request with the route; the screen shows it (and keeps the last page while the next loads).
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(productsGetAllOptions({ query: productListQuery(deps) })),
  component: MaterialListPage,
});

function MaterialListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = (patch: Partial<ProductListSearch>) =>
    void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  return <ProductListScreen search={search} onSearch={onSearch} />;
}
