/**
 * Calendar days in a named time zone (the firm's), with the platform's Intl data: the day an
 * instant falls on there, and the instant its midnight begins. A zone the browser does not know
 * counts as UTC rather than failing a screen.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    } catch {
      formatter = formatterOf('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the instant in the zone. */
export function zonedDay(instant: Date, timeZone: string): string {
  const p = partsOf(instant.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes the zone is ahead of UTC at the instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant the day (`YYYY-MM-DD`) begins in the zone. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  // The offset at the guess, then at the corrected instant: right across a DST change too.
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant);
}
