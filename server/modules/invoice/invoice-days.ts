/**
 * Days as the invoice prints them, on the firm's clock. Its own file so that the PDF and the
 * export files both use it without importing each other (decision 0030: no import loop).
 */
import type { Lang } from '../../platform/i18n';
import { zonedParts } from '../../platform/time-zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the invoice language writes it: `01.11.2026` or `01/11/2026`. */
export function formatDay(instant: Date, language: Lang, timeZone: string): string {
  const p = zonedParts(instant.getTime(), timeZone);
  return language === 'de' ? `${pad(p.day)}.${pad(p.month)}.${p.year}` : `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}
