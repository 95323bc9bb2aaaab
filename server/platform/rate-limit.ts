/**
 * Failed sign-ins per account and per address. After a few failures each further attempt waits a
 * little longer; after many the key is locked for a while (429 with Retry-After). Locks expire on
 * their own and a success clears the key, so nobody can lock a victim out for good. The account
 * key only slows down; the hard lock applies to one address and to account+address pairs.
 */
import type pg from 'pg';
import { AppError } from './errors';

export interface Limits {
  windowSeconds: number;
  slowAfter: number;
  lockAfter: number;
  lockSeconds: number;
}

export const signInLimits: Record<'pair' | 'address' | 'account', Limits> = {
  pair: { windowSeconds: 900, slowAfter: 3, lockAfter: 10, lockSeconds: 900 },
  address: { windowSeconds: 900, slowAfter: 20, lockAfter: 50, lockSeconds: 900 },
  account: { windowSeconds: 900, slowAfter: 5, lockAfter: Number.POSITIVE_INFINITY, lockSeconds: 0 },
};

export class RateLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Throws 429 while a key is locked; waits when it has collected failures. */
  async check(entries: { key: string; limits: Limits }[]) {
    const { rows } = await this.pool.query<{ key: string; failures: number; window_started_at: Date; locked_until: Date | null }>(
      'select key, failures, window_started_at, locked_until from auth_attempts where key = any($1)',
      [entries.map((e) => e.key)],
    );
    const now = Date.now();
    let delayMs = 0;
    for (const row of rows) {
      if (row.locked_until && row.locked_until.getTime() > now) {
        const retryAfterSeconds = Math.ceil((row.locked_until.getTime() - now) / 1000);
        throw new AppError('RATE_LIMITED', 'RATE_LIMITED', { status: 429, meta: { retryAfterSeconds } });
      }
      const limits = entries.find((e) => e.key === row.key)!.limits;
      const inWindow = now - row.window_started_at.getTime() < limits.windowSeconds * 1000;
      if (inWindow && row.failures >= limits.slowAfter) {
        delayMs = Math.max(delayMs, Math.min(250 * 2 ** (row.failures - limits.slowAfter), 4000));
      }
    }
    if (delayMs) await this.sleep(delayMs);
  }

  async fail(entries: { key: string; limits: Limits }[]) {
    for (const { key, limits } of entries) {
      await this.pool.query(
        `insert into auth_attempts (key, failures, window_started_at)
              values ($1, 1, now())
         on conflict (key) do update set
           failures = case when auth_attempts.window_started_at < now() - make_interval(secs => $2)
                           then 1 else auth_attempts.failures + 1 end,
           window_started_at = case when auth_attempts.window_started_at < now() - make_interval(secs => $2)
                           then now() else auth_attempts.window_started_at end,
           locked_until = case when (case when auth_attempts.window_started_at < now() - make_interval(secs => $2)
                           then 1 else auth_attempts.failures + 1 end) >= $3
                           then now() + make_interval(secs => $4) else auth_attempts.locked_until end`,
        [key, limits.windowSeconds, Number.isFinite(limits.lockAfter) ? limits.lockAfter : 2 ** 31 - 1, limits.lockSeconds],
      );
    }
  }

  async clear(keys: string[]) {
    await this.pool.query('delete from auth_attempts where key = any($1)', [keys]);
  }

  /**
   * At most one event per `seconds` for a key (mail sending). Answers whether this one may go and
   * how many seconds until the next may.
   */
  async cooldown(key: string, seconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const { rows } = await this.pool.query<{ allowed: boolean; left: number }>(
      `insert into auth_attempts (key, failures, window_started_at) values ($1, 1, now())
       on conflict (key) do update set window_started_at = case
           when auth_attempts.window_started_at <= now() - make_interval(secs => $2) then now()
           else auth_attempts.window_started_at end
       returning window_started_at = now() as allowed,
                 greatest(0, ceil(extract(epoch from (window_started_at + make_interval(secs => $2) - now()))))::int as left`,
      [key, seconds],
    );
    return { allowed: rows[0].allowed, retryAfterSeconds: rows[0].left };
  }
}
