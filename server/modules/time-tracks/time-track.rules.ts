/**
 * Rules of customer time tracks that need no database: the periods of `GetMyTotals` in the
 * caller's fixed UTC offset, the duration of a track, and the checks of a manual start and end.
 */

export const MAX_TRACK_SECONDS = 24 * 3600;
const MS_PER_DAY = 86_400_000;

export interface TotalsPeriods {
  todayStartMs: number;
  weekStartMs: number;
  monthStartMs: number;
}

/**
 * Where today, this week (Monday to Sunday) and this month began for a caller whose local time is
 * UTC plus `offsetMinutes` (JavaScript: `-new Date().getTimezoneOffset()`).
 */
export function totalsPeriods(nowMs: number, offsetMinutes: number): TotalsPeriods {
  const offsetMs = offsetMinutes * 60_000;
  const local = new Date(nowMs + offsetMs);
  const todayLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const monthLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return {
    todayStartMs: todayLocal - offsetMs,
    weekStartMs: todayLocal - sinceMonday * MS_PER_DAY - offsetMs,
    monthStartMs: monthLocal - offsetMs,
  };
}

/** Whole seconds between start and end (or now for a running track), never negative. */
export function durationSeconds(startMs: number, endMs: number): number {
  return Math.max(0, Math.floor((endMs - startMs) / 1000));
}

export type SpanProblem = 'END_BEFORE_START' | 'IN_FUTURE' | 'TOO_LONG';

/** What is wrong with a recorded start and end (end null: still running), or null. */
export function spanProblem(startMs: number, endMs: number | null, nowMs: number): SpanProblem | null {
  if (endMs !== null && endMs <= startMs) return 'END_BEFORE_START';
  if (startMs > nowMs || (endMs !== null && endMs > nowMs)) return 'IN_FUTURE';
  if ((endMs ?? nowMs) - startMs > MAX_TRACK_SECONDS * 1000) return 'TOO_LONG';
  return null;
}
