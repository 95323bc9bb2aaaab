import { Trans } from '@lingui/react/macro';
import { IconFileText } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/terms-view')({
  component: () => (
    <InfoPage
      icon={IconFileText}
      title={<Trans>Terms of use</Trans>}
      actions={
        <ButtonLink to="/register" variant="default">
          <Trans>Back to registration</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        The full text of the terms of use will be shown here, in German and English, for anyone to
        read before registering.
      </Trans>
    </InfoPage>
  ),
});
