import { Trans } from '@lingui/react/macro';
import { IconMailbox } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/development')({
  component: () => (
    <InfoPage
      icon={IconMailbox}
      title={<Trans>Development outbox</Trans>}
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        No emails yet. When no mail server is configured, the emails the app sends (confirmations,
        password links, invitations) will be listed here. Not available in production.
      </Trans>
    </InfoPage>
  ),
});
