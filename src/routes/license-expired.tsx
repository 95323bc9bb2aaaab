import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { licenseExpiredSearchSchema } from '../features/auth/schemas';

export const Route = createFileRoute('/license-expired')({
  validateSearch: licenseExpiredSearchSchema,
  component: LicenseExpiredPage,
});

function LicenseExpiredPage() {
  const { role, checkoutUrl } = Route.useSearch();
  const manager = role === 'Manager' || role === 'Owner' || role === 'Admin';
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
          <ButtonLink to="/login" variant="default">
            <Trans>Back to sign-in</Trans>
          </ButtonLink>
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
