import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmptyState } from './empty-state';

/**
 * What a screen shows when something in it failed that no screen of its own catches (the router's
 * `defaultErrorComponent`): in the member's language, with a way back. What waits to be sent is
 * kept on the device either way (decision 0038), so reloading loses nothing recorded.
 */
export function ScreenError({ reset }: { reset: () => void }) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={IconAlertTriangle}
      title={<Trans>This screen could not be shown</Trans>}
      action={
        <Group justify="center" gap="sm">
          <Button variant="light" onClick={reset}>
            {t`Try again`}
          </Button>
          <Button variant="subtle" onClick={() => window.location.reload()}>
            {t`Reload`}
          </Button>
        </Group>
      }
    >
      <Trans>Something went wrong. Try again or reload the page; changes that wait to be sent stay on this device.</Trans>
    </EmptyState>
  );
}
