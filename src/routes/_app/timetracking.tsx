import { createFileRoute } from '@tanstack/react-router';
import { timeTrackingSearchSchema } from '../../features/time-tracking/search';
import { TimeTrackingScreen } from '../../features/time-tracking/time-tracking-screen';
import { useRouteSearch } from '../../lib/route-search';

export const Route = createFileRoute('/_app/timetracking')({
  validateSearch: timeTrackingSearchSchema,
  component: TimeTrackingPage,
});

function TimeTrackingPage() {
  return <TimeTrackingScreen {...useRouteSearch(Route)} />;
}
