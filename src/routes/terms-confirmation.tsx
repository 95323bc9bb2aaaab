import { Trans } from '@lingui/react/macro';
import { IconFileCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/terms-confirmation')({
  component: () => (
    <InfoPage
      icon={IconFileCheck}
      title={<Trans>Accept the terms of use</Trans>}
      actions={
        <ButtonLink to="/terms-view" variant="default">
          <Trans>Read the terms of use</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        Before you continue, the full terms of use and the consents for privacy, AI features and
        location stamping will be shown here for you to accept.
      </Trans>
    </InfoPage>
  ),
});
