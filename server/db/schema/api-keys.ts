/** API keys of a firm (decision 0039, `modules/api-keys`). */
import { sql } from 'drizzle-orm';
import { check, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantRowKey } from './columns';
import { tenants } from './tenants';
import { users } from './accounts';

/**
 * A credential for an integration: its SHA-256 (the key is shown once), scope and areas, who made
 * it, when it was last used and whether it was revoked.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...tenantRowKey,
    name: text('name').notNull(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    areas: text('areas').array().notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's last four characters, so a member can tell keys apart. */
    keyHint: text('key_hint').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('api_keys_scope_check', sql`${t.scope} IN ('read', 'write')`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'api_keys_tenant_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id], name: 'api_keys_creator_fk' }).onDelete('cascade'),
  ],
);
