/** Customer time tracks and personal working time. */
import { sql, type SQL } from 'drizzle-orm';
import { boolean, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { customers } from './catalog';
import { billingState, tenantRowKey, timestamps } from './columns';
import { issuedInvoices } from './invoicing';

/**
 * Billable time of a member for a customer (a timer). At most one running timer per member and
 * customer (partial unique index). `confirmation_id` set = covered by a signed work confirmation
 * and locked; `archived_at` set at export = read-only.
 */
export const timeTracks = pgTable(
  'time_tracks',
  {
    ...tenantRowKey,
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
    ...billingState,
    ...timestamps,
    /**
     * The description in lower case, for the activity filter: lower-casing 30,000 descriptions per
     * filtered feed was its largest cost (docs/benchmarks.md, throughput).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(coalesce(${timeTracks.description}, '') collate app_sort)`),
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
    // The archived tracks (feed "archived only"), as on information entries and images.
    index('time_tracks_archived_started_idx').on(t.tenantId, t.startedAt).where(sql`${t.archivedAt} is not null and ${t.endedAt} is not null`),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'time_tracks_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'time_tracks_owner_fk' }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [issuedInvoices.tenantId, issuedInvoices.id], name: 'time_tracks_invoice_fk' }),
    index('time_tracks_invoice_idx').on(t.tenantId, t.invoiceId).where(sql`${t.invoiceId} IS NOT NULL`),
  ],
);

/** Personal working time (clock in/out) of a member; one active per member. */
export const userTimeTracks = pgTable(
  'user_time_tracks',
  {
    ...tenantRowKey,
    ownerId: uuid('owner_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Entered afterwards (a forgotten day or break), not clocked live. */
    addedLater: boolean('added_later').notNull().default(false),
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
    ...tenantRowKey,
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
