import { createFileRoute } from '@tanstack/react-router';
import { customersGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { CustomerListScreen } from '../../features/customers/customer-list';
import { customerListQuery, customerListSearchSchema } from '../../features/customers/customer-search';
import { useRouteSearch } from '../../lib/route-search';

export const Route = createFileRoute('/_app/customerlist')({
  validateSearch: customerListSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the request with the route; the screen shows it (and keeps the last page while the next loads).
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(customersGetAllOptions({ query: customerListQuery(deps) })),
  component: CustomerListPage,
});

function CustomerListPage() {
  return <CustomerListScreen {...useRouteSearch(Route)} />;
}
