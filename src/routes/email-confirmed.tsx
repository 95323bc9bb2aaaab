import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconArrowRight, IconMailCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { useContinueSignedIn } from '../features/auth/use-continue';
import { useSession } from '../lib/session';

/** Where the confirmation link leads after the server confirmed the address. */
export const Route = createFileRoute('/email-confirmed')({
  component: EmailConfirmedPage,
});

function EmailConfirmedPage() {
  const { t } = useLingui();
  const { token } = useSession();
  const proceed = useContinueSignedIn();
  return (
    <InfoPage
      icon={IconMailCheck}
      title={<Trans>Email confirmed</Trans>}
      actions={
        <Button rightSection={<IconArrowRight size={18} stroke={1.7} />} loading={proceed.isPending} onClick={() => proceed.mutate()}>
          {token ? t`Continue` : t`Go to sign-in`}
        </Button>
      }
    >
      {token ? (
        <Trans>Thank you, your email address is confirmed. You can continue where you left off.</Trans>
      ) : (
        <Trans>Thank you, your email address is confirmed. You can now sign in.</Trans>
      )}
    </InfoPage>
  );
}
