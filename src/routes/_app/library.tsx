import { createFileRoute } from '@tanstack/react-router';
import { customerActivitiesByCustomerOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { LibraryScreen } from '../../features/activity/activity-screens';
import { activityQuery, activitySearchSchema } from '../../features/activity/search';
import { useRouteSearch } from '../../lib/route-search';

export const Route = createFileRoute('/_app/library')({
  validateSearch: activitySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(customerActivitiesByCustomerOptions({ query: activityQuery(deps, { state: 'open' }) })),
  component: LibraryPage,
});

function LibraryPage() {
  return <LibraryScreen {...useRouteSearch(Route)} />;
}
