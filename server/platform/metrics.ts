/** Request counters and durations per route and status, exposed as Prometheus text on /metrics. */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from './config';
import type { TransactionCounts } from '../db/database';
import { errorEnvelope } from './errors';
import { translate } from './i18n';
import { isLoopbackClient } from './security-headers';

export class Metrics {
  private readonly counts = new Map<string, { count: number; seconds: number }>();
  private readonly started = Date.now();
  /** Job outcomes by queue: `completed`, `retried` (an attempt failed, another follows), `failed` (given up). */
  private readonly jobs = new Map<string, number>();

  /**
   * `transactions`: the database's counts of tenant transactions, shown beside the requests;
   * `pool`: its connection pool, whose use is shown as gauges.
   */
  constructor(
    private readonly transactions?: TransactionCounts,
    private readonly pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount' | 'options'>,
  ) {}

  record(route: string, status: number, elapsedMs: number) {
    const key = `${route}\u0000${status}`;
    const entry = this.counts.get(key) ?? { count: 0, seconds: 0 };
    entry.count += 1;
    entry.seconds += elapsedMs / 1000;
    this.counts.set(key, entry);
  }

  recordJob(queue: string, outcome: 'completed' | 'retried' | 'failed') {
    const key = `${queue}\u0000${outcome}`;
    this.jobs.set(key, (this.jobs.get(key) ?? 0) + 1);
  }

  render(): string {
    const lines = [
      '# HELP http_requests_total Requests by route and status.',
      '# TYPE http_requests_total counter',
    ];
    const durations = [
      '# HELP http_request_duration_seconds_sum Time spent answering, by route and status.',
      '# TYPE http_request_duration_seconds_sum counter',
    ];
    for (const [key, { count, seconds }] of this.counts) {
      const [route, status] = key.split('\u0000');
      const labels = `route="${route.replace(/"/g, '')}",status="${status}"`;
      lines.push(`http_requests_total{${labels}} ${count}`);
      durations.push(`http_request_duration_seconds_sum{${labels}} ${seconds.toFixed(6)}`);
    }
    const memory = process.memoryUsage();
    const transactions = this.transactions
      ? [
          '# HELP db_tenant_transactions_total Tenant transactions by what began them: a service, or the session check of a call without a body.',
          '# TYPE db_tenant_transactions_total counter',
          `db_tenant_transactions_total{begun_by="service"} ${this.transactions.begun}`,
          `db_tenant_transactions_total{begun_by="session_check"} ${this.transactions.opened}`,
          '# HELP db_session_check_transactions_taken_total Transactions of a session check that the handler went on with.',
          '# TYPE db_session_check_transactions_taken_total counter',
          `db_session_check_transactions_taken_total ${this.transactions.taken}`,
        ]
      : [];
    const pool = this.pool
      ? [
          '# HELP db_pool_max Connections this process keeps to PostgreSQL at most (DATABASE_POOL_SIZE).',
          '# TYPE db_pool_max gauge',
          `db_pool_max ${this.pool.options.max ?? 10}`,
          '# HELP db_pool_connections Connections of the pool: open (in use or idle), and idle of them.',
          '# TYPE db_pool_connections gauge',
          `db_pool_connections{state="open"} ${this.pool.totalCount}`,
          `db_pool_connections{state="idle"} ${this.pool.idleCount}`,
          '# HELP db_pool_waiting_calls Calls waiting for a connection now (a lasting queue: raise DATABASE_POOL_SIZE or add processes).',
          '# TYPE db_pool_waiting_calls gauge',
          `db_pool_waiting_calls ${this.pool.waitingCount}`,
        ]
      : [];
    const jobs = [
      '# HELP jobs_total Background jobs this process worked, by queue and outcome (retried: an attempt failed and another follows; failed: given up).',
      '# TYPE jobs_total counter',
      ...[...this.jobs].map(([key, count]) => {
        const [queue, outcome] = key.split('\u0000');
        return `jobs_total{queue="${queue}",outcome="${outcome}"} ${count}`;
      }),
    ];
    return [
      ...lines,
      ...durations,
      ...transactions,
      ...pool,
      ...jobs,
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${((Date.now() - this.started) / 1000).toFixed(0)}`,
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${memory.rss}`,
      '',
    ].join('\n');
  }
}

/**
 * `/metrics` answers loopback clients, and others only with `Authorization: Bearer
 * <METRICS_TOKEN>`; everyone else gets the plain 404 of an unknown path.
 */
export function metricsAccess(config: Pick<Config, 'metricsToken'>) {
  const expected = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isLoopbackClient(request)) return;
    const given = Buffer.from(request.headers.authorization ?? '');
    if (expected && given.length === expected.length && crypto.timingSafeEqual(given, expected)) return;
    return reply.status(404).send(errorEnvelope('NOT_FOUND', translate(request.lang, 'api.notFound')));
  };
}
