/**
 * The database schema, one file per area in `schema/`. Every tenant table carries `tenant_id` as the
 * first column of its primary key, of its unique constraints and of its foreign keys (the rule a
 * Citus cluster needs to shard by tenant), and has row-level security enabled and forced by its
 * migration (`select app_enable_tenant_rls('<table>')`). drizzle-kit reads this file.
 */
export * from './schema/tenants';
export * from './schema/accounts';
export * from './schema/consents';
export * from './schema/catalog';
export * from './schema/time';
export * from './schema/activity';
export * from './schema/audit';
export * from './schema/subscriptions';
export * from './schema/localisation';
export * from './schema/accounting';
export * from './schema/ai';
export * from './schema/idempotency';
export * from './schema/invoicing';
export * from './schema/payments';
export * from './schema/api-keys';
export * from './schema/webhooks';
