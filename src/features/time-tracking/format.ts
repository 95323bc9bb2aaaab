/**
 * Durations and times of the time-tracking screens in the UI's language: a ticking clock
 * ("1:05:09"), hours and minutes ("7:45 h"), signed overtime ("+0:30 h" / "−1:15 h"), decimal hours
 * for payroll exports, and local clock times (German 24-hour, English 12-hour).
 */
import { i18n } from '@lingui/core';
import { dateTimeFormat, formatHours, formatHoursMinutes } from '../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Elapsed time of a running timer: "0:04:07", "12:30:00". */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** "7:45 h" */
export const formatDuration = formatHours;

/** Overtime with its sign: "+0:30 h", "−1:15 h", "0:00 h". */
export function formatOvertime(totalSeconds: number): string {
  const minutes = Math.trunc(totalSeconds / 60);
  return `${minutes > 0 ? '+' : ''}${formatHoursMinutes(minutes * 60)} h`;
}

/** Hours as a number with two decimals, for exports (27000 s → 7.5). */
export function decimalHours(totalSeconds: number): number {
  return Math.round((totalSeconds / 3600) * 100) / 100;
}

const locale = () => (i18n.locale === 'en' ? 'en-US' : 'de-DE');

/** The local clock time of an instant: "07:30" (de) or "7:30 AM" (en). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const english = i18n.locale === 'en';
  return dateTimeFormat(locale(), { hour: english ? 'numeric' : '2-digit', minute: '2-digit', hour12: english }).format(new Date(iso));
}

/** "20.11.2026" / "11/20/2026" */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  return dateTimeFormat(locale(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** "Fr., 20.11., 07:30" – date and time of an entry in lists. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  return dateTimeFormat(locale(), {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: i18n.locale === 'en' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hour12: i18n.locale === 'en',
  }).format(new Date(iso));
}

/** The value of an `<input type="datetime-local">` for an instant, in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An `<input type="datetime-local">` value as an ISO instant, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The instant an edited `<input type="datetime-local">` stands for: the original instant when the
 * field still shows it (the input has minutes only, so an untouched field must not cut seconds
 * off what was recorded), else the field's value.
 */
export function inputToIso(value: string, original: string | null | undefined): string | null {
  if (original && toLocalInput(original) === value) return original;
  return fromLocalInput(value);
}
