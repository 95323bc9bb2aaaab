import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/availability';

const failure = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message ?? 'failed')), fields);

describe('isDatabaseUnavailable', () => {
  it('knows a refused, lost or shut-down database, also as the cause of another error', () => {
    expect(isDatabaseUnavailable(failure({ code: 'ECONNREFUSED', syscall: 'connect' }))).toBe(true);
    expect(isDatabaseUnavailable(failure({ code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(failure({ message: 'Connection terminated unexpectedly' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: failure({ code: '57P03' }) }))).toBe(true);
  });

  it('knows the Unix socket of a stopped server, and no other missing file', () => {
    expect(isDatabaseUnavailable(failure({ code: 'ENOENT', syscall: 'connect', address: '/data/postgres/.s.PGSQL.5432' }))).toBe(true);
    expect(isDatabaseUnavailable(failure({ code: 'ENOENT', syscall: 'open', path: '/data/files/photo.jpg' }))).toBe(false);
  });

  it('leaves every other failure alone', () => {
    expect(isDatabaseUnavailable(failure({ code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
