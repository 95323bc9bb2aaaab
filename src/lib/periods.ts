/**
 * The period presets (today, yesterday, this week, current month, last 7/14/30
 * days, last 2 weeks, last week, last month, last year, manual) as local calendar days, and the
 * `fromDate` (inclusive) / `toDate` (exclusive) instants the lists take. Weeks start on Monday.
 * Periods that run into the future end today. Used by the library, the gallery, the dashboard and,
 * without `all` (it needs a bounded period), the time-tracking overview.
 *
 * Given the firm's time zone (passed, else the one the signed-in layout read: `firm-time-zone.ts`), "today" and the midnights that bound a period are
 * the firm's, not the browser's: a manager abroad bills the firm's "last month".
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import dayjs, { type Dayjs } from 'dayjs';
import { zonedDay, zonedMidnight } from './time-zone';
import { getFirmTimeZone } from './firm-time-zone';

export const periodPresets = [
  'all',
  'today',
  'yesterday',
  'thisWeek',
  'currentMonth',
  'last7Days',
  'last14Days',
  'last30Days',
  'last2Weeks',
  'lastWeek',
  'lastMonth',
  'lastYear',
  'manual',
] as const;
export type PeriodPreset = (typeof periodPresets)[number];

/** The presets that name a bounded period: all but `all`. */
export type BoundedPeriodPreset = Exclude<PeriodPreset, 'all'>;
export const boundedPeriodPresets = periodPresets.filter((p): p is BoundedPeriodPreset => p !== 'all') as [
  BoundedPeriodPreset,
  ...BoundedPeriodPreset[],
];

export const periodLabels: Record<PeriodPreset, MessageDescriptor> = {
  all: msg`All time`,
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  thisWeek: msg`This week`,
  currentMonth: msg`Current month`,
  last7Days: msg`Last 7 days`,
  last14Days: msg`Last 14 days`,
  last30Days: msg`Last 30 days`,
  last2Weeks: msg`Last 2 weeks`,
  lastWeek: msg`Last week`,
  lastMonth: msg`Last month`,
  lastYear: msg`Last year`,
  manual: msg`Custom range`,
};

/** Inclusive local days, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_FORMAT = 'YYYY-MM-DD';
const format = (d: Dayjs) => d.format(DAY_FORMAT);
const isDay = (value: string | undefined) => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid();
const mondayOf = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

/** The days of a preset seen from `today`; undefined for `all`. */
export function periodRange(preset: BoundedPeriodPreset, today?: Date, manual?: Partial<DayRange>, timeZone?: string): DayRange;
export function periodRange(preset: PeriodPreset, today?: Date, manual?: Partial<DayRange>, timeZone?: string): DayRange | undefined;
export function periodRange(preset: PeriodPreset, today: Date = new Date(), manual?: Partial<DayRange>, timeZone: string | undefined = getFirmTimeZone()): DayRange | undefined {
  // Only the calendar day of "today" depends on the zone; the rest is counting days.
  const d = (timeZone ? dayjs(zonedDay(today, timeZone)) : dayjs(today)).startOf('day');
  const monday = mondayOf(d);
  switch (preset) {
    case 'all':
      return undefined;
    case 'today':
      return { from: format(d), to: format(d) };
    case 'yesterday':
      return { from: format(d.subtract(1, 'day')), to: format(d.subtract(1, 'day')) };
    case 'thisWeek':
      return { from: format(monday), to: format(d) };
    case 'currentMonth':
      return { from: format(d.startOf('month')), to: format(d) };
    case 'last7Days':
      return { from: format(d.subtract(6, 'day')), to: format(d) };
    case 'last14Days':
      return { from: format(d.subtract(13, 'day')), to: format(d) };
    case 'last30Days':
      return { from: format(d.subtract(29, 'day')), to: format(d) };
    case 'last2Weeks':
      return { from: format(monday.subtract(14, 'day')), to: format(monday.subtract(1, 'day')) };
    case 'lastWeek':
      return { from: format(monday.subtract(7, 'day')), to: format(monday.subtract(1, 'day')) };
    case 'lastMonth': {
      const first = d.startOf('month').subtract(1, 'month');
      return { from: format(first), to: format(first.endOf('month')) };
    }
    case 'lastYear': {
      const first = d.startOf('year').subtract(1, 'year');
      return { from: format(first), to: format(first.endOf('year')) };
    }
    case 'manual': {
      const from = isDay(manual?.from) ? manual!.from! : format(d);
      const to = isDay(manual?.to) ? manual!.to! : from;
      return to < from ? { from: to, to: from } : { from, to };
    }
  }
}

/**
 * The instants of a day range for the API: midnight of `from`, midnight after `to`, in `timeZone`
 * when given (else the browser's).
 */
export function rangeToQuery(range: DayRange, timeZone?: string): { fromDate: string; toDate: string };
export function rangeToQuery(range: DayRange | undefined, timeZone?: string): { fromDate?: string; toDate?: string };
export function rangeToQuery(range: DayRange | undefined, timeZone: string | undefined = getFirmTimeZone()): { fromDate?: string; toDate?: string } {
  if (!range) return {};
  if (timeZone) {
    return { fromDate: zonedMidnight(range.from, timeZone).toISOString(), toDate: zonedMidnight(dayjs(range.to).add(1, 'day').format(DAY_FORMAT), timeZone).toISOString() };
  }
  return {
    fromDate: dayjs(range.from).startOf('day').toISOString(),
    toDate: dayjs(range.to).add(1, 'day').startOf('day').toISOString(),
  };
}

/** Number of days of a range, both ends included. */
export function rangeDays(range: DayRange): number {
  return dayjs(range.to).diff(dayjs(range.from), 'day') + 1;
}
