import { createFileRoute } from '@tanstack/react-router';
import { customerActivitiesByCustomerOptions } from '../../../../generated/api/@tanstack/react-query.gen';
import { activitiesMarked } from '../../../lib/data-events';
import { CustomerActivityScreen } from '../../../features/activity/activity-screens';
import { activityQuery, activitySearchSchema } from '../../../features/activity/search';
import { PrepareInvoiceButton } from '../../../features/invoice/prepare-invoice-button';
import { useRouteSearch } from '../../../lib/route-search';

export const Route = createFileRoute('/_app/activity/$id')({
  validateSearch: activitySearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the feed's request with the route; the screen shows it (404 of an unknown customer included).
  loader: ({ context, params, deps }) =>
    context.queryClient.prefetchQuery({
      ...customerActivitiesByCustomerOptions({ query: activityQuery(deps, { customerId: params.id, state: 'open' }) }),
      retry: false,
    }),
  component: ActivityPage,
});

function ActivityPage() {
  const { id } = Route.useParams();
  return (
    <CustomerActivityScreen
      id={id}
      {...useRouteSearch(Route)}
      actions={<PrepareInvoiceButton customerId={id} onMarked={activitiesMarked} />}
      selectionAction={(chosen) => <PrepareInvoiceButton size="xs" selected={chosen} onMarked={activitiesMarked} />}
    />
  );
}
