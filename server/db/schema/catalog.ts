/** Customers and products (materials). */
import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerNameSql } from '../../platform/display-names';
import { tenantRowKey, timestamps } from './columns';
import { tenants } from './tenants';

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

export const customers = pgTable(
  'customers',
  {
    ...tenantRowKey,
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
    /** Routing id of a public buyer (XRechnung BT-10), checked by its check digits. */
    leitwegId: text('leitweg_id'),
    /** The customer's VAT id (BT-48), e.g. ATU12345678. */
    vatId: text('vat_id'),
    /** A business (not a private person): reverse charge and the § 35a note depend on it. */
    business: boolean('business').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by'),
    ...timestamps,
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => customerSearchText(customers)),
    /**
     * The display name in lower case: the activity filter finds entries by their customer's name,
     * and lower-casing 50,000 names per filtered feed was a third of its time (docs/benchmarks.md).
     */
    nameSearch: text('name_search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower((${customerNameSql(customers)}) collate app_sort)`),
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
    ...tenantRowKey,
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
