import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout, IconMailExclamation, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { reloadAccountState } from '../features/auth/api/auth';
import { requireAccountStep } from '../features/auth/account-step-guard';
import { ResendConfirmationButton } from '../features/auth/resend-confirmation';
import { returnUrlSearchSchema } from '../features/auth/schemas';
import { nextPathAfterSignIn } from '../lib/auth-guards';
import { showWarning } from '../lib/notifications';
import { useSession } from '../lib/session';
import { signOut } from '../lib/sign-out';

/** A signed-in user whose email is not confirmed yet. */
export const Route = createFileRoute('/missing-email-confirmation')({
  validateSearch: returnUrlSearchSchema,
  beforeLoad: ({ location, search }) =>
    requireAccountStep('/missing-email-confirmation', { location, returnUrl: search.returnUrl }),
  component: MissingEmailConfirmationPage,
});

function MissingEmailConfirmationPage() {
  const { t } = useLingui();
  const { returnUrl } = Route.useSearch();
  const navigate = useNavigate();
  const session = useSession();
  const email = session.userEmail ?? '';
  const check = useMutation({
    mutationFn: reloadAccountState,
    onSuccess: (next) => {
      if (next.emailConfirmed) void navigate({ href: nextPathAfterSignIn(next, returnUrl), replace: true });
      else showWarning(t`Your email address is not confirmed yet. Please open the link in the email.`);
    },
  });
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate({ to: '/login', replace: true }),
  });

  return (
    <InfoPage
      icon={IconMailExclamation}
      color="yellow"
      title={<Trans>Please confirm your email address</Trans>}
      actions={
        <Stack gap="sm" w="100%">
          <ResendConfirmationButton returnUrl={returnUrl} />
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} stroke={1.7} />}
              loading={check.isPending}
              onClick={() => check.mutate()}
            >
              {t`I have confirmed it`}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={18} stroke={1.7} />}
              loading={leave.isPending}
              onClick={() => leave.mutate()}
            >
              {t`Sign out`}
            </Button>
          </Group>
        </Stack>
      }
    >
      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          <Trans>
            We sent a link to <b>{email}</b>. Open it within 24 hours to confirm your address; then
            you can continue here.
          </Trans>
        </Text>
        <Text fz="sm" c="dimmed">
          <Trans>No email? Look in the spam folder, or request a new link.</Trans>
        </Text>
      </Stack>
    </InfoPage>
  );
}
