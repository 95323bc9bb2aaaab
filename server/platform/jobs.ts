/**
 * Background jobs in PostgreSQL through pg-boss (decision 0040). A job is a row of the queue's
 * schema (`platform/job-queue.ts`): it survives a restart, and one process takes it at a time
 * (`FOR UPDATE SKIP LOCKED`), so it runs once across processes. Every process sends jobs; the
 * server works them too unless `JOBS_IN_PROCESS=false`, and `npm run worker` is a process that only
 * works them.
 *
 * - Mail: a request stores the mail as a job, in the request's own transaction where it has one,
 *   and answers; the worker delivers it, retrying with growing pauses when the SMTP server refuses.
 * - Cleanup: hourly (pg-boss's schedule, once across processes), every firm's expired rows in that
 *   firm's tenant transaction, so row-level security holds in the worker as in a request.
 *
 * Failed attempts and jobs given up are counted on `/metrics` and logged with the job's id.
 */
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/database';
import { removeExpired, removeExpiredChallenges, tenantIdsAfter } from '../db/cleanup';
import type { Clock } from './clock';
import type { JobsConfig } from './config';
import { JOB_SCHEMA, QUEUES, queueDb, type QueueName } from './job-queue';
import type { Mail, Mailer } from './mail';
import type { Metrics } from './metrics';

/** A mail as a job stores it: attachments as base64, so that the data is JSON. */
interface MailJob {
  mail: Omit<Mail, 'attachments'> & { attachments?: { filename: string; contentType: string; base64: string }[] };
}

/** The log a worker writes to (the server's pino logger, or the worker process's). */
export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobsDeps {
  database: Database;
  mailer: Mailer;
  metrics: Metrics;
  clock: Clock;
  config: JobsConfig;
  log: JobLog;
}

const TENANT_PAGE = 200;

/** pg-boss's statements inside a drizzle transaction: the job is stored, or not, with the transaction's other changes. */
function transactionDb(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

export class Jobs {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<QueueName, string>();
  private started = false;
  /** A job was sent since the last nudge: the worker of this process looks at once instead of at its next poll. */
  private sentSinceNudge = false;

  constructor(
    private readonly deps: JobsDeps,
    /** Work the queues here (else only send); `npm run worker` and the server by default. */
    private readonly work = deps.config.inProcess,
  ) {
    this.boss = new PgBoss({
      db: queueDb(deps.database.pool),
      schema: JOB_SCHEMA,
      migrate: false,
      // Maintenance (expiring jobs whose process died, archiving, deleting) and the schedule run
      // where jobs are worked; pg-boss's advisory locks make one process do each at a time.
      supervise: work,
      schedule: work,
    });
    this.boss.on('error', (error: Error) => deps.log.error({ err: error }, 'job queue error'));
  }

  get working() {
    return this.work && this.started;
  }

  async start() {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    if (!this.work) return;
    const options = { pollingIntervalSeconds: this.deps.config.pollSeconds, batchSize: 1, includeMetadata: true as const };
    this.workerIds.set(QUEUES.mail, await this.boss.work<MailJob>(QUEUES.mail, options, ([job]) => this.run(job, () => this.deliver(job.data))));
    this.workerIds.set(QUEUES.cleanup, await this.boss.work(QUEUES.cleanup, options, ([job]) => this.run(job, () => this.cleanup())));
  }

  /**
   * Stops taking jobs; a job still running may finish within `timeoutMs`, else it is handed back
   * (failed, so it is retried by this or another process).
   */
  async stop(timeoutMs = 10_000) {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }).catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'stopping the job queue failed'),
    );
  }

  /**
   * Stores a mail to be sent. With `tx` the job belongs to that transaction: it is sent only if the
   * transaction commits, and a rolled back change mails nothing.
   */
  async sendMail(mail: Mail, tx?: Tx) {
    const { attachments, ...rest } = mail;
    const data: MailJob = {
      mail: { ...rest, attachments: attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })) },
    };
    const id = await this.boss.send(QUEUES.mail, data, {
      retryLimit: this.deps.config.mailRetryLimit,
      retryDelay: this.deps.config.mailRetryDelaySeconds,
      retryBackoff: true,
      ...(tx ? { db: transactionDb(tx) } : {}),
    });
    this.sentSinceNudge = true;
    if (!tx) this.nudge();
    return id;
  }

  /** Sends a job now (tests, operators): the hourly cleanup at once. */
  async sendCleanup() {
    const id = await this.boss.send(QUEUES.cleanup, {});
    this.sentSinceNudge = true;
    this.nudge();
    return id;
  }

  /**
   * Tells this process's worker to look for jobs now: called once a request that sent one has
   * committed (its answer is out), so a mail leaves at once rather than at the next poll.
   */
  nudge() {
    if (!this.sentSinceNudge || !this.working) return;
    this.sentSinceNudge = false;
    for (const id of this.workerIds.values()) this.boss.notifyWorker(id);
  }

  /** Runs one job, counting and logging its outcome; a failure is thrown on to pg-boss, which retries. */
  private async run(job: PgBoss.JobWithMetadata<unknown>, work: () => Promise<void>) {
    const queue = job.name as QueueName;
    try {
      await work();
      this.deps.metrics.recordJob(queue, 'completed');
    } catch (error) {
      const lastTry = job.retryCount >= job.retryLimit;
      this.deps.metrics.recordJob(queue, lastTry ? 'failed' : 'retried');
      const context = { err: error, job: { id: job.id, queue, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 } };
      if (lastTry) this.deps.log.error(context, 'job failed for good');
      else this.deps.log.warn(context, 'job failed, will retry');
      throw error;
    }
  }

  private async deliver(data: MailJob) {
    const { attachments, ...mail } = data.mail;
    await this.deps.mailer.send({
      ...mail,
      attachments: attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
    });
  }

  /** Every firm's expired rows, each firm in its own tenant transaction (row-level security holds). */
  private async cleanup() {
    const { database, clock } = this.deps;
    const totals = { firms: 0, links: 0, refreshTokens: 0, sessions: 0, idempotencyKeys: 0, challenges: 0 };
    let after: string | null = null;
    for (;;) {
      const ids = await tenantIdsAfter(database.db, after, TENANT_PAGE);
      for (const tenantId of ids) {
        const removed = await database.withTenant(tenantId, (tx) => removeExpired(tx, tenantId, new Date(), clock.now()));
        totals.firms++;
        totals.links += removed.links;
        totals.refreshTokens += removed.refreshTokens;
        totals.sessions += removed.sessions;
        totals.idempotencyKeys += removed.idempotencyKeys;
      }
      if (ids.length < TENANT_PAGE) break;
      after = ids[ids.length - 1];
    }
    totals.challenges = await removeExpiredChallenges(database.db, new Date());
    this.deps.log.info({ cleanup: totals }, 'expired rows removed');
  }
}
