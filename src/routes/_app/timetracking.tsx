import { Trans } from '@lingui/react/macro';
import { IconClockHour4 } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_app/timetracking')({
  component: TimeTrackingPage,
});

function TimeTrackingPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Time tracking</Trans>}
        description={<Trans>Working time and breaks of the members, per day, week and month.</Trans>}
      />
      <EmptyState icon={IconClockHour4} title={<Trans>No working time yet</Trans>}>
        <Trans>
          Clocking in and out, breaks and the working time of each day, week and month will be shown
          here, with hints where the working-time law is not met.
        </Trans>
      </EmptyState>
    </>
  );
}
