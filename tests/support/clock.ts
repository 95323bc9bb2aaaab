/**
 * A clock the tests control: the server under test reads "now" from it (`startTestServer(env,
 * { clock })`), so rules about the future, today and this month give the same answer on any day
 * the suite runs. It stands still until a test moves it.
 */
import type { Clock } from '../../server/platform/clock';

export interface TestClock extends Clock {
  set(instant: string | Date): void;
  advance(ms: number): void;
}

export function testClock(start: string | Date): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
