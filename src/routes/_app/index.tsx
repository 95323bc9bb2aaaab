import { createFileRoute } from '@tanstack/react-router';
import { customerActivitiesGetTotalsOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { DashboardScreen } from '../../features/activity/dashboard-screen';
import { OverdueInvoicesCard } from '../../features/invoice-register/overdue-card';
import { DASHBOARD_DEFAULT_PERIOD, periodQuery } from '../../features/activity/search';
import { requireDashboard } from '../../lib/auth-guards';
import { periodPresets } from '../../lib/periods';
import { useRouteSearch } from '../../lib/route-search';
import { dayParam, oneOfParam, searchSchema } from '../../lib/url-search';

const dashboardSearchSchema = searchSchema({
  period: oneOfParam(periodPresets),
  from: dayParam,
  to: dayParam,
});

/** Admin and Manager (and the Owner); an Employee has no dashboard and starts at the customer list. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: requireDashboard,
  validateSearch: dashboardSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(customerActivitiesGetTotalsOptions({ query: periodQuery(deps, DASHBOARD_DEFAULT_PERIOD) })),
  component: DashboardPage,
});

function DashboardPage() {
  return <DashboardScreen {...useRouteSearch(Route)} overdue={<OverdueInvoicesCard />} />;
}
