/**
 * Clock in and out with a break toggle (personal working time, `UserTimeTracks`). Compact in the
 * running-timers bar, as a card on /timetracking. The counters tick from the server's last answer.
 */
import { TABULAR } from '../../lib/format';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconCoffee, IconLogin2, IconLogout2, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserTimeTrack, UserTimeTrackSegment } from '../../../generated/api/types.gen';
import { timersChanged, workingTimeChanged } from '../../lib/data-events';
import { showSuccess } from '../../lib/notifications';
import { hasPausedTimers, resumePausedTimers } from './timer-choice-rules';
import { useTimerChoice } from './timer-choice';
import { formatClock, formatTime } from './format';
import { elapsedSince, useActiveWorkingTime, useNow, useRunningTimers } from './use-time-tracking';
import { useGpsPosition } from '../../lib/position';
import { GpsNotice } from '../../components/gps-notice';
import { actedAtIfOffline, idempotencyHeaders } from '../../lib/offline-change';
import { queuedMutation, type WaitingChange } from '../../lib/offline-queue';
import { bodyOf, madeAt, useWaitingList } from '../../components/waiting-changes';

interface WorkingTimeState {
  track: UserTimeTrack | null;
  onBreak: boolean;
  workSeconds: number;
  breakSeconds: number;
  /** Seconds of the open segment (work or break). */
  currentSeconds: number;
}

/** Work and break seconds of the active track, the open segment counted on from the server's answer. */
function workingTimeState(track: UserTimeTrack | null | undefined, answeredAt: number, now: number): WorkingTimeState {
  if (!track) return { track: null, onBreak: false, workSeconds: 0, breakSeconds: 0, currentSeconds: 0 };
  const open = track.segments[track.segments.length - 1];
  const onBreak = open?.endedAtUtc === null && open.kind === 'break';
  const since = elapsedSince(0, answeredAt, now);
  const openStartedAgo = open && open.endedAtUtc === null ? Math.max(0, (answeredAt - Date.parse(open.startedAtUtc)) / 1000) : 0;
  return {
    track,
    onBreak,
    workSeconds: track.workSeconds + (onBreak ? 0 : since),
    breakSeconds: track.breakSeconds + (onBreak ? since : 0),
    currentSeconds: Math.floor(openStartedAgo) + since,
  };
}

const CLOCKING = new Set<WaitingChange['name']>(['clockIn', 'workingSegment', 'clockOut']);

/**
 * The working day as the member made it: the server's last answer with the clocking that waits for
 * the connection laid over it in the order tapped (decision 0048). Clocked in offline, the day runs
 * from the tap, so a break and the clock-out can be tapped before the clock-in is sent (the server
 * acts on the member's active track, so they need no id). Without waiting changes, the server's
 * answer as it is.
 */
function withWaitingClocking(track: UserTimeTrack | null | undefined, answeredAt: number, waiting: WaitingChange[]) {
  if (waiting.length === 0) return { track: track ?? null, answeredAt, waits: false };
  let startedAtUtc = track?.startedAtUtc ?? '';
  let segments: UserTimeTrackSegment[] = track ? track.segments.map((segment) => ({ ...segment })) : [];
  let active = Boolean(track);
  for (const change of waiting) {
    const at = madeAt(change);
    if (change.name === 'clockIn' && !active) {
      active = true;
      startedAtUtc = at;
      segments = [{ id: change.id, kind: 'work', startedAtUtc: at, endedAtUtc: null }];
    } else if (change.name === 'workingSegment' && active) {
      const open = segments[segments.length - 1];
      if (open && open.endedAtUtc === null) open.endedAtUtc = at;
      segments.push({ id: change.id, kind: bodyOf(change).kind === 'break' ? 'break' : 'work', startedAtUtc: at, endedAtUtc: null });
    } else if (change.name === 'clockOut') {
      active = false;
    }
  }
  if (!active) return { track: null, answeredAt, waits: true };
  // Closed segments count from their times; the open one from its start (the counters tick on).
  const seconds = (kind: string) =>
    segments.filter((s) => s.kind === kind && s.endedAtUtc !== null).reduce((sum, s) => sum + Math.max(0, (Date.parse(s.endedAtUtc!) - Date.parse(s.startedAtUtc)) / 1000), 0);
  const open = segments[segments.length - 1];
  const made = { ...(track ?? {}), startedAtUtc, segments, active: true, workSeconds: Math.floor(seconds('work')), breakSeconds: Math.floor(seconds('break')) } as UserTimeTrack;
  return { track: made, answeredAt: open ? Date.parse(open.startedAtUtc) : answeredAt, waits: true };
}

const sending = (mutation: { isPending: boolean; isPaused: boolean }) => mutation.isPending && !mutation.isPaused;

/**
 * Clock in, break and clock out. Starting a break or clocking out with customer timers running
 * first asks what to do with them (`timer-choice.tsx`); ending a break starts paused timers again.
 */
function useWorkingTimeActions() {
  const queryClient = useQueryClient();
  const position = useGpsPosition();
  const running = useRunningTimers();
  const timerChoice = useTimerChoice((running.data?.data.items.length ?? 0) > 0);
  const onSuccess = () => workingTimeChanged(queryClient);
  const start = useMutation({ ...queuedMutation('clockIn'), onSuccess });
  const append = useMutation({ ...queuedMutation('workingSegment'), onSuccess });
  const stop = useMutation({ ...queuedMutation('clockOut'), onSuccess });
  const timers = running.data?.data.items ?? [];
  return {
    // Sending now; a change that waits for the connection does not hold the next tap (decision 0048).
    busy: sending(start) || sending(append) || sending(stop),
    dialog: timerChoice.dialog,
    clockIn: async () => {
      const acted = actedAtIfOffline();
      start.mutate({ body: { position: await position(), ...acted }, headers: idempotencyHeaders() });
    },
    toggleBreak: async (onBreak: boolean) => {
      if (!onBreak) {
        // Timers stopped or paused at the break start get the break start's position as their end.
        const where = timers.length > 0 ? await position() : null;
        timerChoice.ask('break', timers, where, () => append.mutateAsync({ body: { kind: 'break', ...actedAtIfOffline() }, headers: idempotencyHeaders() }));
        return;
      }
      await append.mutateAsync({ body: { kind: 'work', ...actedAtIfOffline() }, headers: idempotencyHeaders() });
      if (hasPausedTimers()) {
        // Timers started again are new timers: they get their start position like any other.
        const resumed = await resumePausedTimers(await position());
        await timersChanged(queryClient);
        showSuccess(plural(resumed, { one: '# customer timer continues.', other: '# customer timers continue.' }));
      }
    },
    clockOut: async () => {
      const where = await position();
      timerChoice.ask('clockOut', timers, where, () => stop.mutateAsync({ body: { position: where, ...actedAtIfOffline() }, headers: idempotencyHeaders() }));
    },
  };
}

export function WorkingTimeControl({ variant }: { variant: 'compact' | 'card' }) {
  const { t } = useLingui();
  const active = useActiveWorkingTime();
  const now = useNow();
  const actions = useWorkingTimeActions();
  const waiting = useWaitingList((change) => CLOCKING.has(change.name));
  const made = withWaitingClocking(active.data?.data, active.dataUpdatedAt, waiting);
  const state = workingTimeState(made.track, made.answeredAt, now);
  const waitsMark = made.waits ? <IconCloudUpload size={14} aria-label={t`Waiting for a connection`} /> : null;
  const work = formatClock(state.workSeconds);
  const pause = formatClock(state.currentSeconds);

  if (variant === 'compact') {
    if (!state.track) {
      return (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconLogin2 size={16} />}
          loading={actions.busy}
          disabled={active.isPending}
          onClick={() => void actions.clockIn()}
        >
          <Trans>Clock in</Trans>
        </Button>
      );
    }
    return (
      <Group gap={6} wrap="nowrap" data-testid="working-time" role="group" aria-label={t`Working time`}>
        {actions.dialog}
        <Badge variant="light" color={state.onBreak ? 'yellow' : 'emerald'} size="lg" radius="sm" tt="none" fw={600} leftSection={waitsMark}>
          <span aria-live="off">
            {state.onBreak ? t`Break ${pause}` : t`Working ${work}`}
          </span>
        </Badge>
        <Tooltip label={state.onBreak ? t`End break` : t`Start break`}>
          <ActionIcon
            variant="light"
            color={state.onBreak ? 'emerald' : 'yellow'}
            aria-label={state.onBreak ? t`End break` : t`Start break`}
            loading={actions.busy}
            onClick={() => void actions.toggleBreak(state.onBreak)}
          >
            {state.onBreak ? <IconPlayerPlay size={16} /> : <IconCoffee size={16} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Clock out`}>
          <ActionIcon variant="light" color="red" aria-label={t`Clock out`} loading={actions.busy} onClick={() => void actions.clockOut()}>
            <IconLogout2 size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  const since = state.track ? formatTime(state.track.startedAtUtc) : '';
  const breakTotal = formatClock(state.breakSeconds);
  return (
    <Paper withBorder radius="md" p="md">
      {actions.dialog}
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text fw={600}>
            <Trans>My working time</Trans>
          </Text>
          {made.waits ? (
            // The theme's readable yellow text (yellow 8 is 2.4:1 on white).
            <Text fz="sm" c="var(--mantine-color-yellow-light-color)" data-testid="working-time-waits">
              <Trans>Waiting for a connection</Trans>
            </Text>
          ) : null}
          {state.track ? (
            <Text fz="sm" c="dimmed">
              {state.onBreak ? <Trans>On a break for {pause}, clocked in at {since}</Trans> : <Trans>Clocked in at {since}</Trans>}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              <Trans>Not clocked in.</Trans>
            </Text>
          )}
        </Stack>
        {state.track ? (
          <Group gap="lg" wrap="wrap">
            <Stack gap={0} align="flex-end">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                <Trans>Work</Trans>
              </Text>
              <Text fz="xl" fw={700} style={TABULAR} data-testid="work-counter">
                {work}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                <Trans>Breaks</Trans>
              </Text>
              <Text fz="xl" fw={700} style={TABULAR}>
                {breakTotal}
              </Text>
            </Stack>
          </Group>
        ) : null}
        <Group gap="sm">
          {state.track ? (
            <>
              <Button
                variant="light"
                color={state.onBreak ? 'emerald' : 'yellow'}
                leftSection={state.onBreak ? <IconPlayerPlay size={16} /> : <IconCoffee size={16} />}
                loading={actions.busy}
                onClick={() => void actions.toggleBreak(state.onBreak)}
              >
                {state.onBreak ? <Trans>End break</Trans> : <Trans>Start break</Trans>}
              </Button>
              <Button color="red" variant="light" leftSection={<IconLogout2 size={16} />} loading={actions.busy} onClick={() => void actions.clockOut()}>
                <Trans>Clock out</Trans>
              </Button>
            </>
          ) : (
            <Button leftSection={<IconLogin2 size={16} />} loading={actions.busy} disabled={active.isPending} onClick={() => void actions.clockIn()}>
              <Trans>Clock in</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <Group mt="xs">
        <GpsNotice />
      </Group>
    </Paper>
  );
}
