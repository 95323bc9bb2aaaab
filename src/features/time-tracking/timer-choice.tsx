/**
 * The question: the hook of `timer-choice-rules.ts`'s rules, with the dialog loaded when it is first
 * asked, outside every signed-in route's first JavaScript; asked for once the screen is idle while
 * customer timers run (the only time the question comes), so it is there before the tap.
 */
import { lazy, Suspense, useState } from 'react';
import type { TimeTrack } from '../../../generated/api/types.gen';
import { useIdlePreload } from '../../lib/use-lazy-dialog';
import type { Position, TimerMoment } from './timer-choice-rules';

const loadDialog = () => import('./timer-choice-dialog');
const TimerChoiceDialog = lazy(loadDialog);

/**
 * The question, as a hook: `ask(moment, timers, position, proceed)` opens the dialog when timers
 * run (else proceeds at once); the chosen action runs on the timers first (stopped at `position`,
 * the moment's position), then `proceed`.
 */
export function useTimerChoice(timersRun: boolean) {
  const [pending, setPending] = useState<{ moment: TimerMoment; timers: TimeTrack[]; position: Position; proceed: () => Promise<unknown> | void } | null>(null);
  const ask = (moment: TimerMoment, timers: TimeTrack[], position: Position, proceed: () => Promise<unknown> | void) => {
    if (timers.length === 0) void proceed();
    else setPending({ moment, timers, position, proceed });
  };
  useIdlePreload(timersRun ? loadDialog : undefined);
  const dialog = pending ? (
    <Suspense fallback={null}>
      <TimerChoiceDialog {...pending} onClose={() => setPending(null)} />
    </Suspense>
  ) : null;
  return { ask, dialog };
}

