/**
 * The database schema. Every tenant table carries `tenant_id` as the first column of its primary
 * key, of its unique constraints and of its foreign keys (the rule a Citus cluster needs to shard
 * by tenant), and has row-level security enabled and forced by its migration
 * (`select app_enable_tenant_rls('<table>')`).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerNameSql } from '../platform/display-names';
import { DEFAULT_TIME_ZONE } from '../platform/time-zone';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A tenant is one firm. Its own row is visible only inside its tenant context. */
export const tenants = pgTable('tenants', {
  tenantId: uuid('tenant_id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  street: text('street'),
  zip: text('zip'),
  city: text('city'),
  country: text('country').default('DE'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  vatId: text('vat_id'),
  taxNumber: text('tax_number'),
  iban: text('iban'),
  bic: text('bic'),
  bankName: text('bank_name'),
  defaultHourlyRate: numeric('default_hourly_rate', { precision: 10, scale: 2, mode: 'number' }).notNull().default(60),
  smallBusiness: boolean('small_business').notNull().default(false),
  invoiceLanguage: text('invoice_language').notNull().default('de'),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  dailyTargetMinutes: integer('daily_target_minutes').notNull().default(480),
  language: text('language').notNull().default('de'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
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
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    googleSubject: text('google_subject'),
    appleSubject: text('apple_subject'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    index('users_tenant_role_idx').on(t.tenantId, t.role),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'users_tenant_fk' }).onDelete('cascade'),
  ],
);

/**
 * The one cross-tenant index: which tenant a login e-mail, a user id belongs to. Not readable by
 * the app role; only the `auth_*` security-definer functions of migration 0002 use it.
 */
export const accountDirectory = pgTable(
  'account_directory',
  {
    userId: uuid('user_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    email: text('email').notNull(),
  },
  (t) => [uniqueIndex('account_directory_email_uq').on(sql`lower(${t.email})`)],
);

/** A signed-in device of a user. Its refresh tokens form one family; reuse of a spent one ends it. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    deviceId: text('device_id').notNull(),
    deviceLabel: text('device_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sessions_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'sessions_user_fk' }).onDelete('cascade'),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    sessionId: uuid('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('refresh_tokens_session_idx').on(t.tenantId, t.sessionId),
    foreignKey({ columns: [t.tenantId, t.sessionId], foreignColumns: [sessions.tenantId, sessions.id], name: 'refresh_tokens_session_fk' }).onDelete('cascade'),
  ],
);

/** Single-use links: e-mail confirmation (24 h), password reset (1 h), invitation (7 days). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('one_time_tokens_hash_uq').on(t.tenantId, t.tokenHash),
    index('one_time_tokens_user_idx').on(t.tenantId, t.userId, t.purpose),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'one_time_tokens_user_fk' }).onDelete('cascade'),
  ],
);

export const passkeys = pgTable(
  'passkeys',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceName: text('device_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('passkeys_credential_uq').on(t.tenantId, t.credentialId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'passkeys_user_fk' }).onDelete('cascade'),
  ],
);

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

/**
 * Short-lived state before sign-in (WebAuthn challenges) and the counters of failed sign-ins.
 * Global tables: they hold no tenant data beyond an e-mail for the length of a challenge.
 */
export const authChallenges = pgTable('auth_challenges', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  kind: text('kind').notNull(),
  challenge: text('challenge').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Catalog lists sort text with the collation `app_sort` (German ICU rules where the server has ICU:
 * umlauts beside their base letter, case-insensitive order; plain byte order otherwise), created by
 * migration 0004. Sorting expressions live here so that the queries of the repositories and the
 * indexes below are the same expressions (PostgreSQL uses an expression index only for the
 * identical expression).
 *
 * The list filters search `search_text`, a stored lower-case copy of the searchable columns.
 * Row-level security keeps PostgreSQL from using a trigram index for ILIKE (LIKE is not
 * leakproof, so it may not run before the tenant policy), so the filter scans the tenant's rows;
 * the stored column makes that scan cheap and the match case-insensitive beyond ASCII.
 */
export const SORT_COLLATION = 'app_sort';

type CustomerNameColumns = { companyName: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn };
type CustomerSearchColumns = CustomerNameColumns & {
  city: AnyPgColumn;
  phone: AnyPgColumn;
  email: AnyPgColumn;
  externalId: AnyPgColumn;
};

/** The company name, else first and last name (the contract's `displayName`). */
export function customerDisplayName(t: CustomerNameColumns): SQL {
  return customerNameSql(t);
}

/** What the customer list filter searches: names, city, phone, e-mail and external id, lower case. */
function customerSearchText(t: CustomerSearchColumns): SQL {
  return sql`lower((coalesce(${t.companyName}, '') || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.city}, '') || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.externalId}, '')) collate app_sort)`;
}

/** What the product list filter searches: name, EAN and unit, lower case. */
function productSearchText(t: { name: AnyPgColumn; ean: AnyPgColumn; unit: AnyPgColumn }): SQL {
  return sql`lower((${t.name} || ' ' || coalesce(${t.ean}, '') || ' ' || ${t.unit}) collate app_sort)`;
}

/** What the activity filters search of an information entry: its text and product name, lower case. */
function informationSearchText(t: { text: AnyPgColumn; productName: AnyPgColumn }): SQL {
  return sql`lower((coalesce(${t.text}, '') || ' ' || coalesce(${t.productName}, '')) collate app_sort)`;
}

/** What the photo filters search: description, category and file name, lower case. */
function imageSearchText(t: { description: AnyPgColumn; category: AnyPgColumn; fileName: AnyPgColumn }): SQL {
  return sql`lower((coalesce(${t.description}, '') || ' ' || coalesce(${t.category}, '') || ' ' || ${t.fileName}) collate app_sort)`;
}

export const customers = pgTable(
  'customers',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    companyName: text('company_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    email: text('email'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    country: text('country').notNull().default('DE'),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    externalId: text('external_id'),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by'),
    ...timestamps,
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => customerSearchText(customers)),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('customers_external_id_uq').on(t.tenantId, t.externalId),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The default list order (displayName) without sorting the whole tenant on every call, and
    // the list's count as an index-only scan.
    index('customers_display_name_idx').on(t.tenantId, sql`(${customerDisplayName(t)}) collate app_sort`, t.id),
    index('customers_tenant_archived_idx').on(t.tenantId, t.archived),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'customers_tenant_fk' }).onDelete('cascade'),
  ],
);

export const products = pgTable(
  'products',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    ean: text('ean'),
    unit: text('unit').notNull(),
    netPrice: numeric('net_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull().default(19),
    stock: numeric('stock', { precision: 12, scale: 3, mode: 'number' }),
    archived: boolean('archived').notNull().default(false),
    ...timestamps,
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => productSearchText(products)),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('products_ean_uq').on(t.tenantId, t.ean),
    index('products_tenant_name_idx').on(t.tenantId, t.name),
    index('products_name_sort_idx').on(t.tenantId, sql`${t.name} collate app_sort`, t.id),
    index('products_tenant_archived_idx').on(t.tenantId, t.archived),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId], name: 'products_tenant_fk' }).onDelete('cascade'),
  ],
);

/**
 * Billable time of a member for a customer (a timer). At most one running timer per member and
 * customer (partial unique index). `confirmation_id` set = covered by a signed work confirmation
 * and locked; `archived_at` set at export = read-only.
 */
export const timeTracks = pgTable(
  'time_tracks',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    description: text('description'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    confirmationId: uuid('confirmation_id'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('time_tracks_one_running_uq').on(t.tenantId, t.ownerId, t.customerId).where(sql`${t.endedAt} is null`),
    index('time_tracks_customer_started_idx').on(t.tenantId, t.customerId, t.startedAt),
    index('time_tracks_owner_started_idx').on(t.tenantId, t.ownerId, t.startedAt),
    // The back office's list of every member's tracks, newest first, without sorting the tenant.
    index('time_tracks_tenant_started_idx').on(t.tenantId, t.startedAt),
    // What a work confirmation covers (its PDF, the feed's processed state of a confirmation).
    index('time_tracks_confirmation_idx').on(t.tenantId, t.confirmationId).where(sql`${t.confirmationId} is not null`),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'time_tracks_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'time_tracks_owner_fk' }),
  ],
);

/** Personal working time (clock in/out) of a member; one active per member. */
export const userTimeTracks = pgTable(
  'user_time_tracks',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('user_time_tracks_one_active_uq').on(t.tenantId, t.ownerId).where(sql`${t.endedAt} is null`),
    index('user_time_tracks_owner_started_idx').on(t.tenantId, t.ownerId, t.startedAt),
    index('user_time_tracks_tenant_started_idx').on(t.tenantId, t.startedAt),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'user_time_tracks_owner_fk' }),
  ],
);

/** Contiguous work and break segments of a user time track; the open one has no end. */
export const userTimeTrackSegments = pgTable(
  'user_time_track_segments',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    trackId: uuid('track_id').notNull(),
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('user_time_track_segments_track_idx').on(t.tenantId, t.trackId, t.startedAt),
    foreignKey({ columns: [t.tenantId, t.trackId], foreignColumns: [userTimeTracks.tenantId, userTimeTracks.id], name: 'segments_track_fk' }).onDelete('cascade'),
  ],
);

/** Notes, materials and described times of a customer. Material prices are copied at entry time. */
export const informationEntries = pgTable(
  'information_entries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    subType: text('sub_type').notNull(),
    text: text('text'),
    productId: uuid('product_id'),
    productName: text('product_name'),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }),
    unit: text('unit'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }),
    vatRate: integer('vat_rate'),
    durationSeconds: integer('duration_seconds'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    confirmationId: uuid('confirmation_id'),
    ...timestamps,
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => informationSearchText(informationEntries)),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('information_customer_occurred_idx').on(t.tenantId, t.customerId, t.occurredAt),
    // The feed of all customers (library, dashboard), newest first, without sorting the tenant.
    index('information_tenant_occurred_idx').on(t.tenantId, t.occurredAt),
    index('information_confirmation_idx').on(t.tenantId, t.confirmationId).where(sql`${t.confirmationId} is not null`),
    index('information_product_idx').on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'information_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'information_owner_fk' }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id], name: 'information_product_fk' }),
  ],
);

/** Photos of a customer's work. Files live in storage under `storage_key` and `thumbnail_key`. */
export const images = pgTable(
  'images',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    category: text('category'),
    description: text('description'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    confirmationId: uuid('confirmation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => imageSearchText(images)),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('images_customer_taken_idx').on(t.tenantId, t.customerId, t.takenAt),
    index('images_taken_idx').on(t.tenantId, t.takenAt),
    index('images_confirmation_idx').on(t.tenantId, t.confirmationId).where(sql`${t.confirmationId} is not null`),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'images_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'images_owner_fk' }),
  ],
);

/** A customer's signature over entries; the rendered PDF lives in storage under `pdf_key`. */
export const workConfirmations = pgTable(
  'work_confirmations',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    signee: text('signee').notNull(),
    place: text('place'),
    language: text('language').notNull().default('de'),
    signatureKey: text('signature_key').notNull(),
    pdfKey: text('pdf_key').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('work_confirmations_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('work_confirmations_tenant_created_idx').on(t.tenantId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'work_confirmations_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'work_confirmations_owner_fk' }),
  ],
);

/**
 * Who changed what and when, for time tracks, entries and confirmations (GoBD: no silent edits
 * of what was billed). Written by the services; never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    actorId: uuid('actor_id'),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId, t.at)],
);
