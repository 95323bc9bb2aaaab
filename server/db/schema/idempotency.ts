/** Idempotency keys of creates and uploads (decision 0033, `platform/idempotency.ts`). */
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The first answer to a change sent with an `Idempotency-Key`, per firm, member and key. Written in
 * the change's own transaction; `statusCode` and `responseBody` are filled in before it commits.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'idempotency_keys_tenant_fk' }).onDelete('cascade'),
    index('idempotency_keys_expires_idx').on(t.tenantId, t.expiresAt),
  ],
);
