import { Trans } from '@lingui/react/macro';
import { IconLanguage } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

export const Route = createFileRoute('/manage-locals')({
  component: () => (
    <InfoPage
      icon={IconLanguage}
      title={<Trans>Translations</Trans>}
      actions={
        <ButtonLink to="/" variant="default">
          <Trans>To the dashboard</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        The texts of the app will be listed here in German and English, to review missing or
        outdated translations.
      </Trans>
    </InfoPage>
  ),
});
