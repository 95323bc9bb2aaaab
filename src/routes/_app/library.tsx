import { createFileRoute } from '@tanstack/react-router';
import { customerActivitiesByCustomerOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { activitiesMarked } from '../../features/activity/api/cache';
import { LibraryScreen } from '../../features/activity/activity-screens';
import { activityQuery, activitySearchSchema } from '../../features/activity/search';
import { PrepareInvoiceButton } from '../../features/invoice/invoice-dialog';
import { useRouteSearch } from '../../lib/route-search';

export const Route = createFileRoute('/_app/library')({
  validateSearch: activitySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(customerActivitiesByCustomerOptions({ query: activityQuery(deps, { state: 'open' }) })),
  component: LibraryPage,
});

function LibraryPage() {
  return (
    <LibraryScreen
      {...useRouteSearch(Route)}
      actions={<PrepareInvoiceButton onMarked={activitiesMarked} />}
      selectionAction={(chosen) => <PrepareInvoiceButton size="xs" selected={chosen} onMarked={activitiesMarked} />}
    />
  );
}
