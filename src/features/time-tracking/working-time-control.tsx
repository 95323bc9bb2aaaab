/**
 * Clock in and out with a break toggle (personal working time, `UserTimeTracks`). Compact in the
 * running-timers bar, as a card on /timetracking. The counters tick from the server's last answer.
 */
import { TABULAR } from '../../lib/format';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCoffee, IconLogin2, IconLogout2, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserTimeTrack } from '../../../generated/api/types.gen';
import { timersChanged, workingTimeChanged } from '../../lib/data-events';
import { showSuccess } from '../../lib/notifications';
import { hasPausedTimers, resumePausedTimers, useTimerChoice } from './timer-choice';
import { formatClock, formatTime } from './format';
import { elapsedSince, useActiveWorkingTime, useNow, useRunningTimers } from './use-time-tracking';
import { useGpsPosition } from '../../lib/position';
import { GpsNotice } from '../../components/gps-notice';
import { actedAtIfOffline, idempotencyHeaders } from '../../lib/offline-change';
import { queuedMutation } from '../../lib/offline-queue';

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

/**
 * Clock in, break and clock out. Starting a break or clocking out with customer timers running
 * first asks what to do with them (`timer-choice.tsx`); ending a break starts paused timers again.
 */
function useWorkingTimeActions() {
  const queryClient = useQueryClient();
  const position = useGpsPosition();
  const running = useRunningTimers();
  const timerChoice = useTimerChoice();
  const onSuccess = () => workingTimeChanged(queryClient);
  const start = useMutation({ ...queuedMutation('clockIn'), onSuccess });
  const append = useMutation({ ...queuedMutation('workingSegment'), onSuccess });
  const stop = useMutation({ ...queuedMutation('clockOut'), onSuccess });
  const timers = running.data?.data.items ?? [];
  return {
    busy: start.isPending || append.isPending || stop.isPending,
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
  const state = workingTimeState(active.data?.data, active.dataUpdatedAt, now);
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
        <Badge variant="light" color={state.onBreak ? 'yellow' : 'emerald'} size="lg" radius="sm" tt="none" fw={600}>
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
