/**
 * Running customer timers at a break and at clock-out: never left running silently. When the
 * member starts a break or clocks out while customer timers run, a dialog asks what to do with
 * them, with their last choice preselected (a personal preference, kept per member on this
 * device):
 *
 * - at a break: stop them now, pause them (stopped now and started again for the same customers
 *   when the break ends) or keep them running;
 * - at clock-out: stop them now or keep them running.
 *
 * This file holds the rules and the member's preference; the question is `timer-choice.tsx`, its
 * dialog `timer-choice-dialog.tsx` (loaded when first asked, outside the routes' first JavaScript).
 */
import { timeTracksStart, timeTracksStop } from '../../../generated/api/sdk.gen';
import type { TimeTrack } from '../../../generated/api/types.gen';
import { getSession } from '../../lib/session';

export type TimerMoment = 'break' | 'clockOut';
export type TimerChoice = 'stop' | 'pause' | 'keep';

export const choicesAt: Record<TimerMoment, TimerChoice[]> = { break: ['stop', 'pause', 'keep'], clockOut: ['stop', 'keep'] };

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

export function remember(moment: TimerMoment, choice: TimerChoice) {
  const all = readJson<Partial<Record<TimerMoment, TimerChoice>>>(preferenceKey(), {});
  window.localStorage.setItem(preferenceKey(), JSON.stringify({ ...all, [moment]: choice }));
}

export type Position = { latitude: number; longitude: number } | null;

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

