/** Durations and days of the activity screens in the UI's language (instants: `lib/format`). */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** `2 h 30 min` / `2 Std. 30 Min.`; `45 min`. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return i18n._(msg`${m} min`);
  if (m === 0) return i18n._(msg`${h} h`);
  return i18n._(msg`${h} h ${m} min`);
}


/** A calendar day `2026-11-20` as `Fr., 20.11.` / `Fri 20/11`. */
export function formatShortDay(day: string): string {
  const [y, mo, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(i18n.locale || 'de', { weekday: 'short', day: '2-digit', month: '2-digit' }).format(new Date(y, mo - 1, d));
}
