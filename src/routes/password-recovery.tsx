import { Trans } from '@lingui/react/macro';
import { IconKey } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/password-recovery')({
  component: () => (
    <InfoPage
      icon={IconKey}
      title={<Trans>Forgot your password?</Trans>}
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        Here you will enter your email address to receive a link for choosing a new password.
      </Trans>
    </InfoPage>
  ),
});
