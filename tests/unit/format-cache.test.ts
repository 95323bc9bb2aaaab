/** The app's formatters keep one Intl object per locale and options, and answer as a fresh one would. */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate, formatDateTime, formatMoney, formatNumber, numberFormat } from '../../src/lib/format';

describe('cached formatters', () => {
  it('reuse one object per locale and options', () => {
    expect(dateTimeFormat('de', { dateStyle: 'medium' })).toBe(dateTimeFormat('de', { dateStyle: 'medium' }));
    expect(dateTimeFormat('de', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
    expect(dateTimeFormat('de', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('de', { dateStyle: 'short' }));
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(numberFormat('de', { maximumFractionDigits: 2 }));
  });

  it('answer exactly as a fresh Intl object, in both languages', () => {
    const iso = '2026-11-24T16:05:00Z';
    for (const locale of ['de', 'en']) {
      i18n.loadAndActivate({ locale, messages: {} });
      expect(formatDate(iso)).toBe(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)));
      expect(formatDateTime(iso)).toBe(new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));
      expect(formatMoney(1234.5)).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1234.5));
      expect(formatNumber(2.3456)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(2.3456));
    }
  });
});
