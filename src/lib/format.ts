/**
 * Numbers, money, durations and dates in the UI's language (German: 1.234,50 €; English:
 * €1,234.50; durations as hours and minutes, "7:45 h", in both).
 */
import { i18n } from '@lingui/core';

/**
 * One Intl formatter per kind, locale and options, made once: creating one costs about 100× a
 * `format` call, and an export of 10,000 rows formats tens of thousands of dates.
 */
function cachedFormats<O, F>(make: (locale: string, options: O) => F) {
  const made = new Map<string, F>();
  return (locale: string, options: O): F => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) made.set(key, (format = make(locale, options)));
    return format;
  };
}

export const dateTimeFormat = cachedFormats((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
export const numberFormat = cachedFormats((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return numberFormat(i18n.locale || 'de', { style: 'currency', currency: 'EUR' }).format(value);
}

export function formatNumber(value: number | null | undefined, maximumFractionDigits = 3): string {
  if (value === null || value === undefined) return '–';
  return numberFormat(i18n.locale || 'de', { maximumFractionDigits }).format(value);
}

/** Figures in number columns and counters: digits of one width, in the app's font (not a monospace face). */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** Hours and minutes of a duration: "7:45" (negative: "−0:30"); whole minutes, cut off. */
export function formatHoursMinutes(totalSeconds: number): string {
  const negative = totalSeconds < 0;
  const minutes = Math.floor(Math.abs(totalSeconds) / 60);
  return `${negative ? '−' : ''}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A duration with its unit, the one format of durations on every screen: "7:45 h", whole minutes
 * cut off, so a break of 45 seconds is "0:00 h" beside work of "7:45 h", as in the exports and the
 * server's warnings (never "45 s" beside "h:mm h").
 */
export function formatHours(totalSeconds: number): string {
  return `${formatHoursMinutes(totalSeconds)} h`;
}

/** The name of a country code in the UI's language (`DE` → Deutschland). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([i18n.locale || 'de'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The calendar date of an instant (German 24.12.2026, English Dec 24, 2026); `–` for none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return dateTimeFormat(i18n.locale || 'de', { dateStyle: 'medium' }).format(date);
}

/** Date and time of an instant (German 24-hour, English 12-hour); `–` for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return dateTimeFormat(i18n.locale || 'de', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
