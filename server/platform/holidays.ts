/**
 * German public holidays by state, as epoch days: the days no working-time target is due.
 *
 * - Nationwide: New Year, Good Friday, Easter Monday, Labour Day, Ascension, Whit Monday, German
 *   Unity Day, Christmas Day and Boxing Day.
 * - By state (current law, 2026): Epiphany (BW, BY, ST), International Women's Day (BE, MV), Corpus
 *   Christi (BW, BY, HE, NW, RP, SL), Assumption (SL), World Children's Day (TH), Reformation Day
 *   (BB, HB, HH, MV, NI, SN, ST, SH, TH), All Saints (BW, BY, NW, RP, SL), Repentance Day (SN).
 * - Not modelled: holidays of single towns or of Catholic communities only (Augsburg's Peace
 *   Festival, Assumption in parts of Bavaria, Corpus Christi in parts of Saxony and Thuringia), and
 *   Easter and Whit Sunday (Sundays anyway).
 *
 * Easter follows the Gregorian computus (anonymous algorithm, Meeus/Jones/Butcher).
 */
import { epochDay } from './time-zone';

export const HOLIDAY_REGIONS = [
  'DE',
  'DE-BW',
  'DE-BY',
  'DE-BE',
  'DE-BB',
  'DE-HB',
  'DE-HH',
  'DE-HE',
  'DE-MV',
  'DE-NI',
  'DE-NW',
  'DE-RP',
  'DE-SL',
  'DE-SN',
  'DE-ST',
  'DE-SH',
  'DE-TH',
] as const;
export type HolidayRegion = (typeof HOLIDAY_REGIONS)[number];

/** A stored region as a known one; anything else counts as the nationwide holidays only. */
export const asHolidayRegion = (value: string | null | undefined): HolidayRegion =>
  (HOLIDAY_REGIONS as readonly string[]).includes(value ?? '') ? (value as HolidayRegion) : 'DE';

type State = Exclude<HolidayRegion, 'DE'>;

/** Easter Sunday of a year as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const only = (...states: State[]) => (region: HolidayRegion) => (states as string[]).includes(region);
const everywhere = () => true;

/** The Wednesday before 23 November. */
function repentanceDay(year: number): number {
  const nov23 = epochDay(year, 11, 23);
  const weekday = (((nov23 + 4) % 7) + 7) % 7; // 0 Sunday … 6 Saturday
  const back = (weekday - 3 + 7) % 7 || 7;
  return nov23 - back;
}

/** The public holidays of a year in a region. */
export function publicHolidays(year: number, region: HolidayRegion): Set<number> {
  const [month, day] = easterSunday(year);
  const easter = epochDay(year, month, day);
  const rules: [number, (region: HolidayRegion) => boolean][] = [
    [epochDay(year, 1, 1), everywhere],
    [epochDay(year, 1, 6), only('DE-BW', 'DE-BY', 'DE-ST')],
    [epochDay(year, 3, 8), only('DE-BE', 'DE-MV')],
    [easter - 2, everywhere],
    [easter + 1, everywhere],
    [epochDay(year, 5, 1), everywhere],
    [easter + 39, everywhere],
    [easter + 50, everywhere],
    [easter + 60, only('DE-BW', 'DE-BY', 'DE-HE', 'DE-NW', 'DE-RP', 'DE-SL')],
    [epochDay(year, 8, 15), only('DE-SL')],
    [epochDay(year, 9, 20), only('DE-TH')],
    [epochDay(year, 10, 3), everywhere],
    [epochDay(year, 10, 31), only('DE-BB', 'DE-HB', 'DE-HH', 'DE-MV', 'DE-NI', 'DE-SN', 'DE-ST', 'DE-SH', 'DE-TH')],
    [epochDay(year, 11, 1), only('DE-BW', 'DE-BY', 'DE-NW', 'DE-RP', 'DE-SL')],
    [repentanceDay(year), only('DE-SN')],
    [epochDay(year, 12, 25), everywhere],
    [epochDay(year, 12, 26), everywhere],
  ];
  return new Set(rules.filter(([, applies]) => applies(region)).map(([d]) => d));
}

const cache = new Map<string, Set<number>>();

/** Whether an epoch day is a public holiday in the region (years are computed once). */
export function isPublicHoliday(dayNumber: number, region: HolidayRegion): boolean {
  const year = new Date(dayNumber * 86_400_000).getUTCFullYear();
  const key = `${year}:${region}`;
  let days = cache.get(key);
  if (!days) {
    days = publicHolidays(year, region);
    cache.set(key, days);
  }
  return days.has(dayNumber);
}
