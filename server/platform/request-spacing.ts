/**
 * Spacing of requests to an outside service that allows so many per second per key (lexoffice: 2),
 * kept in PostgreSQL (`request_slots`) so that every server and worker process draws from one
 * schedule (decision 0046). Each call books the key's next free slot atomically and waits for it.
 * Keys are hashed: a service's API key never lands in the database in the clear.
 */
import crypto from 'node:crypto';
import type pg from 'pg';

export class RequestSpacing {
  constructor(private readonly pool: pg.Pool) {}

  /** Waits until this process may send the next request for `key`, `spacingMs` after the last one booked. */
  async take(key: string, spacingMs: number): Promise<void> {
    const hashed = crypto.createHash('sha256').update(key).digest('base64url');
    const { rows } = await this.pool.query<{ wait_ms: number }>(
      `insert into request_slots (key, next_at) values ($1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
       on conflict (key) do update set next_at = greatest(request_slots.next_at, clock_timestamp()) + make_interval(secs => $2::float8 / 1000)
       returning greatest(0, ceil(extract(epoch from (next_at - clock_timestamp())) * 1000 - $2))::int as wait_ms`,
      [hashed, spacingMs],
    );
    const wait = rows[0].wait_ms;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
