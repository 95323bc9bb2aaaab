/** The text and date checks every request passes (server/platform/request-guards.ts). */
import { describe, expect, it } from 'vitest';
import { findBadText, isCleanText, isDate, isDateTime } from '../../server/platform/request-guards';

describe('text', () => {
  it('allows tabs, line breaks and surrogate pairs, refuses NUL, other controls and lone surrogates', () => {
    expect(isCleanText('Zeile 1\r\nZeile 2\tTab 🌞 äöü')).toBe(true);
    for (const bad of ['a\u0000b', '\u0007', '\u001b[31m', '\ud800', 'x\udc00', '\udbffa']) expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('names the first bad string by its path, keys included', () => {
    expect(findBadText({ rows: [{ name: 'ok' }, { name: 'b\u0000' }] })).toBe('rows.1.name');
    expect(findBadText({ ['a\u0000']: 1 })).toBe('a?');
    expect(findBadText('\u0000')).toBe('');
    expect(findBadText({ a: ['fine', 1, null, true] })).toBeUndefined();
    expect(findBadText({ b: 'x', a: 'y\u0000', c: 'z\u0000' })).toBe('a');
  });

  it('walks bodies nested deeper than the call stack', () => {
    const depth = 200_000;
    expect(findBadText(JSON.parse(`${'['.repeat(depth)}"ok"${']'.repeat(depth)}`))).toBeUndefined();
    expect(findBadText(JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`))).toBe(Array(depth).fill('0').join('.'));
  });
});

describe('date-time and date', () => {
  it('accepts instants JavaScript and PostgreSQL both hold', () => {
    for (const ok of ['2026-11-20T08:15:00Z', '2026-11-20t08:15:00z', '2026-11-20 08:15:00+01:00', '2024-02-29T00:00:00.123456Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(isDateTime(ok), ok).toBe(true);
    }
  });

  it('refuses leap seconds, year 0000, five-digit years, impossible days and offsets, and instants outside years 1 to 9999', () => {
    for (const bad of [
      '2026-12-31T23:59:60Z', '0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '2026-02-29T00:00:00Z', '2026-04-31T00:00:00Z',
      '2026-11-20T24:00:00Z', '2026-11-20T08:15:00+24:00', '2026-11-20T08:15:00', '0001-01-01T00:30:00+01:00', '9999-12-31T23:30:00-01:00',
    ]) {
      expect(isDateTime(bad), bad).toBe(false);
    }
  });

  it('checks dates the same way', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('0000-01-01')).toBe(false);
    expect(isDate('2026-1-1')).toBe(false);
  });
});
