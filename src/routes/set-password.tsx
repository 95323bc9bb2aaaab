import { Trans } from '@lingui/react/macro';
import { IconUserCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/set-password')({
  component: () => (
    <InfoPage
      icon={IconUserCheck}
      title={<Trans>Activate your account</Trans>}
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        The invitation email leads here. Invited team members will set their password on this page
        to activate their account.
      </Trans>
    </InfoPage>
  ),
});
