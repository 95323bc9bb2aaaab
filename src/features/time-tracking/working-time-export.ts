/**
 * The payroll table of the shown working time: one row per member and period (day, week or month)
 * with first start, last end, work, breaks, target and overtime in decimal hours and the law
 * warnings, then a total per member. Built from the groups on screen.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserTimeTrackGroup } from '../../../generated/api/types.gen';
import type { ExportTable } from '../../lib/table-export';
import { decimalHours, formatTime } from './format';

export interface MemberGroups {
  memberName: string;
  groups: UserTimeTrackGroup[];
}

/** First start and last end of a group's shifts; `end` null while one is clocked in (start null: none). */
export function groupSpan(group: Pick<UserTimeTrackGroup, 'firstStartedAtUtc' | 'lastEndedAtUtc'>): { start: string | null; end: string | null } {
  return { start: group.firstStartedAtUtc, end: group.firstStartedAtUtc === null ? null : group.lastEndedAtUtc };
}

const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The days a week or month row stands for: its period inside the chosen range and up to today,
 * the same days its target counts. `null` when none of them has begun.
 */
export function coveredDays(group: Pick<UserTimeTrackGroup, 'periodStart' | 'periodEnd'>, range: { from: string; to: string }, today: Date = new Date()) {
  const start = localDay(new Date(group.periodStart));
  const last = localDay(new Date(new Date(group.periodEnd).getTime() - 1));
  const first = start > range.from ? start : range.from;
  const end = [last, range.to, localDay(today)].sort()[0];
  return first > end ? null : { first, last: end };
}

/** "16.11. – 22.11.2026" (German) / "16 Nov – 22 Nov 2026" (English); one day alone. */
export function formatDays(days: { first: string; last: string }, locale: string): string {
  const date = (day: string) => new Date(`${day}T12:00:00`);
  const withYear = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });
  if (days.first === days.last) return withYear.format(date(days.first));
  const short = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' });
  return `${short.format(date(days.first))} – ${withYear.format(date(days.last))}`;
}

export function totalsOf(groups: UserTimeTrackGroup[]) {
  return groups.reduce(
    (sum, g) => ({
      workSeconds: sum.workSeconds + g.workSeconds,
      breakSeconds: sum.breakSeconds + g.breakSeconds,
      targetSeconds: sum.targetSeconds + g.targetSeconds,
      overtimeSeconds: sum.overtimeSeconds + g.overtimeSeconds,
      warnings: sum.warnings + g.warnings.length,
      days: sum.days + g.daysWorked,
    }),
    { workSeconds: 0, breakSeconds: 0, targetSeconds: 0, overtimeSeconds: 0, warnings: 0, days: 0 },
  );
}

export function workingTimeTable(i18n: I18n, members: MemberGroups[], options: { includeEmpty: boolean }): ExportTable {
  const columns = [
    { header: i18n._(msg`Member`), width: 26 },
    { header: i18n._(msg`Period`), width: 18 },
    { header: i18n._(msg`Start`), width: 10 },
    { header: i18n._(msg`End`), width: 10 },
    { header: i18n._(msg`Work (h)`), numeric: true, decimals: 2 },
    { header: i18n._(msg`Breaks (h)`), numeric: true, decimals: 2 },
    { header: i18n._(msg`Target (h)`), numeric: true, decimals: 2 },
    { header: i18n._(msg`Overtime (h)`), numeric: true, decimals: 2 },
    { header: i18n._(msg`Notes`), width: 60 },
  ];
  const rows: ExportTable['rows'] = [];
  for (const member of members) {
    // Oldest first, as a payroll sheet reads.
    const groups = [...member.groups].reverse().filter((g) => options.includeEmpty || g.trackCount > 0 || g.targetSeconds > 0);
    for (const g of groups) {
      const span = groupSpan(g);
      rows.push([
        member.memberName,
        g.label,
        span.start ? formatTime(span.start) : '',
        span.end ? formatTime(span.end) : '',
        decimalHours(g.workSeconds),
        decimalHours(g.breakSeconds),
        decimalHours(g.targetSeconds),
        decimalHours(g.overtimeSeconds),
        g.warnings.map((w) => w.message).join(' | '),
      ]);
    }
    const total = totalsOf(member.groups);
    rows.push([
      member.memberName,
      i18n._(msg`Total`),
      '',
      '',
      decimalHours(total.workSeconds),
      decimalHours(total.breakSeconds),
      decimalHours(total.targetSeconds),
      decimalHours(total.overtimeSeconds),
      '',
    ]);
  }
  return { columns, rows };
}
