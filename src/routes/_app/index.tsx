import { Trans } from '@lingui/react/macro';
import { IconChartBar } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { requireRoles } from '../../lib/auth-guards';

export const Route = createFileRoute('/_app/')({
  beforeLoad: requireRoles(['Admin', 'Manager'], 'any'),
  component: DashboardPage,
});

function DashboardPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Dashboard</Trans>}
        description={<Trans>New customers, new entries and tracked working time of the chosen period.</Trans>}
      />
      <EmptyState icon={IconChartBar} title={<Trans>No figures yet</Trans>}>
        <Trans>
          As soon as your team tracks time and records notes or materials, the totals for the chosen
          period appear here: new customers, new entries and working hours.
        </Trans>
      </EmptyState>
    </>
  );
}
