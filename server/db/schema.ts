/**
 * The database schema. Every tenant table carries `tenant_id` as the first column of its primary
 * key, of its unique constraints and of its foreign keys (the rule a Citus cluster needs to shard
 * by tenant), and has row-level security enabled and forced by its migration
 * (`select app_enable_tenant_rls('<table>')`).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid, uniqueIndex, foreignKey } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A tenant is one firm. Its own row is visible only inside its tenant context. */
export const tenants = pgTable('tenants', {
  tenantId: uuid('tenant_id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  language: text('language').notNull().default('de'),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role').notNull().default('Employee'),
    language: text('language').notNull().default('de'),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    termsConfirmedAt: timestamp('terms_confirmed_at', { withTimezone: true }),
    archived: boolean('archived').notNull().default(false),
    isMaster: boolean('is_master').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    index('users_tenant_role_idx').on(t.tenantId, t.role),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'users_tenant_fk' }).onDelete('cascade'),
  ],
);
