import { Trans } from '@lingui/react/macro';
import { IconLockPassword } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/password-reset')({
  component: () => (
    <InfoPage
      icon={IconLockPassword}
      title={<Trans>Choose a new password</Trans>}
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        The link from the password email leads here. You will choose your new password on this
        page; the link is valid for one hour.
      </Trans>
    </InfoPage>
  ),
});
