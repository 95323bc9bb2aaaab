import { Trans } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

/** Where a user without the required role lands, signed out. */
export const Route = createFileRoute('/info')({
  component: () => (
    <InfoPage
      icon={IconLock}
      color="yellow"
      title={<Trans>No access</Trans>}
      actions={
        <ButtonLink to="/login">
          <Trans>Sign in again</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        Your account does not have the role this page needs, so you were signed out. Sign in with
        another account or ask a manager of your company for access.
      </Trans>
    </InfoPage>
  ),
});
