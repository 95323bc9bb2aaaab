import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { customerActivitiesGetTotalsOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { DashboardScreen } from '../../features/activity/dashboard-screen';
import { DASHBOARD_DEFAULT_PERIOD, periodQuery } from '../../features/activity/search';
import { requireDashboard } from '../../lib/auth-guards';
import { periodPresets } from '../../lib/periods';
import { useRouteSearch } from '../../lib/route-search';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dashboardSearchSchema = z.object({
  period: z.enum(periodPresets).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
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
  return <DashboardScreen {...useRouteSearch(Route)} />;
}
