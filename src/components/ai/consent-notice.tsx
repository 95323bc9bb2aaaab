/** Why an AI feature does not run: the firm's consent is missing (a link to it for the back office). */
import { Trans } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { ApiError } from '../../lib/api-error';
import { AnchorLink } from '../router-links';
import { useIsBackOffice } from '../../lib/session';

/** A call refused for want of the firm's AI consent: the notice explains it instead of a toast. */
export const needsAiConsent = (error: unknown) => error instanceof ApiError && error.hasCode('AI_CONSENT_REQUIRED');

/** The consents tab of the tenant profile (`/profile?tab=3`). */
export const CONSENTS_TAB = 3;

export function AiConsentNotice() {
  const backOffice = useIsBackOffice();
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconShieldLock size={18} />}
      title={<Trans>AI needs your firm's consent</Trans>}
      // The title in the text colour: yellow on its light tint is not readable (axe, 4.5:1).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="ai-consent-notice"
    >
      <Text fz="sm">
        <Trans>Dictation, proposals and summaries send texts or recordings to an AI service. They run only after your firm has agreed to that.</Trans>
      </Text>
      {backOffice ? (
        <AnchorLink to="/profile" search={{ tab: CONSENTS_TAB }} fz="sm" fw={600} underline="always">
          <Trans>Give the consent in the company profile</Trans>
        </AnchorLink>
      ) : (
        <Text fz="sm" fw={600}>
          <Trans>Please ask a manager of your firm to give it.</Trans>
        </Text>
      )}
    </Alert>
  );
}
