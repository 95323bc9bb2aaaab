import { Trans } from '@lingui/react/macro';
import { IconMailCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/email-confirmed')({
  component: () => (
    <InfoPage
      icon={IconMailCheck}
      title={<Trans>Email confirmed</Trans>}
      actions={
        <ButtonLink to="/login">
          <Trans>Go to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>Thank you, your email address is confirmed. You can now sign in.</Trans>
    </InfoPage>
  ),
});
