import { Trans } from '@lingui/react/macro';
import { IconArrowLeft, IconAddressBook } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ButtonLink } from '../../../components/router-links';

export const Route = createFileRoute('/_app/customer/$id')({
  component: CustomerPage,
});

function CustomerPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Customer</Trans>}
        description={<Trans>Contact details and everything recorded for this customer.</Trans>}
        actions={
          <ButtonLink to="/customerlist" variant="default" leftSection={<IconArrowLeft size={16} />}>
            <Trans>All customers</Trans>
          </ButtonLink>
        }
      />
      <EmptyState icon={IconAddressBook} title={<Trans>No customer details yet</Trans>}>
        <Trans>
          The customer's name, address and phone number will be shown here, with their times,
          notes, materials, photos and work confirmations.
        </Trans>
      </EmptyState>
    </>
  );
}
