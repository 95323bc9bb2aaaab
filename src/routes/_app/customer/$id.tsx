import { Group, Skeleton, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { customersGetOptions } from '../../../../generated/api/@tanstack/react-query.gen';
import { CustomerDetailsScreen, type CustomerTabPanels } from '../../../features/customers/customer-details';
import { customerTabs } from '../../../features/customers/customer-tabs';
import { useRouteSearch } from '../../../lib/route-search';
import { oneOfParam, searchSchema } from '../../../lib/url-search';
import { activitiesMarked } from '../../../lib/data-events';
import { CustomerActivitiesTab } from '../../../features/activity/customer-activity-tabs';
import { PrepareInvoiceButton } from '../../../features/invoice/prepare-invoice-button';
import { PeriodActionsButton } from '../../../features/invoice/period-actions';
import { CustomerInvoicesLink } from '../../../features/invoice-register/customer-invoices-link';
import { useIsBackOffice } from '../../../lib/session';
import { SummaryButton } from '../../../components/ai/summary-modal';
import { useIdlePreload } from '../../../lib/use-lazy-dialog';

// The tabs beyond the first load once the page is idle, or with it when the link opens one of them.
const loadMoreTabs = () => import('../../../features/activity/customer-more-tabs');
const CustomerTimeTab = lazy(() => import('../../../features/activity/customer-more-tabs').then((module) => ({ default: module.CustomerTimeTab })));
const CustomerPhotosTab = lazy(() => import('../../../features/activity/customer-more-tabs').then((module) => ({ default: module.CustomerPhotosTab })));
const CustomerConfirmationsTab = lazy(() => import('../../../features/activity/customer-more-tabs').then((module) => ({ default: module.CustomerConfirmationsTab })));
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton h={240} radius="md" />}>{tab}</Suspense>;

export const Route = createFileRoute('/_app/customer/$id')({
  // The open tab is in the URL: a reload or a shared link opens it again.
  validateSearch: searchSchema({ tab: oneOfParam(customerTabs) }),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // Silent: the screen itself says when the customer does not exist.
  loader: ({ context, params, deps }) => {
    if (deps.tab && deps.tab !== 'activities') void loadMoreTabs().catch(() => undefined);
    return context.queryClient.prefetchQuery({ ...customersGetOptions({ query: { id: params.id } }), meta: { silent: true }, retry: false });
  },
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
  time: (customer) => later(<CustomerTimeTab customer={customer} />),
  photos: (customer) => later(<CustomerPhotosTab customer={customer} />),
  confirmations: (customer) => later(<CustomerConfirmationsTab customer={customer} />),
};

function CustomerPage() {
  const { id } = Route.useParams();
  const { search, onSearch } = useRouteSearch(Route);
  useIdlePreload(loadMoreTabs);
  // The register is the back office's (as the dashboard).
  const backOffice = useIsBackOffice();
  return (
    <CustomerDetailsScreen
      id={id}
      panels={panels}
      tab={search.tab}
      onTab={(tab) => onSearch({ tab: tab === 'activities' ? undefined : tab })}
      actions={backOffice ? (customer) => <CustomerInvoicesLink customerId={customer.id} /> : undefined}
    />
  );
}
