import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconHourglassEmpty, IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { licenseExpiredSearchSchema } from '../features/auth/schemas';
import { useSession } from '../lib/session';
import { signOut } from '../lib/sign-out';

/** A Manager of a tenant whose trial ended without a license (`NO_ACTIVE_LICENSE_MANAGER_TRIAL`). */
export const Route = createFileRoute('/license-expired')({
  validateSearch: licenseExpiredSearchSchema,
  component: LicenseExpiredPage,
});

function LicenseExpiredPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { role, checkoutUrl } = Route.useSearch();
  const { token } = useSession();
  const manager = role === 'Manager' || role === 'Owner' || role === 'Admin';
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate({ to: '/login', replace: true }),
  });
  return (
    <InfoPage
      icon={IconHourglassEmpty}
      color="yellow"
      title={<Trans>Your trial has ended</Trans>}
      actions={
        <>
          {manager && checkoutUrl ? (
            <Button component="a" href={checkoutUrl}>
              <Trans>Buy licenses</Trans>
            </Button>
          ) : null}
          {token ? (
            <Button
              variant="default"
              leftSection={<IconLogout size={18} stroke={1.7} />}
              loading={leave.isPending}
              onClick={() => leave.mutate()}
            >
              {t`Sign out`}
            </Button>
          ) : (
            <ButtonLink to="/login" variant="default">
              <Trans>Back to sign-in</Trans>
            </ButtonLink>
          )}
        </>
      }
    >
      {manager ? (
        <Trans>
          To keep using Fieldbook with your team, buy a license for each member. Your data stays
          as it is.
        </Trans>
      ) : (
        <Trans>
          To keep using Fieldbook, your company needs a license for you. Please ask a manager of
          your company.
        </Trans>
      )}
    </InfoPage>
  );
}
