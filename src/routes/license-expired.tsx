import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NumberInput } from '@mantine/core';
import { IconArrowRight, IconHourglassEmpty, IconLicense, IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  subscriptionCreateCheckoutMutation,
  subscriptionGetSubscriptionDetailsOptions,
} from '../../generated/api/@tanstack/react-query.gen';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { licenseExpiredSearchSchema } from '../features/auth/schemas';
import { leaveApp } from '../lib/leave-app';
import { useSession } from '../lib/session';
import { signOut } from '../lib/sign-out';

/**
 * A member who may not work: the firm's trial ended unpaid (`NO_ACTIVE_LICENSE_MANAGER_TRIAL`,
 * managers get a checkout page) or the firm pays but holds no license for them (`NO_LICENSE`).
 * A signed-in Owner can buy licenses right here.
 */
export const Route = createFileRoute('/license-expired')({
  validateSearch: licenseExpiredSearchSchema,
  component: LicenseExpiredPage,
});

/** The Owner buys licenses without the app around it (every other call is refused until then). */
function BuyLicenses() {
  const { t } = useLingui();
  const { tenantId } = useSession();
  const details = useQuery({ ...subscriptionGetSubscriptionDetailsOptions({ query: { tenantId: tenantId ?? '' } }), enabled: !!tenantId });
  const members = details.data?.data?.members.length ?? 1;
  const [count, setCount] = useState<number | string>('');
  const checkout = useMutation({
    ...subscriptionCreateCheckoutMutation(),
    onSuccess: (answer) => {
      if (answer.data?.url) leaveApp.to(answer.data.url);
      else leaveApp.to('/');
    },
  });
  const wanted = count === '' ? members : Number(count);
  return (
    <Group align="flex-end" justify="center">
      <NumberInput
        label={t`Licenses`}
        min={1}
        max={500}
        allowDecimal={false}
        allowNegative={false}
        value={count === '' ? members : count}
        onChange={setCount}
        w={120}
      />
      <Button
        leftSection={<IconLicense size={18} />}
        loading={checkout.isPending}
        disabled={!Number.isInteger(wanted) || wanted < 1}
        onClick={() => checkout.mutate({ body: { licenseCount: wanted, returnPath: '/' } })}
      >
        <Trans>Buy licenses</Trans>
      </Button>
    </Group>
  );
}

function LicenseExpiredPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { reason, role, checkoutUrl } = Route.useSearch();
  const { token, roles, tenantId, userId } = useSession();
  const signedInManager = !!token && (roles.includes('Owner') || roles.includes('Admin') || roles.includes('Manager'));
  // A signed-in manager may read the firm's licenses: the page then says what is true now, not
  // what the link it was opened with claims (a running trial, or a self-hosted firm, never ended).
  const details = useQuery({
    ...subscriptionGetSubscriptionDetailsOptions({ query: { tenantId: tenantId ?? '' } }),
    enabled: signedInManager && !!tenantId,
  }).data?.data;
  const manager = signedInManager || role === 'Manager' || role === 'Owner' || role === 'Admin';
  const owner = !!token && roles.includes('Owner');
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate({ to: '/login', replace: true }),
  });
  const trial = details ? details.status === 'expired' : reason === 'trial';
  const licensed = !!details && details.status !== 'expired' && details.members.some((m) => m.userId === userId && m.hasLicense);
  const selfHosted = !!details?.selfHosted;
  return (
    <InfoPage
      icon={IconHourglassEmpty}
      color="yellow"
      title={
        licensed ? <Trans>Your license is valid</Trans> : trial ? <Trans>Your trial has ended</Trans> : <Trans>No license for your account</Trans>
      }
      actions={
        <>
          {trial && owner ? <BuyLicenses /> : null}
          {trial && !owner && manager && checkoutUrl ? (
            <Button component="a" href={checkoutUrl}>
              <Trans>Buy licenses</Trans>
            </Button>
          ) : null}
          {token ? (
            <>
              <Button variant="default" rightSection={<IconArrowRight size={18} />} onClick={() => void navigate({ to: '/' })}>
                <Trans>Try again</Trans>
              </Button>
              <Button
                variant="default"
                leftSection={<IconLogout size={18} stroke={1.7} />}
                loading={leave.isPending}
                onClick={() => leave.mutate()}
              >
                {t`Sign out`}
              </Button>
            </>
          ) : (
            <ButtonLink to="/login" variant="default">
              <Trans>Back to sign-in</Trans>
            </ButtonLink>
          )}
        </>
      }
    >
      {licensed ? (
        details?.status === 'trial' ? (
          <Trans>Your company's trial is still running and you hold a license. You can keep working.</Trans>
        ) : (
          <Trans>You hold a license of your company. You can keep working.</Trans>
        )
      ) : !trial && selfHosted ? (
        <Trans>
          All licenses of your company are assigned to other members. The owner can raise the number of licenses or
          assign one to you on the Licenses tab of the profile.
        </Trans>
      ) : !trial ? (
        <Trans>
          Your company has licenses, but none is assigned to you. Please ask a manager of your company to
          assign you a license.
        </Trans>
      ) : manager ? (
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
