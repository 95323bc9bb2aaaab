/** Webhooks of a firm and their deliveries (decision 0044, `modules/webhooks`, `db/webhooks.ts`). */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantRowKey } from './columns';
import { tenants } from './tenants';
import { users } from './accounts';

/** An https address for some events, its sealed signing secret, and whether it is paused and why. */
export const webhooks = pgTable(
  'webhooks',
  {
    ...tenantRowKey,
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The signing secret sealed with the data keys (`platform/secret-box.ts`), bound to firm and webhook. */
    secretSealed: text('secret_sealed').notNull(),
    secretHint: text('secret_hint').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedBecause: text('paused_because').$type<'member' | 'failing'>(),
    /** The first failed attempt since the last success; a day later the webhook is paused. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('webhooks_paused_because_check', sql`${t.pausedBecause} IN ('member', 'failing')`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'webhooks_tenant_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id], name: 'webhooks_creator_fk' }).onDelete('cascade'),
  ],
);

/** One event for one webhook: the body as sent, its state and the last attempt's answer. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...tenantRowKey,
    webhookId: uuid('webhook_id').notNull(),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('webhook_deliveries_state_check', sql`${t.state} IN ('pending', 'delivered', 'failed')`),
    foreignKey({ columns: [t.tenantId, t.webhookId], foreignColumns: [webhooks.tenantId, webhooks.id], name: 'webhook_deliveries_webhook_fk' }).onDelete('cascade'),
    index('webhook_deliveries_webhook_idx').on(t.tenantId, t.webhookId, t.createdAt),
  ],
);
