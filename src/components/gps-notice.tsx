/**
 * Says on the field screens (clock-in, starting a timer) when no position is recorded and why:
 * the firm has not agreed to location stamps (the back office gets a link to the consent), the
 * browser refuses this site the location, or the device or address gives none.
 */
import { Trans } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useGpsStatus } from '../lib/position';
import { useIsBackOffice } from '../lib/session';
import { CONSENTS_TAB } from './ai/consent-notice';
import { AnchorLink } from './router-links';

export function GpsNotice() {
  const status = useGpsStatus();
  const backOffice = useIsBackOffice();
  if (status === 'recorded' || status === 'unknown') return null;
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid="gps-notice" role="note">
      <IconMapPinOff size={16} stroke={1.7} style={{ flexShrink: 0, marginTop: 2, opacity: 0.7 }} aria-hidden />
      <Text fz="xs" c="dimmed">
        {status === 'noConsent' ? (
          <>
            <Trans>No positions are recorded: your firm has not agreed to location stamps at start and stop.</Trans>{' '}
            {backOffice ? (
              <AnchorLink to="/profile" search={{ tab: CONSENTS_TAB }} fz="xs" underline="always">
                <Trans>Give the consent in the company profile</Trans>
              </AnchorLink>
            ) : (
              <Trans>A manager of your firm can give the consent.</Trans>
            )}
          </>
        ) : status === 'browserDenied' ? (
          <Trans>No positions are recorded: this browser does not share the location with Fieldbook. Allow it in the browser’s site settings.</Trans>
        ) : (
          <Trans>No positions are recorded: this device or address gives no location (it needs https or localhost).</Trans>
        )}
      </Text>
    </Group>
  );
}
