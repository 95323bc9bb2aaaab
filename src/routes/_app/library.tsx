import { createFileRoute } from '@tanstack/react-router';
import { customerActivitiesByCustomerOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { LibraryScreen } from '../../features/activity/activity-screens';
import { activityQuery, activitySearchSchema, type ActivitySearch } from '../../features/activity/search';

export const Route = createFileRoute('/_app/library')({
  validateSearch: activitySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(customerActivitiesByCustomerOptions({ query: activityQuery(deps, { state: 'open' }) })),
  component: LibraryPage,
});

function LibraryPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = (patch: Partial<ActivitySearch>) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  return <LibraryScreen search={search} onSearch={onSearch} />;
}
