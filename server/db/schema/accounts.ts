/** Members, their sign-in (sessions, tokens, passkeys) and the account directory. */
import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, tenantRowKey, timestamps } from './columns';
import { tenants } from './tenants';

export const users = pgTable(
  'users',
  {
    ...tenantRowKey,
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
    /** The first day the member works for the firm; working-time targets start here (null: the day they were added). */
    startDate: date('start_date', { mode: 'string' }),
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
    ...tenantRowKey,
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
    ...tenantRowKey,
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
    ...tenantRowKey,
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer link of the same purpose was sent: this one no longer works. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
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
    ...tenantRowKey,
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

/** The next free request slot per (hashed) key of an outside service, shared by all processes. */
export const requestSlots = pgTable('request_slots', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
