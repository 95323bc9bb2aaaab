/** The timers bar's chips of what waits for the connection (decision 0042), loaded when something waits. */
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bodyOf, madeAt, nameInCache } from '../../components/waiting-changes';
import { idempotencyHeaders } from '../../lib/offline-change';
import { queuedMutation, type WaitingChange } from '../../lib/offline-queue';
import { useGpsPosition } from '../../lib/position';
import { formatClock } from './format';
import { StopTimerButton } from './stop-timer-button';
import classes from './time-tracking.module.css';

/**
 * A timer started without a connection: it runs from the moment tapped. Its start carries the id
 * the app chose for the track, so it can be stopped before the start is sent: the stop waits behind
 * the start, with the moment tapped (decision 0048). A start kept from before that has no id and
 * no stop button.
 */
export function WaitingTimerChip({ change, now, stopped }: { change: WaitingChange; now: number; stopped: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const position = useGpsPosition();
  const stop = useMutation(queuedMutation('timerStop'));
  const { id, customerId } = bodyOf(change);
  const name = nameInCache(queryClient, customerId) ?? t`Customer`;
  if (stopped) return <StopWaitsChip name={name} />;
  const elapsed = formatClock(Math.max(0, Math.floor((now - new Date(madeAt(change)).getTime()) / 1000)));
  return (
    <div className={classes.timerChip} data-testid="waiting-timer" title={t`Waiting for a connection`}>
      <IconCloudUpload size={14} aria-hidden="true" />
      <span className={classes.timerName}>{name}</span>
      <span className={classes.timerClock} role="timer" aria-label={t`Running for ${elapsed}`}>
        {elapsed}
      </span>
      <VisuallyHidden>{t`Waiting for a connection`}</VisuallyHidden>
      {id ? (
        <StopTimerButton
          name={name}
          onStop={async () => {
            // The moment tapped, also online: the stop is sent only after its start.
            const atUtc = new Date().toISOString();
            stop.mutate({ body: { id, position: await position(), atUtc }, headers: idempotencyHeaders(), customerName: name });
          }}
        />
      ) : null}
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
