/** German public holidays: the Easter computus and the holidays of every state. */
import { describe, expect, it } from 'vitest';
import { easterSunday, publicHolidays, HOLIDAY_REGIONS } from '../../server/platform/holidays';
import { epochDay, isoDateOfEpochDay } from '../../server/platform/time-zone';

const dates = (year: number, region: (typeof HOLIDAY_REGIONS)[number]) => [...publicHolidays(year, region)].sort((a, b) => a - b).map(isoDateOfEpochDay);

describe('public holidays', () => {
  it('finds Easter Sunday', () => {
    expect(easterSunday(2024)).toEqual([3, 31]);
    expect(easterSunday(2025)).toEqual([4, 20]);
    expect(easterSunday(2026)).toEqual([4, 5]);
    expect(easterSunday(2027)).toEqual([3, 28]);
    expect(easterSunday(2038)).toEqual([4, 25]);
  });

  it('has the nine nationwide holidays of 2026', () => {
    expect(dates(2026, 'DE')).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-14', '2026-05-25', '2026-10-03', '2026-12-25', '2026-12-26']);
  });

  it('adds each state\'s own', () => {
    const extra = (region: (typeof HOLIDAY_REGIONS)[number]) => dates(2026, region).filter((d) => !dates(2026, 'DE').includes(d));
    expect(extra('DE-BY')).toEqual(['2026-01-06', '2026-06-04', '2026-11-01']);
    expect(extra('DE-BW')).toEqual(['2026-01-06', '2026-06-04', '2026-11-01']);
    expect(extra('DE-BE')).toEqual(['2026-03-08']);
    expect(extra('DE-MV')).toEqual(['2026-03-08', '2026-10-31']);
    expect(extra('DE-SL')).toEqual(['2026-06-04', '2026-08-15', '2026-11-01']);
    expect(extra('DE-SN')).toEqual(['2026-10-31', '2026-11-18']);
    expect(extra('DE-TH')).toEqual(['2026-09-20', '2026-10-31']);
    expect(extra('DE-ST')).toEqual(['2026-01-06', '2026-10-31']);
    expect(extra('DE-HE')).toEqual(['2026-06-04']);
    for (const region of ['DE-BB', 'DE-HB', 'DE-HH', 'DE-NI', 'DE-SH'] as const) expect(extra(region), region).toEqual(['2026-10-31']);
    for (const region of ['DE-NW', 'DE-RP'] as const) expect(extra(region), region).toEqual(['2026-06-04', '2026-11-01']);
  });

  it('puts Repentance Day on the Wednesday before 23 November, also when the 23rd is a Wednesday', () => {
    expect(publicHolidays(2026, 'DE-SN').has(epochDay(2026, 11, 18))).toBe(true);
    // 23 Nov 2033 is a Wednesday: the holiday is the 16th.
    expect(publicHolidays(2033, 'DE-SN').has(epochDay(2033, 11, 16))).toBe(true);
  });
});
