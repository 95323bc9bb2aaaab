/** The firm's consents. */
import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantRowKey } from './columns';
import { tenants } from './tenants';

/** Consent of the tenant per purpose (terms, privacy, ai, gps), with its history in the dates. */
export const consents = pgTable(
  'consents',
  {
    tenantId: uuid('tenant_id').notNull(),
    purpose: text('purpose').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    grantedBy: uuid('granted_by'),
    version: text('version'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.purpose] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'consents_tenant_fk' }).onDelete('cascade'),
  ],
);

/**
 * Every grant and revocation of a consent, never changed afterwards: who, when, which text
 * version. `consents` keeps the present state per purpose; this keeps how it came to be.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    ...tenantRowKey,
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    version: text('version'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'consent_events_tenant_fk' }).onDelete('cascade'),
    index('consent_events_at_idx').on(t.tenantId, t.at, t.id),
  ],
);
