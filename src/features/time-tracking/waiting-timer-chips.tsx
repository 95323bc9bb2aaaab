/** The timers bar's chips of what waits for the connection (decision 0042), loaded when something waits. */
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { bodyOf, madeAt, nameInCache } from '../../components/waiting-changes';
import type { WaitingChange } from '../../lib/offline-queue';
import { formatClock } from './format';
import classes from './time-tracking.module.css';

/** A timer started without a connection: it runs from the moment tapped; it can be stopped once the server has it. */
export function WaitingTimerChip({ change, now }: { change: WaitingChange; now: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const name = nameInCache(queryClient, bodyOf(change).customerId) ?? t`Customer`;
  const elapsed = formatClock(Math.max(0, Math.floor((now - new Date(madeAt(change)).getTime()) / 1000)));
  return (
    <div className={classes.timerChip} data-testid="waiting-timer" title={t`Waiting for a connection`}>
      <IconCloudUpload size={14} aria-hidden="true" />
      <span className={classes.timerName}>{name}</span>
      <span className={classes.timerClock} role="timer" aria-label={t`Running for ${elapsed}`}>
        {elapsed}
      </span>
      <VisuallyHidden>{t`Waiting for a connection`}</VisuallyHidden>
    </div>
  );
}

/** A timer stopped without a connection: the stop waits to be sent. */
export function StopWaitsChip({ name }: { name: string }) {
  const { t } = useLingui();
  return (
    <div className={classes.timerChip} data-testid="waiting-timer" title={t`Waiting for a connection`}>
      <IconCloudUpload size={14} aria-hidden="true" />
      <span className={classes.timerName}>{name}</span>
      <span className={classes.timerClock}>{t`Stopped`}</span>
      <VisuallyHidden>{t`Waiting for a connection`}</VisuallyHidden>
    </div>
  );
}
