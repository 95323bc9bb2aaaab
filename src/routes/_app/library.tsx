import { Skeleton } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { customerActivitiesByCustomerOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { activitiesMarked } from '../../lib/data-events';
import { LibraryScreen } from '../../features/activity/activity-screens';
import { reportSearchSchema, type LibraryView } from '../../features/activity/report-search';
import { LibraryViewSwitch } from '../../features/activity/library-view-switch';
import { activityQuery, activitySearchSchema } from '../../features/activity/search';
import { PrepareInvoiceButton } from '../../features/invoice/prepare-invoice-button';
import { PeriodActionsButton } from '../../features/invoice/period-actions';
import { SummaryButton } from '../../components/ai/summary-modal';
import { useRouteSearch } from '../../lib/route-search';
import { searchSchema } from '../../lib/url-search';
import { useIsBackOffice } from '../../lib/session';
import { useIdlePreload } from '../../lib/use-lazy-dialog';

/** The report (back office): loaded when first shown, or once the entries are on screen. */
const loadReport = () => import('../../features/activity/report-view');
const ReportScreen = lazy(() => import('../../features/activity/report-view').then((module) => ({ default: module.ReportScreen })));

export const Route = createFileRoute('/_app/library')({
  validateSearch: searchSchema({ ...activitySearchSchema.shape, ...reportSearchSchema.shape }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.view === 'report'
      ? undefined
      : context.queryClient.prefetchQuery(customerActivitiesByCustomerOptions({ query: activityQuery(deps, { state: 'open' }) })),
  component: LibraryPage,
});

function LibraryPage() {
  const { search, onSearch } = useRouteSearch(Route);
  const backOffice = useIsBackOffice();
  useIdlePreload(backOffice ? loadReport : undefined);
  // The report is the back office's; anyone else who follows such a link sees the entries.
  const view: LibraryView = backOffice ? (search.view ?? 'entries') : 'entries';
  const viewSwitch = backOffice ? (
    <LibraryViewSwitch value={view} onChange={(next) => onSearch({ view: next === 'entries' ? undefined : next, page: undefined })} />
  ) : null;
  if (view === 'report') {
    return (
      <Suspense fallback={<Skeleton h={320} radius="md" />}>
        <ReportScreen search={search} onSearch={onSearch} viewSwitch={viewSwitch} />
      </Suspense>
    );
  }
  return (
    <LibraryScreen
      search={search}
      onSearch={onSearch}
      actions={
        <>
          {viewSwitch}
          <SummaryButton preset={search.period && search.period !== 'all' ? search.period : undefined} />
          <PeriodActionsButton onChanged={activitiesMarked} />
          <PrepareInvoiceButton onMarked={activitiesMarked} />
        </>
      }
      selectionAction={(chosen) => <PrepareInvoiceButton size="xs" selected={chosen} onMarked={activitiesMarked} />}
    />
  );
}
