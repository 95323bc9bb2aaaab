import { createFileRoute } from '@tanstack/react-router';
import { timeTrackingSearchSchema, type TimeTrackingSearch } from '../../features/time-tracking/search';
import { TimeTrackingScreen } from '../../features/time-tracking/time-tracking-screen';

export const Route = createFileRoute('/_app/timetracking')({
  validateSearch: timeTrackingSearchSchema,
  component: TimeTrackingPage,
});

function TimeTrackingPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = (patch: Partial<TimeTrackingSearch>) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  return <TimeTrackingScreen search={search} onSearch={onSearch} />;
}
