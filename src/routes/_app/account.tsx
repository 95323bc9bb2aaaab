import { Trans, useLingui } from '@lingui/react/macro';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { authWebAuthnGetKeysOptions, usersGetOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PasskeysCard } from '../../features/auth/account/passkeys-card';
import { PasswordCard } from '../../features/auth/account/password-card';
import { ProfileCard } from '../../features/auth/account/profile-card';
import { SessionsCard } from '../../features/auth/account/sessions-card';
import { getSession } from '../../lib/session';

const ownAccount = () => usersGetOptions({ query: { id: getSession().userId ?? '' } });

/** The own account: name and language, password, passkeys, signed-in devices. */
export const Route = createFileRoute('/_app/account')({
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(authWebAuthnGetKeysOptions());
    await queryClient.ensureQueryData(ownAccount());
  },
  component: AccountPage,
  errorComponent: AccountError,
});

function AccountError({ reset }: { reset: () => void }) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={IconUserCircle}
      title={<Trans>The account could not be loaded</Trans>}
      action={
        <Button variant="light" onClick={reset}>
          {t`Try again`}
        </Button>
      }
    >
      <Trans>Please check the connection and try again.</Trans>
    </EmptyState>
  );
}

function AccountPage() {
  const { data } = useSuspenseQuery(ownAccount());
  const user = data.data;
  return (
    <>
      <PageHeader
        title={<Trans>My account</Trans>}
        description={<Trans>Your name, language, password, passkeys and devices.</Trans>}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Stack gap="md">
          <ProfileCard key={user.id} user={user} />
          <PasswordCard userId={user.id} />
        </Stack>
        <Stack gap="md">
          <PasskeysCard />
          <SessionsCard userId={user.id} sessions={user.sessions ?? []} />
        </Stack>
      </SimpleGrid>
    </>
  );
}
