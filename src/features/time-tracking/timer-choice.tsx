/**
 * Running customer timers at a break and at clock-out: never left running silently. When the
 * member starts a break or clocks out while customer timers run, a dialog asks what to do with
 * them, with their last choice preselected (a personal preference, kept per member on this
 * device):
 *
 * - at a break: stop them now, pause them (stopped now and started again for the same customers
 *   when the break ends) or keep them running;
 * - at clock-out: stop them now or keep them running.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { timeTracksStart, timeTracksStop } from '../../../generated/api/sdk.gen';
import type { TimeTrack } from '../../../generated/api/types.gen';
import { timersChanged } from '../../lib/data-events';
import { showSuccess } from '../../lib/notifications';
import { getSession } from '../../lib/session';

export type TimerMoment = 'break' | 'clockOut';
export type TimerChoice = 'stop' | 'pause' | 'keep';

const choicesAt: Record<TimerMoment, TimerChoice[]> = { break: ['stop', 'pause', 'keep'], clockOut: ['stop', 'keep'] };

const preferenceKey = () => `fieldbook-timer-choice-${getSession().userId ?? 'anonymous'}`;
const pausedKey = () => `fieldbook-paused-timers-${getSession().userId ?? 'anonymous'}`;

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The member's remembered choice for a moment, if any. */
export function rememberedChoice(moment: TimerMoment): TimerChoice | null {
  const value = readJson<Partial<Record<TimerMoment, TimerChoice>>>(preferenceKey(), {})[moment];
  return value && choicesAt[moment].includes(value) ? value : null;
}

function remember(moment: TimerMoment, choice: TimerChoice) {
  const all = readJson<Partial<Record<TimerMoment, TimerChoice>>>(preferenceKey(), {});
  window.localStorage.setItem(preferenceKey(), JSON.stringify({ ...all, [moment]: choice }));
}

type Position = { latitude: number; longitude: number } | null;

/**
 * Stops the timers at `position` (the one of the break start or the clock-out, taken once for the
 * moment); with `pause` their customers are kept to start again after the break.
 */
export async function applyTimerChoice(timers: TimeTrack[], choice: TimerChoice, position: Position) {
  if (choice === 'keep' || timers.length === 0) return;
  await Promise.all(timers.map((timer) => timeTracksStop({ body: { id: timer.id, position }, throwOnError: true })));
  if (choice === 'pause') {
    const paused = timers.map((timer) => ({ customerId: timer.customerId, description: timer.description ?? null }));
    window.localStorage.setItem(pausedKey(), JSON.stringify(paused));
  }
}

/** After a break: starts the paused customers' timers again (at `position`); answers how many. */
export async function resumePausedTimers(position: Position): Promise<number> {
  const paused = readJson<{ customerId: string; description: string | null }[]>(pausedKey(), []);
  window.localStorage.removeItem(pausedKey());
  for (const timer of paused) {
    await timeTracksStart({ body: { customerId: timer.customerId, description: timer.description, position }, throwOnError: true });
  }
  return paused.length;
}

/** Whether timers wait to be started again after the break. */
export const hasPausedTimers = () => readJson<unknown[]>(pausedKey(), []).length > 0;

/**
 * The question, as a hook: `ask(moment, timers, position, proceed)` opens the dialog when timers
 * run (else proceeds at once); the chosen action runs on the timers first (stopped at `position`,
 * the moment's position), then `proceed`.
 */
export function useTimerChoice() {
  const [pending, setPending] = useState<{ moment: TimerMoment; timers: TimeTrack[]; position: Position; proceed: () => Promise<unknown> | void } | null>(null);
  const ask = (moment: TimerMoment, timers: TimeTrack[], position: Position, proceed: () => Promise<unknown> | void) => {
    if (timers.length === 0) void proceed();
    else setPending({ moment, timers, position, proceed });
  };
  const dialog = pending ? <TimerChoiceDialog {...pending} onClose={() => setPending(null)} /> : null;
  return { ask, dialog };
}

function TimerChoiceDialog({
  moment,
  timers,
  position,
  proceed,
  onClose,
}: {
  moment: TimerMoment;
  timers: TimeTrack[];
  position: Position;
  proceed: () => Promise<unknown> | void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TimerChoice>(rememberedChoice(moment) ?? 'stop');
  const [keepAsDefault, setKeepAsDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  // One timer or several: every sentence of the dialog agrees with the list it shows.
  const count = timers.length;
  const labels: Record<TimerChoice, string> = {
    stop: plural(count, { one: 'Stop it now', other: 'Stop them now' }),
    pause: plural(count, { one: 'Pause it and continue after the break', other: 'Pause them and continue after the break' }),
    keep: plural(count, { one: 'Keep it running', other: 'Keep them running' }),
  };
  const confirm = async () => {
    setBusy(true);
    try {
      if (keepAsDefault) remember(moment, choice);
      await applyTimerChoice(timers, choice, position);
      await proceed();
      await timersChanged(queryClient);
      if (choice === 'stop') showSuccess(plural(count, { one: '# customer timer stopped.', other: '# customer timers stopped.' }));
      if (choice === 'pause') showSuccess(plural(count, { one: '# customer timer paused until the break ends.', other: '# customer timers paused until the break ends.' }));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={
        moment === 'break'
          ? plural(count, { one: 'Start break: your customer timer', other: 'Start break: your customer timers' })
          : plural(count, { one: 'Clock out: your customer timer', other: 'Clock out: your customer timers' })
      } data-testid="timer-choice">
      <Stack gap="md">
        <Stack gap={4}>
          <Text fz="sm">{plural(count, { one: 'This customer timer is running:', other: 'These customer timers are running:' })}</Text>
          <List size="sm">
            {timers.map((timer) => (
              <List.Item key={timer.id}>{timer.customerName}</List.Item>
            ))}
          </List>
        </Stack>
        <Radio.Group value={choice} onChange={(value) => setChoice(value as TimerChoice)} label={plural(count, { one: 'What should happen to it?', other: 'What should happen to them?' })}>
          <Stack gap={6} mt={6}>
            {choicesAt[moment].map((value) => (
              <Radio key={value} value={value} label={labels[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox checked={keepAsDefault} onChange={(e) => setKeepAsDefault(e.currentTarget.checked)} label={t`Preselect this choice next time`} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={busy} onClick={() => void confirm()} data-autofocus>
            {moment === 'break' ? <Trans>Start break</Trans> : <Trans>Clock out</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
