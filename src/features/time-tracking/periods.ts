/**
 * The period presets of spec section 9 (today, yesterday, this week, current month, last 7/14/30
 * days, last 2 weeks, last week, last month, last year, manual) as local calendar days, and the
 * `fromDate` (inclusive) / `toDate` (exclusive) instants the lists take. Weeks start on Monday, as
 * the server's ISO weeks do. Periods that run into the future end today.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import dayjs, { type Dayjs } from 'dayjs';

export const periodPresets = [
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

export const presetLabels: Record<PeriodPreset, MessageDescriptor> = {
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

const DAY = 'YYYY-MM-DD';
const fmt = (d: Dayjs) => d.format(DAY);
const mondayOf = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

/** The days of a preset seen from `today` (manual falls back to the given range or today). */
export function presetRange(preset: PeriodPreset, today: Date = new Date(), manual?: Partial<DayRange>): DayRange {
  const d = dayjs(today).startOf('day');
  const monday = mondayOf(d);
  switch (preset) {
    case 'today':
      return { from: fmt(d), to: fmt(d) };
    case 'yesterday':
      return { from: fmt(d.subtract(1, 'day')), to: fmt(d.subtract(1, 'day')) };
    case 'thisWeek':
      return { from: fmt(monday), to: fmt(d) };
    case 'currentMonth':
      return { from: fmt(d.startOf('month')), to: fmt(d) };
    case 'last7Days':
      return { from: fmt(d.subtract(6, 'day')), to: fmt(d) };
    case 'last14Days':
      return { from: fmt(d.subtract(13, 'day')), to: fmt(d) };
    case 'last30Days':
      return { from: fmt(d.subtract(29, 'day')), to: fmt(d) };
    case 'last2Weeks':
      return { from: fmt(monday.subtract(14, 'day')), to: fmt(monday.subtract(1, 'day')) };
    case 'lastWeek':
      return { from: fmt(monday.subtract(7, 'day')), to: fmt(monday.subtract(1, 'day')) };
    case 'lastMonth': {
      const first = d.startOf('month').subtract(1, 'month');
      return { from: fmt(first), to: fmt(first.endOf('month')) };
    }
    case 'lastYear': {
      const first = d.startOf('year').subtract(1, 'year');
      return { from: fmt(first), to: fmt(first.endOf('year')) };
    }
    case 'manual': {
      const from = manual?.from && dayjs(manual.from).isValid() ? manual.from : fmt(d);
      const to = manual?.to && dayjs(manual.to).isValid() ? manual.to : from;
      return to < from ? { from: to, to: from } : { from, to };
    }
  }
}

/** The instants of a day range for the lists: local midnight of `from`, local midnight after `to`. */
export function rangeToQuery(range: DayRange): { fromDate: string; toDate: string } {
  return {
    fromDate: dayjs(range.from).startOf('day').toISOString(),
    toDate: dayjs(range.to).add(1, 'day').startOf('day').toISOString(),
  };
}

/** Number of days of a range, both ends included. */
export function rangeDays(range: DayRange): number {
  return dayjs(range.to).diff(dayjs(range.from), 'day') + 1;
}
