import { Trans } from '@lingui/react/macro';
import { IconMailExclamation } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/missing-email-confirmation')({
  component: () => (
    <InfoPage
      icon={IconMailExclamation}
      color="yellow"
      title={<Trans>Email address not confirmed yet</Trans>}
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        Please confirm your email address with the link we sent you before you continue. Requesting
        a new link will be offered here.
      </Trans>
    </InfoPage>
  ),
});
