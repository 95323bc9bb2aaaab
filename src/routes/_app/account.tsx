import { Trans } from '@lingui/react/macro';
import { IconUserCircle } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_app/account')({
  component: AccountPage,
});

function AccountPage() {
  return (
    <>
      <PageHeader
        title={<Trans>My account</Trans>}
        description={<Trans>Your name, language, password, passkeys and devices.</Trans>}
      />
      <EmptyState icon={IconUserCircle} title={<Trans>No account settings yet</Trans>}>
        <Trans>
          Here you will change your name, language and password, manage your passkeys and see the
          devices you are signed in on, and end sessions you no longer use.
        </Trans>
      </EmptyState>
    </>
  );
}
