/** How many AI calls each firm made per day (the daily limit). No audio or text is kept. */
import { date, foreignKey, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const aiUsage = pgTable(
  'ai_usage',
  {
    tenantId: uuid('tenant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'ai_usage_tenant_fk' }).onDelete('cascade'),
  ],
);
