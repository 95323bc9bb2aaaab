/** Calendar days in IANA zones: local midnights, the days the clocks change, ISO weeks. */
import { describe, expect, it } from 'vitest';
import {
  epochDay,
  isoDateOfEpochDay,
  isoWeekOfEpochDay,
  localEpochDay,
  mondayOf,
  offsetMinutesAt,
  startOfLocalDay,
  weekdayOfEpochDay,
  firstOfMonthOf,
  firstOfNextMonthOf,
} from '../../server/platform/time-zone';
import { totalsPeriods } from '../../server/modules/time-tracks/time-track.rules';

const BERLIN = 'Europe/Berlin';
const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);

describe('offsets and local days', () => {
  it('knows Berlin is UTC+1 in winter and UTC+2 in summer', () => {
    expect(offsetMinutesAt(at('2026-01-15T12:00:00Z'), BERLIN)).toBe(60);
    expect(offsetMinutesAt(at('2026-07-15T12:00:00Z'), BERLIN)).toBe(120);
  });

  it('puts an instant on its local calendar day, not the UTC one', () => {
    // 23:30 UTC on the 19th is 00:30 on the 20th in Berlin
    expect(isoDateOfEpochDay(localEpochDay(at('2026-11-19T23:30:00Z'), BERLIN))).toBe('2026-11-20');
    expect(isoDateOfEpochDay(localEpochDay(at('2026-11-19T22:59:59Z'), BERLIN))).toBe('2026-11-19');
    expect(isoDateOfEpochDay(localEpochDay(at('2026-11-19T23:30:00Z'), 'America/New_York'))).toBe('2026-11-19');
  });

  it('starts an ordinary day at local midnight', () => {
    expect(iso(startOfLocalDay(epochDay(2026, 11, 20), BERLIN))).toBe('2026-11-19T23:00:00.000Z');
    expect(iso(startOfLocalDay(epochDay(2026, 7, 1), BERLIN))).toBe('2026-06-30T22:00:00.000Z');
    expect(iso(startOfLocalDay(epochDay(2026, 11, 20), 'UTC'))).toBe('2026-11-20T00:00:00.000Z');
    expect(iso(startOfLocalDay(epochDay(2026, 11, 20), 'America/New_York'))).toBe('2026-11-20T05:00:00.000Z');
  });

  it('makes 2026-03-29 in Berlin a day of 23 hours (clocks go forward at 02:00)', () => {
    const day = epochDay(2026, 3, 29);
    const start = startOfLocalDay(day, BERLIN);
    const end = startOfLocalDay(day + 1, BERLIN);
    expect(iso(start)).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(end)).toBe('2026-03-29T22:00:00.000Z');
    expect((end - start) / 3_600_000).toBe(23);
  });

  it('makes 2026-10-25 in Berlin a day of 25 hours (clocks go back at 03:00)', () => {
    const day = epochDay(2026, 10, 25);
    const start = startOfLocalDay(day, BERLIN);
    const end = startOfLocalDay(day + 1, BERLIN);
    expect(iso(start)).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(end)).toBe('2026-10-25T23:00:00.000Z');
    expect((end - start) / 3_600_000).toBe(25);
    // both 02:30s of that night belong to the 25th
    expect(isoDateOfEpochDay(localEpochDay(at('2026-10-25T00:30:00Z'), BERLIN))).toBe('2026-10-25');
    expect(isoDateOfEpochDay(localEpochDay(at('2026-10-25T01:30:00Z'), BERLIN))).toBe('2026-10-25');
  });

  it('starts a day whose midnight does not exist at the first instant after the jump', () => {
    // Chile (America/Santiago) moved its clocks from 00:00 to 01:00 on 2026-09-06.
    const day = epochDay(2026, 9, 6);
    const start = startOfLocalDay(day, 'America/Santiago');
    expect(localEpochDay(start, 'America/Santiago')).toBe(day);
    expect(localEpochDay(start - 1, 'America/Santiago')).toBe(day - 1);
  });
});

describe('calendar arithmetic', () => {
  it('knows weekdays, Mondays and months', () => {
    const friday = epochDay(2026, 11, 20);
    expect(weekdayOfEpochDay(friday)).toBe(5);
    expect(weekdayOfEpochDay(epochDay(2026, 11, 22))).toBe(0);
    expect(isoDateOfEpochDay(mondayOf(friday))).toBe('2026-11-16');
    expect(isoDateOfEpochDay(mondayOf(epochDay(2026, 11, 22)))).toBe('2026-11-16');
    expect(isoDateOfEpochDay(mondayOf(epochDay(2026, 11, 16)))).toBe('2026-11-16');
    expect(isoDateOfEpochDay(firstOfMonthOf(friday))).toBe('2026-11-01');
    expect(isoDateOfEpochDay(firstOfNextMonthOf(epochDay(2026, 12, 31)))).toBe('2027-01-01');
  });

  it('numbers ISO weeks with their week-based year', () => {
    expect(isoWeekOfEpochDay(epochDay(2026, 11, 20))).toEqual({ week: 47, year: 2026 });
    expect(isoWeekOfEpochDay(epochDay(2026, 1, 1))).toEqual({ week: 1, year: 2026 });
    // 2027-01-01 is a Friday: it belongs to week 53 of 2026
    expect(isoWeekOfEpochDay(epochDay(2027, 1, 1))).toEqual({ week: 53, year: 2026 });
    // 2024-12-30 is a Monday in week 1 of 2025
    expect(isoWeekOfEpochDay(epochDay(2024, 12, 30))).toEqual({ week: 1, year: 2025 });
  });
});

describe('GetMyTotals periods in the caller offset', () => {
  it('starts today, the week (Monday) and the month at the caller’s local midnight', () => {
    // Friday 2026-11-20 08:00 UTC, caller in Berlin winter time (UTC+1)
    const p = totalsPeriods(at('2026-11-20T08:00:00Z'), 60);
    expect(iso(p.todayStartMs)).toBe('2026-11-19T23:00:00.000Z');
    expect(iso(p.weekStartMs)).toBe('2026-11-15T23:00:00.000Z');
    expect(iso(p.monthStartMs)).toBe('2026-10-31T23:00:00.000Z');
  });

  it('uses the caller’s date when it differs from the UTC date', () => {
    // 23:30 UTC on Sunday the 22nd is already Monday the 23rd in UTC+2
    const p = totalsPeriods(at('2026-11-22T23:30:00Z'), 120);
    expect(iso(p.todayStartMs)).toBe('2026-11-22T22:00:00.000Z');
    expect(iso(p.weekStartMs)).toBe('2026-11-22T22:00:00.000Z');
    // and 01:00 UTC on Sunday the 1st is still Saturday 31 October in New York (UTC-5)
    const ny = totalsPeriods(at('2026-11-01T01:00:00Z'), -300);
    expect(iso(ny.todayStartMs)).toBe('2026-10-31T05:00:00.000Z');
    expect(iso(ny.monthStartMs)).toBe('2026-10-01T05:00:00.000Z');
  });
});
