/** The firm's own wording of app texts (the localisation manager). */
import { foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const textOverrides = pgTable(
  'text_overrides',
  {
    tenantId: uuid('tenant_id').notNull(),
    locale: text('locale').notNull(),
    messageId: text('message_id').notNull(),
    text: text('text').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locale, t.messageId] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'text_overrides_tenant_fk' }).onDelete('cascade'),
  ],
);
