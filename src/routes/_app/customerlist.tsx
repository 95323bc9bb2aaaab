import { createFileRoute } from '@tanstack/react-router';
import { customersGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { CustomerListScreen } from '../../features/customers/customer-list';
import { customerListQuery, customerListSearchSchema, type CustomerListSearch } from '../../features/customers/customer-search';

export const Route = createFileRoute('/_app/customerlist')({
  validateSearch: customerListSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the request with the route; the screen shows it (and keeps the last page while the next loads).
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(customersGetAllOptions({ query: customerListQuery(deps) })),
  component: CustomerListPage,
});

function CustomerListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = (patch: Partial<CustomerListSearch>) =>
    void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  return <CustomerListScreen search={search} onSearch={onSearch} />;
}
