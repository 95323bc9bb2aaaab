/**
 * The firm's webhooks (decision 0044): Owner and Admin register an address for some events, see
 * its latest deliveries, re-send one, pause, resume and delete. The signing secret is made here,
 * answered once and stored sealed with the server's data keys (the server signs with it).
 * Deliveries are made by the job queue (`platform/jobs.ts`).
 */
import crypto from 'node:crypto';
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../platform/handler';
import { AppError, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import { SecretBox } from '../../platform/secret-box';
import { webhookSecretContext } from '../../platform/jobs';
import { makeWebhookSecret, urlProblem } from '../../platform/webhooks';
import { insertDelivery } from '../../db/webhooks';
import * as repo from './webhooks.repository';

type Webhook = components['schemas']['Webhook'];
type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** Webhooks a firm may have. */
const MAX_WEBHOOKS = 20;
/** Deliveries a webhook shows. */
const DELIVERIES_SHOWN = 50;

const toDto = (row: repo.WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as Webhook['events'],
  secretHint: row.secretHint,
  createdAt: row.createdAt.toISOString(),
  createdByName: row.createdByName,
  pausedAt: row.pausedAt?.toISOString() ?? null,
  pausedBecause: row.pausedBecause ?? null,
});

const toDeliveryDto = (row: repo.DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  event: row.event as WebhookDelivery['event'],
  state: row.state,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  nextAttemptAt: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
});

export class WebhooksService {
  private readonly box: SecretBox;

  constructor(private readonly deps: Deps) {
    this.box = new SecretBox(deps.config.dataKeys);
  }

  async list(ctx: RequestContext): Promise<{ items: Webhook[] }> {
    return inTenant(this.deps.database, ctx, async (tx) => ({ items: (await repo.listWebhooks(tx)).map(toDto) }));
  }

  async create(ctx: RequestContext, body: BodyOf<'webhooksCreate'>): Promise<{ webhook: Webhook; secret: string }> {
    const url = await this.checkedUrl(body.url);
    return inTenant(this.deps.database, ctx, async (tx) => {
      if ((await repo.countWebhooks(tx)) >= MAX_WEBHOOKS) throw new AppError('CONFLICT', 'webhooks.tooMany', { params: { limit: MAX_WEBHOOKS } });
      const id = crypto.randomUUID();
      const secret = makeWebhookSecret();
      await repo.insertWebhook(tx, {
        tenantId: ctx.tenantId,
        id,
        url,
        events: [...new Set(body.events)],
        secretSealed: this.box.seal(secret, webhookSecretContext(ctx.tenantId, id)),
        secretHint: secret.slice(-4),
        createdBy: ctx.userId,
        createdAt: ctx.now,
      });
      return { webhook: toDto((await repo.findWebhook(tx, id))!), secret };
    });
  }

  async update(ctx: RequestContext, id: string, body: BodyOf<'webhooksUpdate'>): Promise<Webhook> {
    // Another firm's or an unknown id answers 404 before the address is looked up (its DNS answer
    // is awaited outside the transaction).
    if (body.url !== undefined && !(await inTenant(this.deps.database, ctx, (tx) => repo.findWebhook(tx, id)))) throw notFound();
    const url = body.url === undefined ? undefined : await this.checkedUrl(body.url);
    return inTenant(this.deps.database, ctx, async (tx) => {
      const current = await repo.findWebhook(tx, id);
      if (!current) throw notFound();
      const pause =
        body.paused === undefined
          ? {}
          : body.paused
            ? current.pausedAt
              ? {}
              : { pausedAt: ctx.now, pausedBecause: 'member' as const }
            : { pausedAt: null, pausedBecause: null, failingSince: null };
      await repo.updateWebhook(tx, id, {
        ...(url !== undefined ? { url } : {}),
        ...(body.events ? { events: [...new Set(body.events)] } : {}),
        ...pause,
      });
      return toDto((await repo.findWebhook(tx, id))!);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    await inTenant(this.deps.database, ctx, async (tx) => {
      if (!(await repo.findWebhook(tx, id))) throw notFound();
      await repo.deleteWebhook(tx, id);
    });
  }

  async listDeliveries(ctx: RequestContext, id: string): Promise<{ items: WebhookDelivery[] }> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      if (!(await repo.findWebhook(tx, id))) throw notFound();
      return { items: (await repo.listDeliveries(tx, id, DELIVERIES_SHOWN)).map(toDeliveryDto) };
    });
  }

  /** The same event again as a new delivery (same body and event id, signed afresh when sent). */
  async resend(ctx: RequestContext, deliveryId: string): Promise<WebhookDelivery> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const original = await repo.findDelivery(tx, deliveryId);
      if (!original) throw notFound();
      const webhook = await repo.findWebhook(tx, original.webhookId);
      if (!webhook) throw notFound();
      if (webhook.pausedAt) throw new AppError('CONFLICT', 'webhooks.paused');
      const delivery = await insertDelivery(tx, {
        tenantId: ctx.tenantId,
        webhookId: original.webhookId,
        eventId: original.eventId,
        event: original.event,
        body: original.body,
        createdAt: ctx.now,
        nextAttemptAt: ctx.now,
      });
      await this.deps.jobs.sendWebhookAttempt(tx, { tenantId: ctx.tenantId, deliveryId: delivery.id });
      return toDeliveryDto(delivery);
    });
  }

  /** The URL trimmed, or 400 naming what is wrong with it (form, https, a non-public address). */
  private async checkedUrl(raw: string): Promise<string> {
    const url = raw.trim();
    const problem = await urlProblem(url, this.deps.config.jobs.webhooks.allowPrivate);
    if (problem) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { url: [problem] } });
    return url;
  }
}
