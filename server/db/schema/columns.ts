/** Column helpers every table file uses. */
import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The key columns of a tenant row with a generated id: primary key (tenant_id, id), decision 0002. */
export const tenantRowKey = {
  tenantId: uuid('tenant_id').notNull(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
};

/**
 * Where a billable entry (information entry, time track) stands: processed, archived at export,
 * covered by a signed work confirmation, billed by an issued invoice (set, the entry cannot
 * change; decision 0031).
 */
export const billingState = {
  processedAt: timestamp('processed_at', { withTimezone: true }),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  confirmationId: uuid('confirmation_id'),
  invoiceId: uuid('invoice_id'),
};

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
