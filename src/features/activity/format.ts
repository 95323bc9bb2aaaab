/** Durations and days of the activity screens in the UI's language (instants: `lib/format`). */
import { i18n } from '@lingui/core';
import { dateTimeFormat, formatHours } from '../../lib/format';

/** A duration as hours and minutes, "2:30 h", like every other duration of the app; `–` for none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  return formatHours(seconds);
}


/** A calendar day `2026-11-20` as `Fr., 20.11.` / `Fri 20/11`. */
export function formatShortDay(day: string): string {
  const [y, mo, d] = day.split('-').map(Number);
  return dateTimeFormat(i18n.locale || 'de', { weekday: 'short', day: '2-digit', month: '2-digit' }).format(new Date(y, mo - 1, d));
}
