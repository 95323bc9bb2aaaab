import { Trans } from '@lingui/react/macro';
import { IconMailForward } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/email-confirmation')({
  component: () => (
    <InfoPage
      icon={IconMailForward}
      title={<Trans>Confirm your email address</Trans>}
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        We sent you an email with a confirmation link. Open it within 24 hours to activate your
        account. Requesting a new link will be offered here.
      </Trans>
    </InfoPage>
  ),
});
