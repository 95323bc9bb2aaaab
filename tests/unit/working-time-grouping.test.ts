/** Working time by day, week and month in the tenant's zone: periods, DST days, midnight shifts, targets, labels. */
import { describe, expect, it } from 'vitest';
import { groupByPeriod, periodLabel, periodOf, targetSecondsOf, type GroupingSpec } from '../../server/modules/user-time-tracks/grouping';
import type { LawFinding } from '../../server/modules/user-time-tracks/working-time-law';
import { epochDay, isoDateOfEpochDay } from '../../server/platform/time-zone';

const BERLIN = 'Europe/Berlin';
const LATER = Date.parse('2030-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** Monday to Friday, nationwide holidays only, a member since long ago. */
const FIRM_WEEK = { workingDays: [1, 2, 3, 4, 5], holidayRegion: 'DE' as const, memberStartDay: epochDay(2000, 1, 1) };

const track = (startIso: string, workHours: number, breakMinutes = 0) => ({
  startMs: Date.parse(startIso),
  workSeconds: workHours * 3600,
  breakSeconds: breakMinutes * 60,
  id: startIso,
});

function spec(overrides: Partial<GroupingSpec> & Pick<GroupingSpec, 'fromDay' | 'toDay'>): GroupingSpec {
  return { grouping: 'day', timeZone: BERLIN, nowMs: LATER, dailyTargetSeconds: 8 * 3600, ...FIRM_WEEK, fillEmpty: false, ...overrides };
}

describe('periods', () => {
  it('cuts days, ISO weeks and months', () => {
    const friday = epochDay(2026, 11, 20);
    expect(periodOf(friday, 'day')).toEqual({ startDay: friday, endDay: friday + 1 });
    expect(periodOf(friday, 'week')).toEqual({ startDay: epochDay(2026, 11, 16), endDay: epochDay(2026, 11, 23) });
    expect(periodOf(friday, 'month')).toEqual({ startDay: epochDay(2026, 11, 1), endDay: epochDay(2026, 12, 1) });
  });

  it('labels periods in German and English', () => {
    const friday = epochDay(2026, 11, 20);
    expect(periodLabel(friday, 'day', 'de')).toBe('Fr, 20.11.2026');
    expect(periodLabel(friday, 'day', 'en')).toBe('Fri, 11/20/2026');
    expect(periodLabel(epochDay(2026, 11, 16), 'week', 'de')).toBe('KW 47/2026');
    expect(periodLabel(epochDay(2026, 11, 16), 'week', 'en')).toBe('Week 47/2026');
    expect(periodLabel(epochDay(2026, 3, 1), 'month', 'de')).toBe('März 2026');
    expect(periodLabel(epochDay(2026, 3, 1), 'month', 'en')).toBe('March 2026');
    expect(periodLabel(epochDay(2026, 12, 28), 'week', 'de')).toBe('KW 53/2026');
  });
});

describe('grouping by day', () => {
  it('puts a shift on its local day: 00:30 in Berlin is the next day in UTC terms', () => {
    const groups = groupByPeriod([track('2026-11-19T23:30:00Z', 4)], [], spec({ fromDay: epochDay(2026, 11, 1), toDay: epochDay(2026, 11, 30) }));
    expect(groups).toHaveLength(1);
    expect(isoDateOfEpochDay(groups[0].startDay)).toBe('2026-11-20');
    expect(iso(groups[0].periodStartMs)).toBe('2026-11-19T23:00:00.000Z');
    expect(iso(groups[0].periodEndMs)).toBe('2026-11-20T23:00:00.000Z');
  });

  it('keeps a night shift on the evening it began, all of its hours', () => {
    const groups = groupByPeriod([track('2026-11-20T21:00:00Z', 8)], [], spec({ fromDay: epochDay(2026, 11, 20), toDay: epochDay(2026, 11, 21), fillEmpty: true }));
    expect(groups.map((g) => [isoDateOfEpochDay(g.startDay), g.workSeconds / 3600])).toEqual([
      ['2026-11-21', 0],
      ['2026-11-20', 8],
    ]);
  });

  it('makes the spring-forward day 23 hours long and the fall-back day 25', () => {
    const march = groupByPeriod([track('2026-03-29T07:00:00Z', 5)], [], spec({ fromDay: epochDay(2026, 3, 29), toDay: epochDay(2026, 3, 29) }));
    expect(iso(march[0].periodStartMs)).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(march[0].periodEndMs)).toBe('2026-03-29T22:00:00.000Z');
    const october = groupByPeriod([track('2026-10-24T22:30:00Z', 5)], [], spec({ fromDay: epochDay(2026, 10, 24), toDay: epochDay(2026, 10, 26), fillEmpty: true }));
    // 22:30 UTC on the 24th is 00:30 CEST on the 25th
    const sunday = october.find((g) => isoDateOfEpochDay(g.startDay) === '2026-10-25')!;
    expect(sunday.workSeconds).toBe(5 * 3600);
    expect(iso(sunday.periodStartMs)).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(sunday.periodEndMs)).toBe('2026-10-25T23:00:00.000Z');
    expect(october.map((g) => isoDateOfEpochDay(g.startDay))).toEqual(['2026-10-26', '2026-10-25', '2026-10-24']);
  });

  it('fills empty days only when asked, newest first', () => {
    const tracks = [track('2026-11-16T07:00:00Z', 8, 30), track('2026-11-18T07:00:00Z', 9, 45)];
    const range = { fromDay: epochDay(2026, 11, 16), toDay: epochDay(2026, 11, 20) };
    expect(groupByPeriod(tracks, [], spec(range)).map((g) => isoDateOfEpochDay(g.startDay))).toEqual(['2026-11-18', '2026-11-16']);
    const filled = groupByPeriod(tracks, [], spec({ ...range, fillEmpty: true }));
    expect(filled.map((g) => isoDateOfEpochDay(g.startDay))).toEqual(['2026-11-20', '2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16']);
    expect(filled.map((g) => g.overtimeSeconds / 3600)).toEqual([-8, -8, 1, -8, 0]);
    expect(filled[2].breakSeconds).toBe(45 * 60);
  });

  it('leaves out tracks and findings outside the requested days', () => {
    const findings: LawFinding[] = [
      { code: 'SUNDAY_WORK', day: epochDay(2026, 11, 15), params: {} },
      { code: 'DAILY_WORK_OVER_10H', day: epochDay(2026, 11, 16), params: { seconds: 40000 } },
    ];
    const groups = groupByPeriod(
      [track('2026-11-15T09:00:00Z', 2), track('2026-11-16T07:00:00Z', 11)],
      findings,
      spec({ fromDay: epochDay(2026, 11, 16), toDay: epochDay(2026, 11, 16) }),
    );
    expect(groups).toHaveLength(1);
    expect(groups[0].findings.map((f) => f.code)).toEqual(['DAILY_WORK_OVER_10H']);
    expect(groups[0].tracks).toHaveLength(1);
  });
});

describe('grouping by week and month', () => {
  it('sums a week Monday to Sunday and gives it the target of five days', () => {
    const tracks = [
      track('2026-11-16T07:00:00Z', 8),
      track('2026-11-17T07:00:00Z', 9),
      track('2026-11-22T08:00:00Z', 3), // Sunday
      track('2026-11-23T07:00:00Z', 8), // next Monday
    ];
    const groups = groupByPeriod(tracks, [], spec({ grouping: 'week', fromDay: epochDay(2026, 11, 16), toDay: epochDay(2026, 11, 29) }));
    expect(groups.map((g) => [isoDateOfEpochDay(g.startDay), g.workSeconds / 3600, g.targetSeconds / 3600, g.overtimeSeconds / 3600])).toEqual([
      ['2026-11-23', 8, 40, -32],
      ['2026-11-16', 20, 40, -20],
    ]);
  });

  it('counts the target only over requested days of a partial week', () => {
    // from Wednesday: Wednesday to Friday are 3 working days
    const groups = groupByPeriod([], [], spec({ grouping: 'week', fromDay: epochDay(2026, 11, 18), toDay: epochDay(2026, 11, 22), fillEmpty: true }));
    expect(groups).toHaveLength(1);
    expect(groups[0].targetSeconds).toBe(3 * 8 * 3600);
    expect(isoDateOfEpochDay(groups[0].startDay)).toBe('2026-11-16');
  });

  it('counts no target for days that have not begun', () => {
    const now = Date.parse('2026-11-18T10:00:00Z'); // Wednesday
    const target = targetSecondsOf(periodOf(epochDay(2026, 11, 18), 'week'), {
      fromDay: epochDay(2026, 11, 16),
      toDay: epochDay(2026, 11, 22),
      timeZone: BERLIN,
      nowMs: now,
      dailyTargetSeconds: 8 * 3600,
      ...FIRM_WEEK,
    });
    expect(target).toBe(3 * 8 * 3600);
  });

  it('has no target when the tenant sets none', () => {
    const groups = groupByPeriod([track('2026-11-16T07:00:00Z', 8)], [], spec({ grouping: 'month', fromDay: epochDay(2026, 11, 1), toDay: epochDay(2026, 11, 30), dailyTargetSeconds: 0 }));
    expect(groups[0].targetSeconds).toBe(0);
    expect(groups[0].overtimeSeconds).toBe(8 * 3600);
  });

  it('cuts months in local time: March 2026 starts at 23:00 UTC and ends at 22:00 UTC (DST)', () => {
    const groups = groupByPeriod(
      [track('2026-02-28T23:30:00Z', 4), track('2026-03-31T21:30:00Z', 2)],
      [],
      spec({ grouping: 'month', fromDay: epochDay(2026, 2, 1), toDay: epochDay(2026, 4, 30), fillEmpty: true }),
    );
    expect(groups.map((g) => [isoDateOfEpochDay(g.startDay), g.workSeconds / 3600])).toEqual([
      ['2026-04-01', 0],
      ['2026-03-01', 6],
      ['2026-02-01', 0],
    ]);
    expect(iso(groups[1].periodStartMs)).toBe('2026-02-28T23:00:00.000Z');
    expect(iso(groups[1].periodEndMs)).toBe('2026-03-31T22:00:00.000Z');
    // 22 working days in March 2026
    expect(groups[1].targetSeconds).toBe(22 * 8 * 3600);
  });
});

describe('targets a firm can trust', () => {
  const week = (fromDay: number, toDay: number, over: Partial<GroupingSpec> = {}) =>
    targetSecondsOf(periodOf(fromDay, 'week'), { fromDay, toDay, timeZone: BERLIN, nowMs: LATER, dailyTargetSeconds: 8 * 3600, ...FIRM_WEEK, ...over });

  it('owes nothing before the member\'s first day', () => {
    // Week of 16 Nov 2026; the member starts on Wednesday the 18th: Wed, Thu, Fri.
    expect(week(epochDay(2026, 11, 16), epochDay(2026, 11, 22), { memberStartDay: epochDay(2026, 11, 18) })).toBe(3 * 8 * 3600);
    expect(week(epochDay(2026, 11, 16), epochDay(2026, 11, 22), { memberStartDay: epochDay(2026, 11, 30) })).toBe(0);
  });

  it('counts the firm\'s own working days', () => {
    // A firm working Monday to Saturday; a firm working Tuesday to Thursday.
    expect(week(epochDay(2026, 11, 16), epochDay(2026, 11, 22), { workingDays: [1, 2, 3, 4, 5, 6] })).toBe(6 * 8 * 3600);
    expect(week(epochDay(2026, 11, 16), epochDay(2026, 11, 22), { workingDays: [2, 3, 4] })).toBe(3 * 8 * 3600);
  });

  it('gives public holidays of the firm\'s state off', () => {
    // Corpus Christi, Thursday 4 June 2026: free in Bavaria, a working day in Berlin.
    const corpusChristiWeek = [epochDay(2026, 6, 1), epochDay(2026, 6, 7)] as const;
    expect(week(...corpusChristiWeek, { holidayRegion: 'DE-BY' })).toBe(4 * 8 * 3600);
    expect(week(...corpusChristiWeek, { holidayRegion: 'DE-BE' })).toBe(5 * 8 * 3600);
    // Repentance Day, Wednesday 18 Nov 2026, only in Saxony.
    expect(week(epochDay(2026, 11, 16), epochDay(2026, 11, 22), { holidayRegion: 'DE-SN' })).toBe(4 * 8 * 3600);
    // Easter: Good Friday 3 April and Easter Monday 6 April 2026, everywhere.
    expect(week(epochDay(2026, 3, 30), epochDay(2026, 4, 5))).toBe(4 * 8 * 3600);
    expect(week(epochDay(2026, 4, 6), epochDay(2026, 4, 12))).toBe(4 * 8 * 3600);
  });
});
