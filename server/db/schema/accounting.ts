/** The firm's connection to its accounting service (lexoffice / Lexware Office). */
import { foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { tenants } from './tenants';

export const accountingConnections = pgTable(
  'accounting_connections',
  {
    tenantId: uuid('tenant_id').notNull(),
    system: text('system').notNull(),
    /** The API key, sealed (platform/secret-box.ts); never sent back or logged. */
    apiKeySealed: text('api_key_sealed').notNull(),
    organizationId: text('organization_id'),
    organizationName: text('organization_name'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the service refused the stored key: the app shows the connection as broken. */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'accounting_connections_tenant_fk' }).onDelete('cascade'),
  ],
);
