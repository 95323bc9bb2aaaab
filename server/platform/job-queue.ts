/**
 * The job queue's schema in PostgreSQL (pg-boss, decision 0040): made and upgraded by pg-boss's own
 * migrations when our migrator runs, as the administrating role and under the migrator's advisory
 * lock; its queues (each a partition pg-boss creates, so DDL) are made there too. The app role then
 * gets data access to the schema's tables and nothing else: no DDL, not pg-boss's functions that
 * create or drop queues.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';

export const JOB_SCHEMA = 'pgboss';

/** Our queues. Retries and backoff of mails are set per job from the configuration (`jobs.ts`). */
export const QUEUES = {
  /** One mail, delivered over SMTP (or to the development outbox). */
  mail: 'mail',
  /** Expired one-time links, sessions, refresh tokens, idempotency keys and passkey challenges. */
  cleanup: 'cleanup',
  /** One attempt of one webhook delivery (decision 0044); its retries are new jobs it sends itself. */
  webhook: 'webhook',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** pg-boss's internal queue that turns a schedule's due time into a job; made here since the app role cannot. */
const SCHEDULE_QUEUE = '__pgboss__send-it';
/** The cleanup runs at minute 17 of every hour, once across all processes (pg-boss's schedule). */
export const CLEANUP_CRON = '17 * * * *';

/** pg-boss's view of one connection or pool: its statements, with parameters, on that connection. */
export function queueDb(client: Pick<pg.Pool, 'query'>): PgBoss.Db {
  return { executeSql: (text, values) => client.query(text, values) };
}

/** Creates or upgrades pg-boss's schema and our queues and schedule; runs in the migrator, as the administrating role. */
export async function installJobQueue(pool: pg.Pool) {
  const boss = new PgBoss({ db: queueDb(pool), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    await boss.createQueue(SCHEDULE_QUEUE);
    // Kept jobs (their data holds mail addresses) are deleted by pg-boss's maintenance after a week.
    await boss.createQueue(QUEUES.mail, { name: QUEUES.mail, retentionMinutes: 7 * 24 * 60 });
    await boss.createQueue(QUEUES.cleanup, { name: QUEUES.cleanup, retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 });
    await boss.schedule(QUEUES.cleanup, CLEANUP_CRON);
    // A webhook attempt records its own outcome and sends the next attempt; pg-boss retries only
    // an attempt whose process died or whose database work failed.
    await boss.createQueue(QUEUES.webhook, { name: QUEUES.webhook, retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60, retentionMinutes: 7 * 24 * 60 });
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** Data access to the queue's tables for the app role; the schema's functions stay closed to it. */
export async function grantJobQueue(client: pg.PoolClient, role: string) {
  await client.query(`grant usage on schema ${JOB_SCHEMA} to ${role}`);
  await client.query(`grant select, insert, update, delete on all tables in schema ${JOB_SCHEMA} to ${role}`);
  await client.query(`revoke all on all functions in schema ${JOB_SCHEMA} from public, ${role}`);
}
