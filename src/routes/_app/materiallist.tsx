import { Trans } from '@lingui/react/macro';
import { IconPackage } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_app/materiallist')({
  component: MaterialListPage,
});

function MaterialListPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Materials</Trans>}
        description={<Trans>Products and materials your team books on customer jobs.</Trans>}
      />
      <EmptyState icon={IconPackage} title={<Trans>No materials yet</Trans>}>
        <Trans>
          Products and materials will be listed here with EAN code, unit, price and stock, ready to
          be booked on a job. You will add them by hand, scan their EAN code or import a CSV file.
        </Trans>
      </EmptyState>
    </>
  );
}
