/** The append-only audit trail. */
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantRowKey } from './columns';

/**
 * Who changed what and when, for time tracks, entries and confirmations (GoBD: no silent edits
 * of what was billed). Written by the services; never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    ...tenantRowKey,
    actorId: uuid('actor_id'),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId, t.at)],
);
