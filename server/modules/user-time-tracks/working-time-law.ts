/**
 * The German working-time law (Arbeitszeitgesetz, ArbZG) as checks over recorded personal working
 * time. Pure functions: they find and describe, they never change what was recorded.
 *
 * - A working day is the local calendar day (tenant's zone) a shift began on; a shift that crosses
 *   midnight belongs wholly to the day it began.
 * - A break is every interruption of work between two stretches of work of the same working day,
 *   a break segment as well as the time between clocking out and in again, and a break running
 *   now (`breakSeconds`). Every figure of breaks (a track's, a day's, a week's) follows this one
 *   rule, so the screens, the exports and the warnings agree.
 * - Breaks (§ 4): of those interruptions only the ones of at least 15 minutes count. More than 6 hours of work need 30 minutes of breaks, more
 *   than 9 hours need 45.
 * - No more than 6 hours of work in a row (§ 4): interruptions under 15 minutes do not end a run.
 * - At most 10 hours of work a day (§ 3).
 * - At least 11 hours of rest (§ 5) between the end of work on one working day and the start on
 *   the next one.
 * - Sunday work (§ 9): work on a working day that is a Sunday; lawful only in the exceptions of
 *   § 10, so it is worth a look. Public holidays differ by state and are not checked.
 */
import { localEpochDay, weekdayOfEpochDay } from '../../platform/time-zone';

export type SegmentKind = 'work' | 'break';

export interface LawSegment {
  kind: SegmentKind;
  startMs: number;
  /** null while open: counts up to `now`. */
  endMs: number | null;
}

export interface LawTrack {
  startMs: number;
  segments: LawSegment[];
}

export type LawWarningCode =
  | 'BREAK_TOO_SHORT'
  | 'WORK_WITHOUT_BREAK_OVER_6H'
  | 'DAILY_WORK_OVER_10H'
  | 'REST_UNDER_11H'
  | 'SUNDAY_WORK';

export interface LawFinding {
  code: LawWarningCode;
  /** The working day (epoch day in the tenant's zone) the finding belongs to. */
  day: number;
  /** Facts for the message, in seconds or minutes as named. */
  params: Record<string, number>;
}

export interface Interval {
  startMs: number;
  endMs: number;
}

export interface WorkingDay {
  day: number;
  /** Stretches of work, oldest first, not overlapping. */
  work: Interval[];
  workSeconds: number;
  /** The day's breaks by the one rule above (`breakSeconds`). */
  breakSeconds: number;
}

export const MIN_BREAK_BLOCK_SECONDS = 15 * 60;
export const MAX_WORK_IN_A_ROW_SECONDS = 6 * 3600;
export const MAX_DAILY_WORK_SECONDS = 10 * 3600;
export const MIN_REST_SECONDS = 11 * 3600;

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The length of breaks, the one rule: the interruptions between stretches of work (merged where
 * they touch) plus a break running now, after the last stretch of work.
 */
export function breakSeconds(work: Interval[], segments: LawSegment[], nowMs: number): number {
  const merged = mergeTouching(work);
  let total = 0;
  for (let i = 1; i < merged.length; i++) total += seconds(merged[i].startMs - merged[i - 1].endMs);
  const lastWorkEnd = merged.length ? merged[merged.length - 1].endMs : -Infinity;
  for (const s of segments) {
    if (s.kind === 'break' && s.endMs === null) total += seconds(Math.max(0, nowMs - Math.max(s.startMs, lastWorkEnd)));
  }
  return total;
}

const workIntervals = (segments: LawSegment[], nowMs: number): Interval[] =>
  segments.filter((s) => s.kind === 'work').map((s) => ({ startMs: s.startMs, endMs: s.endMs ?? nowMs })).filter((i) => i.endMs > i.startMs);

/** Work and break seconds of one track's segments (open ones up to `nowMs`; breaks by `breakSeconds`). */
export function segmentTotals(segments: LawSegment[], nowMs: number): { workSeconds: number; breakSeconds: number } {
  const work = workIntervals(segments, nowMs);
  return { workSeconds: seconds(work.reduce((sum, i) => sum + (i.endMs - i.startMs), 0)), breakSeconds: breakSeconds(work, segments, nowMs) };
}

/** The tracks' work stretches by the working day their track began on, days in order. */
export function workingDays(tracks: LawTrack[], timeZone: string, nowMs: number): WorkingDay[] {
  const byDay = new Map<number, { work: Interval[]; segments: LawSegment[] }>();
  for (const track of tracks) {
    const day = localEpochDay(track.startMs, timeZone);
    const entry = byDay.get(day) ?? { work: [], segments: [] };
    entry.work.push(...workIntervals(track.segments, nowMs));
    entry.segments.push(...track.segments);
    byDay.set(day, entry);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, entry]) => {
      const work = mergeTouching(entry.work);
      return { day, work, workSeconds: seconds(work.reduce((sum, i) => sum + (i.endMs - i.startMs), 0)), breakSeconds: breakSeconds(work, entry.segments, nowMs) };
    })
    .filter((d) => d.workSeconds > 0);
}

/** Sorts and joins stretches that overlap or touch (two work segments back to back are one). */
function mergeTouching(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startMs - b.startMs);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.startMs <= last.endMs) last.endMs = Math.max(last.endMs, i.endMs);
    else out.push({ ...i });
  }
  return out;
}

/** The breaks that count: interruptions between stretches of work of at least 15 minutes. */
export function qualifyingBreakSeconds(work: Interval[]): number {
  let total = 0;
  for (let i = 1; i < work.length; i++) {
    const gap = seconds(work[i].startMs - work[i - 1].endMs);
    if (gap >= MIN_BREAK_BLOCK_SECONDS) total += gap;
  }
  return total;
}

/** The interruptions too short to count as a break (under 15 minutes), in seconds. */
export function shortBreakSeconds(work: Interval[]): number {
  let total = 0;
  for (let i = 1; i < work.length; i++) {
    const gap = seconds(work[i].startMs - work[i - 1].endMs);
    if (gap > 0 && gap < MIN_BREAK_BLOCK_SECONDS) total += gap;
  }
  return total;
}

/** Minutes of breaks the law asks for after this much work: 0, 30 (over 6 h) or 45 (over 9 h). */
export function requiredBreakMinutes(workSeconds: number): number {
  if (workSeconds > 9 * 3600) return 45;
  if (workSeconds > 6 * 3600) return 30;
  return 0;
}

/** The longest stretch of work not interrupted by a break of at least 15 minutes, in work seconds. */
export function longestRunWithoutBreak(work: Interval[]): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < work.length; i++) {
    const length = seconds(work[i].endMs - work[i].startMs);
    const gap = i === 0 ? Infinity : seconds(work[i].startMs - work[i - 1].endMs);
    run = gap >= MIN_BREAK_BLOCK_SECONDS ? length : run + length;
    longest = Math.max(longest, run);
  }
  return longest;
}

export function checkBreaks(day: WorkingDay): LawFinding | null {
  const required = requiredBreakMinutes(day.workSeconds);
  if (required === 0) return null;
  const recorded = qualifyingBreakSeconds(day.work);
  if (recorded >= required * 60) return null;
  return {
    code: 'BREAK_TOO_SHORT',
    day: day.day,
    params: { afterHours: required === 45 ? 9 : 6, requiredMinutes: required, recordedMinutes: Math.floor(recorded / 60), shortBreakSeconds: shortBreakSeconds(day.work) },
  };
}

export function checkWorkInARow(day: WorkingDay): LawFinding | null {
  const longest = longestRunWithoutBreak(day.work);
  return longest > MAX_WORK_IN_A_ROW_SECONDS ? { code: 'WORK_WITHOUT_BREAK_OVER_6H', day: day.day, params: { seconds: longest } } : null;
}

export function checkDailyMaximum(day: WorkingDay): LawFinding | null {
  return day.workSeconds > MAX_DAILY_WORK_SECONDS
    ? { code: 'DAILY_WORK_OVER_10H', day: day.day, params: { seconds: day.workSeconds } }
    : null;
}

/** Rest between the end of work on `previous` and the start of work on `day` (its next working day). */
export function checkRest(previous: WorkingDay | undefined, day: WorkingDay): LawFinding | null {
  if (!previous || previous.work.length === 0 || day.work.length === 0) return null;
  const rest = seconds(day.work[0].startMs - previous.work[previous.work.length - 1].endMs);
  return rest < MIN_REST_SECONDS ? { code: 'REST_UNDER_11H', day: day.day, params: { seconds: Math.max(0, rest) } } : null;
}

export function checkSunday(day: WorkingDay): LawFinding | null {
  return weekdayOfEpochDay(day.day) === 0 && day.workSeconds > 0 ? { code: 'SUNDAY_WORK', day: day.day, params: {} } : null;
}

/**
 * All findings over one member's tracks, per working day in order. Pass the tracks of the day
 * before the period too, so the rest before its first day can be judged.
 */
export function checkWorkingTime(tracks: LawTrack[], timeZone: string, nowMs: number, days = workingDays(tracks, timeZone, nowMs)): LawFinding[] {
  const findings: LawFinding[] = [];
  days.forEach((day, index) => {
    for (const finding of [
      checkBreaks(day),
      checkWorkInARow(day),
      checkDailyMaximum(day),
      checkRest(days[index - 1], day),
      checkSunday(day),
    ]) {
      if (finding) findings.push(finding);
    }
  });
  return findings;
}
