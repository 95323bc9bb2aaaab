/**
 * Personal working time by day, ISO week (Monday to Sunday) or month in the tenant's time zone.
 * Pure: the service loads the tracks and the law findings, this file cuts them into periods.
 *
 * - A track belongs to the local day it began on (a night shift to the evening it started).
 * - Periods are calendar periods: a day lasts 23 or 25 hours when the clocks change.
 * - The target is the daily target for every working day of the firm's week in the period that
 *   lies in the requested days, is on or after the member's first day, is no public holiday of
 *   the firm's region and has begun by `now`; overtime is work minus target. So a member added
 *   today owes nothing for the days before, and no display choice changes a total.
 */
import {
  dateOfEpochDay,
  firstOfMonthOf,
  firstOfNextMonthOf,
  isoWeekOfEpochDay,
  localEpochDay,
  mondayOf,
  startOfLocalDay,
  weekdayOfEpochDay,
} from '../../platform/time-zone';
import { isPublicHoliday, type HolidayRegion } from '../../platform/holidays';
import type { LawFinding } from './working-time-law';

export type Grouping = 'day' | 'week' | 'month';

export interface GroupableTrack {
  startMs: number;
  workSeconds: number;
  breakSeconds: number;
}

export interface GroupingSpec {
  grouping: Grouping;
  /** First requested day (epoch day in the zone), inclusive. */
  fromDay: number;
  /** Last requested day, inclusive. */
  toDay: number;
  timeZone: string;
  nowMs: number;
  dailyTargetSeconds: number;
  /** ISO weekdays the firm works (1 Monday … 7 Sunday). */
  workingDays: readonly number[];
  holidayRegion: HolidayRegion;
  /** The member's first working day (epoch day); no target before it. */
  memberStartDay: number;
  fillEmpty: boolean;
  /**
   * The breaks of each working day by the one rule (`working-time-law.ts`, `breakSeconds`),
   * which also counts the time between two tracks of a day; without it the tracks' own breaks add up.
   */
  breakSecondsOfDay?: ReadonlyMap<number, number>;
}

export interface Period {
  startDay: number;
  /** Exclusive. */
  endDay: number;
}

export interface Group<T> extends Period {
  periodStartMs: number;
  periodEndMs: number;
  workSeconds: number;
  breakSeconds: number;
  targetSeconds: number;
  overtimeSeconds: number;
  findings: LawFinding[];
  /** Oldest first. */
  tracks: T[];
}

export function periodOf(day: number, grouping: Grouping): Period {
  switch (grouping) {
    case 'day':
      return { startDay: day, endDay: day + 1 };
    case 'week': {
      const monday = mondayOf(day);
      return { startDay: monday, endDay: monday + 7 };
    }
    case 'month':
      return { startDay: firstOfMonthOf(day), endDay: firstOfNextMonthOf(day) };
  }
}

type TargetSpec = Pick<GroupingSpec, 'fromDay' | 'toDay' | 'timeZone' | 'nowMs' | 'dailyTargetSeconds' | 'workingDays' | 'holidayRegion' | 'memberStartDay'>;

/** Whether a target is due on a day: a working day of the firm's week and no public holiday. */
export function isTargetDay(day: number, spec: Pick<TargetSpec, 'workingDays' | 'holidayRegion'>): boolean {
  const isoWeekday = weekdayOfEpochDay(day) || 7;
  return spec.workingDays.includes(isoWeekday) && !isPublicHoliday(day, spec.holidayRegion);
}

/** The daily target over the target days of a period inside the requested days, from the member's first day. */
export function targetSecondsOf(period: Period, spec: TargetSpec) {
  if (spec.dailyTargetSeconds <= 0) return 0;
  let total = 0;
  const first = Math.max(period.startDay, spec.fromDay, spec.memberStartDay);
  const last = Math.min(period.endDay - 1, spec.toDay);
  for (let day = first; day <= last; day++) {
    if (startOfLocalDay(day, spec.timeZone) > spec.nowMs) break;
    if (isTargetDay(day, spec)) total += spec.dailyTargetSeconds;
  }
  return total;
}

/**
 * The groups of the requested days, newest first. With `fillEmpty` every period between the first
 * and last requested day is there, else only periods with a track.
 */
export function groupByPeriod<T extends GroupableTrack>(tracks: T[], findings: LawFinding[], spec: GroupingSpec): Group<T>[] {
  const groups = new Map<number, Group<T>>();
  const groupOf = (day: number) => {
    const period = periodOf(day, spec.grouping);
    let group = groups.get(period.startDay);
    if (!group) {
      group = {
        ...period,
        periodStartMs: startOfLocalDay(period.startDay, spec.timeZone),
        periodEndMs: startOfLocalDay(period.endDay, spec.timeZone),
        workSeconds: 0,
        breakSeconds: 0,
        targetSeconds: 0,
        overtimeSeconds: 0,
        findings: [],
        tracks: [],
      };
      groups.set(period.startDay, group);
    }
    return group;
  };

  if (spec.fillEmpty) {
    for (let day = periodOf(spec.fromDay, spec.grouping).startDay; day <= spec.toDay; day = periodOf(day, spec.grouping).endDay) {
      groupOf(day);
    }
  }
  const daysCounted = new Set<number>();
  for (const track of [...tracks].sort((a, b) => a.startMs - b.startMs)) {
    const day = localEpochDay(track.startMs, spec.timeZone);
    if (day < spec.fromDay || day > spec.toDay) continue;
    const group = groupOf(day);
    group.tracks.push(track);
    group.workSeconds += track.workSeconds;
    if (!spec.breakSecondsOfDay) group.breakSeconds += track.breakSeconds;
    else if (!daysCounted.has(day)) {
      daysCounted.add(day);
      group.breakSeconds += spec.breakSecondsOfDay.get(day) ?? 0;
    }
  }
  for (const finding of findings) {
    if (finding.day < spec.fromDay || finding.day > spec.toDay) continue;
    const group = groups.get(periodOf(finding.day, spec.grouping).startDay);
    // A finding always belongs to a day with work, so its group exists.
    group?.findings.push(finding);
  }
  const out = [...groups.values()].sort((a, b) => b.startDay - a.startDay);
  for (const group of out) {
    group.targetSeconds = targetSecondsOf(group, spec);
    group.overtimeSeconds = group.workSeconds - group.targetSeconds;
    group.findings.sort((a, b) => a.day - b.day);
  }
  return out;
}

const weekdays = {
  de: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const months = {
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

const two = (n: number) => String(n).padStart(2, '0');

/** "Fr, 20.11.2026" / "Fri, 11/20/2026"; "KW 47/2026" / "Week 47/2026"; "November 2026". */
export function periodLabel(startDay: number, grouping: Grouping, lang: 'de' | 'en'): string {
  const { year, month, day } = dateOfEpochDay(startDay);
  switch (grouping) {
    case 'day': {
      const weekday = weekdays[lang][weekdayOfEpochDay(startDay)];
      return lang === 'de' ? `${weekday}, ${two(day)}.${two(month)}.${year}` : `${weekday}, ${two(month)}/${two(day)}/${year}`;
    }
    case 'week': {
      const { week, year: weekYear } = isoWeekOfEpochDay(startDay);
      return lang === 'de' ? `KW ${week}/${weekYear}` : `Week ${week}/${weekYear}`;
    }
    case 'month':
      return `${months[lang][month - 1]} ${year}`;
  }
}
