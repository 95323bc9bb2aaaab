/** Licenses (seats) and the firm's subscription with the payment provider. */
import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantRowKey, timestamps } from './columns';
import { tenants } from './tenants';
import { users } from './accounts';

/**
 * The firm's subscription, at most one. Without a row the firm is in its trial (or, self-hosted,
 * every member is licensed). `licenseCount` is the number of seats paid for (or set by the Owner
 * when self-hosted); the payment provider's ids and state are copied from its webhooks.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    tenantId: uuid('tenant_id').notNull(),
    /** `stripe` or `self` (self-hosted: the Owner sets the count, no payment). */
    provider: text('provider').notNull(),
    /** The provider's status (active, trialing, past_due, canceled, unpaid, incomplete, …). */
    status: text('status').notNull(),
    licenseCount: integer('license_count').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    subscriptionItemId: text('subscription_item_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Creation time of the newest provider event applied: older events arriving late change nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** A checkout page reused while it is open, so refused calls do not open a new one each time. */
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'subscriptions_tenant_fk' }).onDelete('cascade'),
  ],
);

/** One row per seat; `userId` null is a free seat. */
export const licenses = pgTable(
  'licenses',
  {
    ...tenantRowKey,
    userId: uuid('user_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('licenses_user_unique').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'licenses_tenant_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'licenses_user_fk' }).onDelete('cascade'),
  ],
);

/** Provider events already applied (webhooks are delivered at least once). */
export const billingEvents = pgTable(
  'billing_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.eventId] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'billing_events_tenant_fk' }).onDelete('cascade'),
  ],
);
