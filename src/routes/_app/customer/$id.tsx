import { createFileRoute } from '@tanstack/react-router';
import { customersGetOptions } from '../../../../generated/api/@tanstack/react-query.gen';
import { CustomerDetailsScreen, type CustomerTabPanels } from '../../../features/customers/customer-details';
import { CustomerActivitiesTab, CustomerConfirmationsTab, CustomerPhotosTab } from '../../../features/activity/customer-activity-tabs';

export const Route = createFileRoute('/_app/customer/$id')({
  // Silent: the screen itself says when the customer does not exist.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery({ ...customersGetOptions({ query: { id: params.id } }), meta: { silent: true }, retry: false }),
  component: CustomerPage,
});

/** Customer activity (issue 6): the feed with the capture buttons, the photos and the signed confirmations. */
const panels: CustomerTabPanels = {
  activities: (customer) => <CustomerActivitiesTab customer={customer} />,
  photos: (customer) => <CustomerPhotosTab customer={customer} />,
  confirmations: (customer) => <CustomerConfirmationsTab customer={customer} />,
};

function CustomerPage() {
  const { id } = Route.useParams();
  return <CustomerDetailsScreen id={id} panels={panels} />;
}
