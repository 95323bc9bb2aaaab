/** Notes, materials, time entries, photos and signed work confirmations of customers. */
import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, doublePrecision, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { customers, products } from './catalog';
import { billingState, tenantRowKey, timestamps } from './columns';
import { issuedInvoices } from './invoicing';

/** What the activity filters search of an information entry: its text and product name, lower case. */
function informationSearchText(t: { text: AnyPgColumn; productName: AnyPgColumn }): SQL {
  return sql`lower((coalesce(${t.text}, '') || ' ' || coalesce(${t.productName}, '')) collate app_sort)`;
}

/** What the photo filters search: description, category and file name, lower case. */
function imageSearchText(t: { description: AnyPgColumn; category: AnyPgColumn; fileName: AnyPgColumn }): SQL {
  return sql`lower((coalesce(${t.description}, '') || ' ' || coalesce(${t.category}, '') || ' ' || ${t.fileName}) collate app_sort)`;
}

/** Notes, materials and described times of a customer. Material prices are copied at entry time. */
export const informationEntries = pgTable(
  'information_entries',
  {
    ...tenantRowKey,
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
    ...billingState,
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
    // The archived entries (feed "archived only"): counted from the index alone, not by reading the tenant.
    index('information_archived_occurred_idx').on(t.tenantId, t.occurredAt).where(sql`${t.archivedAt} is not null`),
    index('information_product_idx').on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'information_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'information_owner_fk' }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [issuedInvoices.tenantId, issuedInvoices.id], name: 'information_invoice_fk' }),
    index('information_invoice_idx').on(t.tenantId, t.invoiceId).where(sql`${t.invoiceId} IS NOT NULL`),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id], name: 'information_product_fk' }),
  ],
);

/** Photos of a customer's work. Files live in storage under `storage_key` and `thumbnail_key`. */
export const images = pgTable(
  'images',
  {
    ...tenantRowKey,
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
    index('images_archived_taken_idx').on(t.tenantId, t.takenAt).where(sql`${t.archivedAt} is not null`),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id], name: 'images_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id], name: 'images_owner_fk' }),
  ],
);

/** A customer's signature over entries; the rendered PDF lives in storage under `pdf_key`. */
export const workConfirmations = pgTable(
  'work_confirmations',
  {
    ...tenantRowKey,
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
