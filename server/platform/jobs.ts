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
 * - Webhooks: an event stores one delivery per webhook that wants it and its first attempt as a
 *   job, in the event's transaction (`webhookEvent`); each attempt records its answer and sends the
 *   next one with a growing pause, for a day (decision 0044).
 *
 * Failed attempts and jobs given up are counted on `/metrics` and logged with the job's id.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { createRequire } from 'node:module';
import type { Database, Tx } from '../db/database';
import { removeExpired, removeExpiredChallenges, tenantIdsAfter } from '../db/cleanup';
import type { Clock } from './clock';
import type { JobsConfig } from './config';
import { JOB_SCHEMA, QUEUES, queueDb, type QueueName } from './job-queue';
import type { Mail, Mailer } from './mail';
import type { Metrics } from './metrics';
import { translate } from './i18n';
import { actionMail } from './mail';
import { SecretBox } from './secret-box';
import { WEBHOOK_HEADERS, postWebhook, signWebhook } from './webhooks';
import * as hooks from '../db/webhooks';
import type { WebhookEventType } from '../db/webhooks';

/**
 * pg-boss 10's worker records a job's outcome (`complete`, `fail`) without awaiting it: when the
 * database went away just then, the rejection was unhandled and ended the whole process (seen with
 * the embedded PostgreSQL killed right after a sign-up's mail). Its manager now reports such a
 * rejection as a queue error (logged below, "job queue error"); the job stays active, expires and
 * is worked again (at least once, decision 0040). The package is loaded from node_modules in every
 * build (scripts/build-server.mjs leaves packages external), so this is the manager it uses.
 */
type Outcome = (this: { emit(event: string, error: unknown): void }, ...args: unknown[]) => Promise<unknown>;
const manager = (createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<'complete' | 'fail', Outcome> & { outcomesReported?: boolean } }).prototype;
if (!manager.outcomesReported) {
  manager.outcomesReported = true;
  for (const method of ['complete', 'fail'] as const) {
    const original = manager[method];
    manager[method] = function (this: { emit(event: string, error: unknown): void }, ...args: unknown[]) {
      const outcome = original.apply(this, args);
      outcome.catch((error: unknown) => this.emit('error', error));
      return outcome;
    };
  }
}

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

/** A webhook attempt as a job stores it: which firm's delivery. */
interface WebhookJob {
  tenantId: string;
  deliveryId: string;
}

const TENANT_PAGE = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest pause between two attempts of a delivery. */
const MAX_RETRY_PAUSE_SECONDS = 3600;

/** The context a webhook's secret is sealed for: a sealed secret copied to another webhook does not open. */
export const webhookSecretContext = (tenantId: string, webhookId: string) => `webhook:${tenantId}:${webhookId}`;

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
  private readonly secretBox: SecretBox;
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
    this.secretBox = new SecretBox(deps.config.dataKeys);
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
    this.workerIds.set(QUEUES.webhook, await this.boss.work<WebhookJob>(QUEUES.webhook, options, ([job]) => this.run(job, () => this.attemptWebhook(job.data))));
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

  /**
   * Something happened that webhooks may want: one delivery per webhook of the firm that wants the
   * event (and is not paused), each with its first attempt as a job, all in `tx`, the event's own
   * transaction. So an event rolled back is delivered to nobody, and one committed exactly once
   * per webhook (an attempt may repeat only when a process dies in it; the receiver sees the same
   * `Fieldbook-Webhook-Id`).
   */
  async webhookEvent(tx: Tx, tenantId: string, event: WebhookEventType, data: Record<string, unknown>) {
    const targets = await hooks.webhooksFor(tx, event);
    if (targets.length === 0) return;
    const now = this.deps.clock.now();
    const eventId = crypto.randomUUID();
    const body = JSON.stringify({ id: eventId, type: event, createdAt: now.toISOString(), data });
    for (const target of targets) {
      const delivery = await hooks.insertDelivery(tx, { tenantId, webhookId: target.id, eventId, event, body, createdAt: now, nextAttemptAt: now });
      await this.sendWebhookAttempt(tx, { tenantId, deliveryId: delivery.id });
    }
  }

  /** Stores the next attempt of a delivery, in `tx`, due after `afterSeconds`. */
  async sendWebhookAttempt(tx: Tx, job: WebhookJob, afterSeconds = 0) {
    await this.boss.send(QUEUES.webhook, job, { db: transactionDb(tx), ...(afterSeconds > 0 ? { startAfter: new Date(Date.now() + afterSeconds * 1000) } : {}) });
    this.sentSinceNudge = true;
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

  /**
   * One attempt of a webhook delivery: posts the stored body, signed now, then records the answer.
   * A 2xx delivers it and ends the webhook's failing; anything else sends the next attempt after
   * a pause twice as long as the last (at most an hour), until the delivery is a day old. A webhook
   * whose address has failed for a day is paused and its Owner mailed. A paused or deleted
   * webhook gets no attempt.
   */
  private async attemptWebhook({ tenantId, deliveryId }: WebhookJob) {
    const { database, clock, config } = this.deps;
    const target = await database.withTenant(tenantId, (tx) => hooks.lockDelivery(tx, deliveryId));
    if (!target || target.delivery.state !== 'pending') return;
    if (target.pausedAt) {
      await database.withTenant(tenantId, (tx) => hooks.updateDelivery(tx, deliveryId, { state: 'failed', nextAttemptAt: null, lastError: 'webhook paused' }));
      return;
    }
    const secret = this.secretBox.open(target.secretSealed, webhookSecretContext(tenantId, target.delivery.webhookId));
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const outcome = secret
      ? await postWebhook(
          target.url,
          {
            [WEBHOOK_HEADERS.id]: target.delivery.eventId,
            [WEBHOOK_HEADERS.event]: target.delivery.event,
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, target.delivery.body),
          },
          target.delivery.body,
          { allowPrivate: config.webhooks.allowPrivate, timeoutMs: config.webhooks.timeoutSeconds * 1000 },
        )
      : { error: 'secret cannot be opened' };
    const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
    await database.withTenant(tenantId, async (tx) => {
      const now = clock.now();
      const current = await hooks.lockDelivery(tx, deliveryId);
      if (!current || current.delivery.state !== 'pending') return;
      const attempts = current.delivery.attempts + 1;
      const answer = { attempts, lastAttemptAt: now, lastStatus: outcome.status ?? null, lastError: outcome.error?.slice(0, 500) ?? null };
      if (delivered) {
        await hooks.updateDelivery(tx, deliveryId, { ...answer, state: 'delivered', nextAttemptAt: null });
        if (current.failingSince) await hooks.updateWebhook(tx, current.delivery.webhookId, { failingSince: null });
        return;
      }
      const failingSince = current.failingSince ?? now;
      if (!current.failingSince) await hooks.updateWebhook(tx, current.delivery.webhookId, { failingSince });
      if (!current.pausedAt && now.getTime() - failingSince.getTime() >= DAY_MS) {
        await hooks.updateDelivery(tx, deliveryId, { ...answer, state: 'failed', nextAttemptAt: null });
        await hooks.updateWebhook(tx, current.delivery.webhookId, { pausedAt: now, pausedBecause: 'failing' });
        await this.mailPaused(tx, current.url);
        return;
      }
      if (now.getTime() - current.delivery.createdAt.getTime() >= DAY_MS) {
        await hooks.updateDelivery(tx, deliveryId, { ...answer, state: 'failed', nextAttemptAt: null });
        return;
      }
      const pause = Math.min(config.webhooks.retryDelaySeconds * 2 ** (attempts - 1), MAX_RETRY_PAUSE_SECONDS);
      await hooks.updateDelivery(tx, deliveryId, { ...answer, nextAttemptAt: new Date(now.getTime() + pause * 1000) });
      await this.sendWebhookAttempt(tx, { tenantId, deliveryId }, pause);
    });
  }

  /** Tells the firm's Owner that a webhook was paused after a day of failures. */
  private async mailPaused(tx: Tx, url: string) {
    const owner = await hooks.ownerOfFirm(tx);
    if (!owner) return;
    const lang = owner.language;
    const address = new URL(url).host;
    await this.sendMail(
      actionMail({
        to: owner.email,
        subject: translate(lang, 'webhooks.pausedMail.subject', { address }),
        greeting: translate(lang, 'webhooks.pausedMail.greeting'),
        paragraphs: [translate(lang, 'webhooks.pausedMail.body', { url })],
        action: { label: translate(lang, 'webhooks.pausedMail.action'), url: `${this.deps.config.publicUrl.replace(/\/$/, '')}/profile?tab=5` },
        footer: translate(lang, 'webhooks.pausedMail.footer'),
      }),
      tx,
    );
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
