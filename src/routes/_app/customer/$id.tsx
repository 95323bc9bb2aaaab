import { Group, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customersGetOptions } from '../../../../generated/api/@tanstack/react-query.gen';
import { CustomerDetailsScreen, type CustomerTabPanels } from '../../../features/customers/customer-details';
import { customerTabs } from '../../../features/customers/customer-tabs';
import { useRouteSearch } from '../../../lib/route-search';
import { oneOfParam, searchSchema } from '../../../lib/url-search';
import { activitiesMarked } from '../../../lib/data-events';
import { CustomerActivitiesTab, CustomerConfirmationsTab, CustomerPhotosTab, CustomerTimeTab } from '../../../features/activity/customer-activity-tabs';
import { PrepareInvoiceButton } from '../../../features/invoice/prepare-invoice-button';
import { PeriodActionsButton } from '../../../features/invoice/period-actions';
import { SummaryButton } from '../../../components/ai/summary-modal';

export const Route = createFileRoute('/_app/customer/$id')({
  // The open tab is in the URL: a reload or a shared link opens it again.
  validateSearch: searchSchema({ tab: oneOfParam(customerTabs) }),
  // Silent: the screen itself says when the customer does not exist.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery({ ...customersGetOptions({ query: { id: params.id } }), meta: { silent: true }, retry: false }),
  component: CustomerPage,
});

/** Customer activity: the feed with the capture buttons, the photos and the signed confirmations. */
const panels: CustomerTabPanels = {
  activities: (customer) => (
    <Stack gap="md">
      <Group justify="flex-end">
        <SummaryButton customerId={customer.id} />
        <PeriodActionsButton customerId={customer.id} onChanged={activitiesMarked} />
        <PrepareInvoiceButton customerId={customer.id} onMarked={activitiesMarked} />
      </Group>
      <CustomerActivitiesTab customer={customer} />
    </Stack>
  ),
  time: (customer) => <CustomerTimeTab customer={customer} />,
  photos: (customer) => <CustomerPhotosTab customer={customer} />,
  confirmations: (customer) => <CustomerConfirmationsTab customer={customer} />,
};

function CustomerPage() {
  const { id } = Route.useParams();
  const { search, onSearch } = useRouteSearch(Route);
  return <CustomerDetailsScreen id={id} panels={panels} tab={search.tab} onTab={(tab) => onSearch({ tab: tab === 'activities' ? undefined : tab })} />;
}
