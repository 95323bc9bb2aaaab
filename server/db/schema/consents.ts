/** The firm's consents. */
import {
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
