/**
 * Queries of the customers table. Every function takes the tenant transaction of
 * `database.withTenant`; the explicit `tenant_id` conditions let PostgreSQL use the tenant-first
 * indexes (row-level security would filter the rows anyway).
 */
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { customerDisplayName, customers } from '../../db/schema';
import { chunk, collated, countTenantCondition, countUpToCap, inCurrentTenant, insertInBatches, offsetOf, likePattern, pastCount, searchPattern, updateByIdInBatches } from '../../db/helpers';
import type { QueryOf } from '../../platform/contract';

/** The columns a customer is read with; the filter's `search_text` stays in the database. */
const { searchText: _searchText, ...customerColumns } = getTableColumns(customers);
export type CustomerRow = Omit<typeof customers.$inferSelect, 'searchText'>;

/** The fields a user or an import sets. */
export interface CustomerFields {
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  hourlyRate: number | null;
  externalId: string | null;
  leitwegId: string | null;
  vatId: string | null;
  business: boolean;
}

export const customerFieldNames = [
  'companyName',
  'firstName',
  'lastName',
  'phone',
  'email',
  'street',
  'zip',
  'city',
  'country',
  'hourlyRate',
  'externalId',
  'leitwegId',
  'vatId',
  'business',
] as const satisfies readonly (keyof CustomerFields)[];

export type CustomerListQuery = QueryOf<'customersGetAll'>;

const displayName = customerDisplayName(customers);

/** The columns the list may be sorted by (the contract's list); anything else sorts by name. */
const sortable: Record<string, { expression: SQL; nullable: boolean }> = {
  displayName: { expression: collated(sql`(${displayName})`), nullable: false },
  companyName: { expression: collated(sql`${customers.companyName}`), nullable: true },
  lastName: { expression: collated(sql`${customers.lastName}`), nullable: true },
  city: { expression: collated(sql`${customers.city}`), nullable: true },
  zip: { expression: sql`${customers.zip}`, nullable: true },
  phone: { expression: sql`${customers.phone}`, nullable: true },
  email: { expression: sql`${customers.email}`, nullable: true },
  externalId: { expression: sql`${customers.externalId}`, nullable: true },
  createdAtUtc: { expression: sql`${customers.createdAt}`, nullable: false },
  updatedAtUtc: { expression: sql`${customers.updatedAt}`, nullable: false },
};

/** The list's conditions; its tenant's as the count (`countTenantCondition`) or the page (`inCurrentTenant`) reads best. */
function listWhere(tenant: SQL, query: Pick<CustomerListQuery, 'filter' | 'includeArchived'>) {
  const filter = query.filter?.trim();
  return and(
    tenant,
    query.includeArchived ? undefined : eq(customers.archived, false),
    filter ? likePattern(customers.searchText, searchPattern(filter)) : undefined,
  );
}

/** A page of the transaction's tenant (`tenantId`)'s customers, and how many there are. */
export async function listCustomers(tx: Tx, tenantId: string, query: CustomerListQuery) {
  const where = listWhere(inCurrentTenant(customers.tenantId), query);
  const countWhere = listWhere(countTenantCondition(customers.tenantId, tenantId, !!query.filter?.trim()), query);
  const { totalCount, capped } = await countUpToCap(tx, tx.select({ one: sql`1` }).from(customers).where(countWhere));
  const offset = offsetOf(query.page, query.pageSize);
  if (pastCount(totalCount, offset)) return { totalCount, capped, rows: [] as CustomerRow[] };
  const sort = sortable[query.orderBy ?? ''] ?? sortable.displayName;
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  // Empty values last in both directions; then the id keeps pages stable among equal values.
  const order = sort.nullable
    ? sql`${sort.expression} ${direction} nulls last`
    : sql`${sort.expression} ${direction}`;
  const rows = await tx
    .select(customerColumns)
    .from(customers)
    .where(where)
    .orderBy(order, query.isDescending ? desc(customers.id) : asc(customers.id))
    .limit(query.pageSize)
    .offset(offset);
  return { totalCount, capped, rows };
}

export async function findCustomer(tx: Tx, tenantId: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
  return row;
}

export async function insertCustomer(
  tx: Tx,
  tenantId: string,
  fields: CustomerFields,
  createdBy: string | null,
): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({ tenantId, ...fields, createdBy })
    .returning(customerColumns);
  return row;
}

export async function updateCustomer(
  tx: Tx,
  tenantId: string,
  id: string,
  fields: CustomerFields & { archived?: boolean },
): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .update(customers)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning(customerColumns);
  return row;
}

/** Customers with one of these external ids. */
export async function findByExternalIds(tx: Tx, tenantId: string, externalIds: string[]): Promise<CustomerRow[]> {
  const out: CustomerRow[] = [];
  for (const part of chunk(externalIds, 5000)) {
    out.push(
      ...(await tx
        .select(customerColumns)
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), inArray(customers.externalId, part)))),
    );
  }
  return out;
}

/**
 * Customers without external id whose company, first and last name equal one of these triples:
 * the candidates an import row without external id may be identical to.
 */
export async function findUnkeyedByNames(
  tx: Tx,
  tenantId: string,
  names: { companyName: string | null; firstName: string | null; lastName: string | null }[],
): Promise<CustomerRow[]> {
  const out: CustomerRow[] = [];
  for (const part of chunk(names, 5000)) {
    const json = JSON.stringify(part.map((n) => ({ c: n.companyName ?? '', f: n.firstName ?? '', l: n.lastName ?? '' })));
    out.push(
      ...(await tx
        .select(customerColumns)
        .from(customers)
        .where(
          and(
            eq(customers.tenantId, tenantId),
            isNull(customers.externalId),
            sql`(coalesce(${customers.companyName}, ''), coalesce(${customers.firstName}, ''), coalesce(${customers.lastName}, ''))
                in (select r.c, r.f, r.l from jsonb_to_recordset(${json}::jsonb) as r(c text, f text, l text))`,
          ),
        )),
    );
  }
  return out;
}

const CUSTOMER_COLUMNS = ['companyName', 'firstName', 'lastName', 'phone', 'email', 'street', 'zip', 'city', 'country', 'hourlyRate', 'leitwegId', 'vatId', 'business'] as const;

/**
 * Creates customers in batches. A row whose external id was taken in the meantime (a concurrent
 * import) updates that customer instead of failing.
 */
export async function insertCustomers(tx: Tx, tenantId: string, rows: CustomerFields[], createdBy: string | null) {
  const values = rows.map((fields) => ({ tenantId, ...fields, createdBy }));
  await insertInBatches(tx, customers, values, [customers.tenantId, customers.externalId], [...CUSTOMER_COLUMNS]);
}

/** Updates customers by id, many per statement. */
export async function updateCustomers(tx: Tx, tenantId: string, rows: (CustomerFields & { id: string })[]) {
  await updateByIdInBatches(tx, customers, tenantId, rows, [...CUSTOMER_COLUMNS, 'externalId']);
}
