/** The red stop button of a timer chip in the timers bar, running or waiting for the connection. */
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPlayerStopFilled } from '@tabler/icons-react';

export function StopTimerButton({ name, loading, onStop }: { name: string; loading?: boolean; onStop: () => void }) {
  const { t } = useLingui();
  return (
    <Tooltip label={t`Stop timer`}>
      <ActionIcon size="md" radius="xl" variant="filled" color="red" aria-label={t`Stop timer for ${name}`} loading={loading} onClick={onStop}>
        <IconPlayerStopFilled size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
