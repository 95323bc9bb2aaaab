/**
 * The running-timers bar, on every screen of the signed-in layout (mounted by the app shell):
 * clock in/out with a break toggle, each running customer timer with its customer and a ticking
 * clock, stop in one tap, and starting a new timer by searching a customer. Everything shown is
 * server state (`TimeTracks/GetMy` with `includeRunning`, `UserTimeTracks/GetActive`), so it
 * survives a reload and shows timers started on another device (polled, and refreshed when the
 * window gets focus).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconCloudUpload, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import type { TimeTrack } from '../../../generated/api/types.gen';
import { timersChanged } from '../../lib/data-events';
import { formatClock } from './format';
import { StopTimerButton } from './stop-timer-button';
import classes from './time-tracking.module.css';
import { useGpsPosition } from '../../lib/position';
import { elapsedSince, useNow, useRunningTimers } from './use-time-tracking';
import { WorkingTimeControl } from './working-time-control';
import { actedAtIfOffline, idempotencyHeaders } from '../../lib/offline-change';
import { queuedMutation } from '../../lib/offline-queue';
import { useLazyDialog } from '../../lib/use-lazy-dialog';
import { bodyOf, nameInCache, useWaitingList } from '../../components/waiting-changes';
import { LoadBoundary } from '../../components/load-boundary';

// The chips of what waits load when something waits (the routes' first JavaScript, their budget).
const WaitingTimerChip = lazy(() => import('./waiting-timer-chips').then((module) => ({ default: module.WaitingTimerChip })));
const StopWaitsChip = lazy(() => import('./waiting-timer-chips').then((module) => ({ default: module.StopWaitsChip })));
// The customer search loads once the bar is idle, or with the first tap on "Timer" (the routes' budget).
const loadStartTimerDialog = () => import('./start-timer-dialog');
const StartTimerDialog = lazy(() => import('./start-timer-dialog').then((module) => ({ default: module.StartTimerDialog })));

/** What waits, when the chips' code could not be loaded (offline before the service worker kept it). */
function PlainWaitingChip({ name, state }: { name: string; state?: string }) {
  const { t } = useLingui();
  return (
    <div className={classes.timerChip} data-testid="waiting-timer" title={t`Waiting for a connection`}>
      <IconCloudUpload size={14} aria-label={t`Waiting for a connection`} />
      <span className={classes.timerName}>{name}</span>
      {state ? <span className={classes.timerClock}>{state}</span> : null}
    </div>
  );
}

function TimerChip({
  track,
  answeredAt,
  now,
  stopWaits,
  onStopped,
}: {
  track: TimeTrack;
  answeredAt: number;
  now: number;
  /** Stopped without a connection: the stop waits to be sent. */
  stopWaits: boolean;
  onStopped: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const position = useGpsPosition();
  const stop = useMutation({
    ...queuedMutation('timerStop'),
    onSuccess: async () => {
      await timersChanged(queryClient);
      onStopped();
    },
  });
  const elapsed = formatClock(elapsedSince(track.durationSeconds, answeredAt, now));
  const name = track.customerName;
  if (stopWaits) {
    return (
      <LoadBoundary fallback={<PlainWaitingChip name={name} state={t`Stopped`} />}>
        <Suspense fallback={null}>
          <StopWaitsChip name={name} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return (
    <div className={classes.timerChip} data-testid="running-timer" title={track.description ?? undefined}>
      <span className={classes.pulse} aria-hidden="true" />
      <span className={classes.timerName}>{name}</span>
      <span className={classes.timerClock} role="timer" aria-label={t`Running for ${elapsed}`}>
        {elapsed}
      </span>
      <StopTimerButton
        name={name}
        loading={stop.isPending}
        onStop={async () => {
          const acted = actedAtIfOffline();
          stop.mutate({ body: { id: track.id, position: await position(), ...acted }, headers: idempotencyHeaders(), customerName: track.customerName });
        }}
      />
    </div>
  );
}

export function RunningTimersBar() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const timers = useRunningTimers();
  const now = useNow();
  const { opened: starting, mounted: startMounted, open: startTimer, close: closeStart } = useLazyDialog(loadStartTimerDialog);
  const running = timers.data?.data.items ?? [];
  // What waits for the connection shows beside what the server said (decision 0042).
  const waitingStarts = useWaitingList((change) => change.name === 'timerStart');
  const waitingStops = new Set(useWaitingList((change) => change.name === 'timerStop').map((change) => bodyOf(change).id));
  const startButton = useRef<HTMLButtonElement>(null);
  // A stopped timer's chip (and its focused stop button) leaves: keep the focus in the bar.
  const keepFocus = () => {
    if (document.activeElement === document.body || !document.activeElement?.isConnected) startButton.current?.focus();
  };
  return (
    <section className={classes.bar} aria-label={t`Running timers and working time`}>
      <div className={classes.barInner}>
        <WorkingTimeControl variant="compact" />
        <div className={classes.timers}>
          {running.map((track) => (
            <TimerChip
              key={track.id}
              track={track}
              answeredAt={timers.dataUpdatedAt}
              now={now}
              stopWaits={waitingStops.has(track.id)}
              onStopped={() => requestAnimationFrame(keepFocus)}
            />
          ))}
          {waitingStarts.length > 0 ? (
            <LoadBoundary fallback={waitingStarts.map((change) => <PlainWaitingChip key={change.id} name={nameInCache(queryClient, bodyOf(change).customerId) ?? t`Customer`} />)}>
              <Suspense fallback={null}>
                {waitingStarts.map((change) => (
                  <WaitingTimerChip key={change.id} change={change} now={now} stopped={waitingStops.has(bodyOf(change).id)} />
                ))}
              </Suspense>
            </LoadBoundary>
          ) : null}
        </div>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={startTimer}
          ref={startButton}
          aria-label={t`Start a timer`}
          className={classes.startButton}
        >
          <Trans>Timer</Trans>
        </Button>
      </div>
      {startMounted && (
        <Suspense fallback={null}>
          <StartTimerDialog opened={starting} onClose={closeStart} runningCustomerIds={new Set([...running.map((r) => r.customerId), ...waitingStarts.map((change) => bodyOf(change).customerId ?? '')])} />
        </Suspense>
      )}
    </section>
  );
}
