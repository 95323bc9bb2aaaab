/**
 * Periods counted in the firm's time zone: "last month" and "current month" begin at the firm's
 * midnight, whatever zone the browser is in, across daylight-saving changes too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { periodRange, rangeToQuery } from '../../src/lib/periods';
import { zonedDay, zonedMidnight } from '../../src/lib/time-zone';
import { setFirmTimeZone } from '../../src/lib/firm-time-zone';
import { periodQuery } from '../../src/features/activity/search';
import { groupedQuery } from '../../src/features/time-tracking/working-time-summary';

describe('periods in the firm\'s time zone', () => {
  // 30 Nov 2026, 20:00 UTC: still November in Berlin (21:00), already 1 December in Auckland.
  const instant = new Date('2026-11-30T20:00:00Z');

  it('takes "today" from the firm\'s zone', () => {
    expect(zonedDay(instant, 'Europe/Berlin')).toBe('2026-11-30');
    expect(zonedDay(instant, 'Pacific/Auckland')).toBe('2026-12-01');
    expect(periodRange('lastMonth', instant, undefined, 'Europe/Berlin')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('lastMonth', instant, undefined, 'Pacific/Auckland')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('currentMonth', instant, undefined, 'Pacific/Auckland')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('bounds a period by the firm\'s midnights, across the change from summer to winter time', () => {
    // Berlin: UTC+2 until 25 Oct 2026, then UTC+1.
    expect(rangeToQuery({ from: '2026-10-01', to: '2026-10-31' }, 'Europe/Berlin')).toEqual({
      fromDate: '2026-09-30T22:00:00.000Z',
      toDate: '2026-10-31T23:00:00.000Z',
    });
    expect(rangeToQuery({ from: '2026-11-01', to: '2026-11-30' }, 'America/New_York')).toEqual({
      fromDate: '2026-11-01T04:00:00.000Z',
      toDate: '2026-12-01T05:00:00.000Z',
    });
    expect(zonedMidnight('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedMidnight('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('counts an unknown zone as UTC instead of failing the screen', () => {
    expect(rangeToQuery({ from: '2026-11-01', to: '2026-11-01' }, 'Mars/Olympus')).toEqual({ fromDate: '2026-11-01T00:00:00.000Z', toDate: '2026-11-02T00:00:00.000Z' });
  });

  describe('where a screen names no zone (library, dashboard, report, time tracking)', () => {
    afterEach(() => setFirmTimeZone(undefined));

    it('counts in the zone the signed-in layout read from the firm\'s profile', () => {
      setFirmTimeZone('Pacific/Auckland');
      expect(periodRange('lastMonth', instant)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
      expect(rangeToQuery({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
        fromDate: '2026-10-31T11:00:00.000Z',
        toDate: '2026-11-30T11:00:00.000Z',
      });
      // The library's and dashboard's period, and working time by day, take the same bounds.
      expect(periodQuery({ period: 'manual', from: '2026-11-01', to: '2026-11-30' })).toEqual({
        fromDate: '2026-10-31T11:00:00.000Z',
        toDate: '2026-11-30T11:00:00.000Z',
      });
      expect(groupedQuery('u', 'day', { from: '2026-11-01', to: '2026-11-30' })).toMatchObject({ fromDate: '2026-10-31T11:00:00.000Z' });
    });

    it('uses the browser\'s zone until the firm\'s profile was read', () => {
      setFirmTimeZone(undefined);
      // The browser's own midnights, whatever zone the test process runs in.
      expect(rangeToQuery({ from: '2026-11-01', to: '2026-11-01' })).toEqual({
        fromDate: new Date(2026, 10, 1).toISOString(),
        toDate: new Date(2026, 10, 2).toISOString(),
      });
    });
  });
});
