/**
 * Attempt caps in PostgreSQL (`auth_attempts`), so they hold across several server processes.
 * Each key counts attempts in a fixed window; an attempt is counted atomically before the work
 * it guards, so parallel requests cannot slip past the cap. Past the cap the call answers 429 with
 * Retry-After until the window ends. An attempt that turns out fine is given back (`refund`).
 */
import type pg from 'pg';
import { AppError } from './errors';

export interface Limits {
  windowSeconds: number;
  /** Attempts allowed per window. */
  max: number;
}

export interface LimitKey {
  key: string;
  limits: Limits;
}

export const signInLimits: Record<'pair' | 'address' | 'account' | 'knownDevice', Limits> = {
  // One address guessing one account.
  pair: { windowSeconds: 900, max: 10 },
  // One address guessing many accounts (an office shares one address, hence generous).
  address: { windowSeconds: 900, max: 50 },
  // Every address together against one account. The owner still gets in with a passkey or from a
  // device that has held a session of the account (its own key below).
  account: { windowSeconds: 3600, max: 20 },
  knownDevice: { windowSeconds: 900, max: 10 },
};

export class RateLimiter {
  constructor(private readonly pool: pg.Pool) {}

  /** Counts one attempt on every key; throws 429 when any key is past its cap. */
  async take(entries: LimitKey[]) {
    let retryAfterSeconds = 0;
    for (const { key, limits } of entries) {
      const { rows } = await this.pool.query<{ failures: number; left: number }>(
        `insert into auth_attempts (key, failures, window_started_at) values ($1, 1, now())
         on conflict (key) do update set
           failures = case when auth_attempts.window_started_at <= now() - make_interval(secs => $2)
                           then 1 else auth_attempts.failures + 1 end,
           window_started_at = case when auth_attempts.window_started_at <= now() - make_interval(secs => $2)
                           then now() else auth_attempts.window_started_at end
         returning failures,
                   greatest(1, ceil(extract(epoch from (window_started_at + make_interval(secs => $2) - now()))))::int as left`,
        [key, limits.windowSeconds],
      );
      if (rows[0].failures > limits.max) retryAfterSeconds = Math.max(retryAfterSeconds, rows[0].left);
    }
    if (retryAfterSeconds) {
      throw new AppError('RATE_LIMITED', 'RATE_LIMITED', { meta: { retryAfterSeconds } });
    }
  }

  /** Gives one attempt back (it succeeded); never below zero. */
  async refund(keys: string[]) {
    await this.pool.query('update auth_attempts set failures = greatest(0, failures - 1) where key = any($1)', [keys]);
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
