import { Trans } from '@lingui/react/macro';
import { IconUsers } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_app/customerlist')({
  component: CustomerListPage,
});

function CustomerListPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Customers</Trans>}
        description={<Trans>Everyone you work for, with address and phone number.</Trans>}
      />
      <EmptyState icon={IconUsers} title={<Trans>No customers yet</Trans>}>
        <Trans>
          Your customers will be listed here with name or company, address and phone number. You
          will add them by hand or import them from a CSV file or your accounting software.
        </Trans>
      </EmptyState>
    </>
  );
}
