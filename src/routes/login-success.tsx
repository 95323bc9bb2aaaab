import { Trans } from '@lingui/react/macro';
import { IconLogin2 } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/login-success')({
  component: () => (
    <InfoPage
      icon={IconLogin2}
      title={<Trans>Completing sign-in</Trans>}
      actions={
        <ButtonLink to="/login">
          <Trans>Sign in with email</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        A sign-in with Google or Apple is completed on this page. These sign-in methods are not
        available yet; please sign in with your email address and password.
      </Trans>
    </InfoPage>
  ),
});
