/**
 * Calendar days in an IANA time zone, without a library: `Intl` knows every zone's offsets, the
 * rest is arithmetic on "epoch days" (days since 1970-01-01 as a calendar date, independent of
 * any zone). A local day starts at local midnight, so it lasts 23 or 25 hours on the days the
 * clocks change; a zone whose clocks jump over midnight starts that day at the first instant that
 * exists.
 */

const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The firm's zone when it has none that `Intl` knows (new firms start with it too). */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** The zone if `Intl` knows it, else the default: every local day and time is computed in one. */
export function zoneOrDefault(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/** True when `Intl` knows the zone. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedParts {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a zone. */
export function zonedParts(instantMs: number, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

function offsetFromParts(instantMs: number, timeZone: string): number {
  const p = zonedParts(instantMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/**
 * Offsets by zone and quarter hour. Zones change their offset at a full quarter hour of UTC
 * (their offsets are multiples of 15 minutes), so one look-up serves the whole quarter hour;
 * `Intl` is slow enough that grouping a year of shifts would otherwise spend most of its time here.
 */
const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/** Minutes to add to UTC for the local time of the zone at this instant (60 in Berlin's winter). */
export function offsetMinutesAt(instantMs: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  const bucket = Math.floor(instantMs / QUARTER_HOUR);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    offset = offsetFromParts(bucket * QUARTER_HOUR, timeZone);
    if (zone.size > 200_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

/** Days since 1970-01-01 of a calendar date. */
export function epochDay(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** The calendar date of an epoch day. */
export function dateOfEpochDay(dayNumber: number): { year: number; month: number; day: number } {
  const d = new Date(dayNumber * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The epoch day of `2026-11-20`. */
export function epochDayOfIsoDate(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return epochDay(year, month, day);
}

/** `2026-11-20` */
export function isoDateOfEpochDay(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfEpochDay(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The local calendar day (as epoch day) of an instant in a zone. */
export function localEpochDay(instantMs: number, timeZone: string): number {
  return Math.floor((instantMs + offsetMinutesAt(instantMs, timeZone) * 60_000) / MS_PER_DAY);
}

/** The instant the local day starts in the zone: local midnight, or the first instant after a gap. */
export function startOfLocalDay(dayNumber: number, timeZone: string): number {
  const wallMidnight = dayNumber * MS_PER_DAY;
  // Two passes settle on the offset valid at local midnight (it may differ from the one at UTC midnight).
  const first = wallMidnight - offsetMinutesAt(wallMidnight, timeZone) * 60_000;
  const second = wallMidnight - offsetMinutesAt(first, timeZone) * 60_000;
  if (localEpochDay(second, timeZone) === dayNumber && localEpochDay(second - 1, timeZone) === dayNumber - 1) {
    return second;
  }
  // Midnight does not exist (the clocks jumped over it) or the passes overshot: search the
  // instant where the local date turns, within a day around the estimate.
  let low = second - MS_PER_DAY;
  let high = second + MS_PER_DAY;
  while (localEpochDay(low, timeZone) >= dayNumber) low -= MS_PER_DAY;
  while (localEpochDay(high, timeZone) < dayNumber) high += MS_PER_DAY;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (localEpochDay(mid, timeZone) >= dayNumber) high = mid;
    else low = mid;
  }
  return high;
}

/** ISO 8601 week number and its week-based year (the week with the year's first Thursday is 1). */
export function isoWeekOfEpochDay(dayNumber: number): { week: number; year: number } {
  const weekday = (weekdayOfEpochDay(dayNumber) + 6) % 7; // Monday 0 … Sunday 6
  const thursday = dayNumber - weekday + 3;
  const { year } = dateOfEpochDay(thursday);
  const firstOfYear = epochDay(year, 1, 1);
  return { week: Math.floor((thursday - firstOfYear) / 7) + 1, year };
}

/** The Monday of the ISO week of a day. */
export function mondayOf(dayNumber: number): number {
  return dayNumber - ((weekdayOfEpochDay(dayNumber) + 6) % 7);
}

/** The first day of the month of a day. */
export function firstOfMonthOf(dayNumber: number): number {
  const { year, month } = dateOfEpochDay(dayNumber);
  return epochDay(year, month, 1);
}

/** The first day of the month after the day's month. */
export function firstOfNextMonthOf(dayNumber: number): number {
  const { year, month } = dateOfEpochDay(dayNumber);
  return month === 12 ? epochDay(year + 1, 1, 1) : epochDay(year, month + 1, 1);
}
