/**
 * Queries of the products table, each inside the tenant transaction of `database.withTenant`.
 */
import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { informationEntries, products } from '../../db/schema';
import { chunk, collated, countTenantCondition, countUpToCap, inCurrentTenant, insertInBatches, offsetOf, likePattern, pastCount, searchPattern, updateByIdInBatches } from '../../db/helpers';
import type { ProductFields } from './product.rules';
import type { QueryOf } from '../../platform/contract';

/** The columns a product is read with; the filter's `search_text` stays in the database. */
const { searchText: _searchText, ...productColumns } = getTableColumns(products);
export type ProductRow = Omit<typeof products.$inferSelect, 'searchText'>;

export type ProductListQuery = QueryOf<'productsGetAll'>;


/** The columns the list may be sorted by (the contract's list); anything else sorts by name. */
const sortable: Record<string, { expression: SQL; nullable: boolean }> = {
  name: { expression: collated(sql`${products.name}`), nullable: false },
  ean: { expression: sql`${products.ean}`, nullable: true },
  unit: { expression: collated(sql`${products.unit}`), nullable: false },
  netPrice: { expression: sql`${products.netPrice}`, nullable: false },
  vatRate: { expression: sql`${products.vatRate}`, nullable: false },
  stock: { expression: sql`${products.stock}`, nullable: true },
  createdAtUtc: { expression: sql`${products.createdAt}`, nullable: false },
  updatedAtUtc: { expression: sql`${products.updatedAt}`, nullable: false },
};

/** A page of the transaction's tenant (`tenantId`)'s products, and how many there are. */
export async function listProducts(tx: Tx, tenantId: string, query: ProductListQuery) {
  const filter = query.filter?.trim();
  const conditions = (tenant: SQL) =>
    and(tenant, query.includeArchived ? undefined : eq(products.archived, false), filter ? likePattern(products.searchText, searchPattern(filter)) : undefined);
  const where = conditions(inCurrentTenant(products.tenantId));
  // The tenant's condition as the count reads best (`countTenantCondition`).
  const { totalCount, capped } = await countUpToCap(tx, tx.select({ one: sql`1` }).from(products).where(conditions(countTenantCondition(products.tenantId, tenantId, !!filter))));
  const offset = offsetOf(query.page, query.pageSize);
  if (pastCount(totalCount, offset)) return { totalCount, capped, rows: [] as ProductRow[] };
  const sort = sortable[query.orderBy ?? ''] ?? sortable.name;
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  const order = sort.nullable ? sql`${sort.expression} ${direction} nulls last` : sql`${sort.expression} ${direction}`;
  const rows = await tx
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(order, query.isDescending ? desc(products.id) : asc(products.id))
    .limit(query.pageSize)
    .offset(offset);
  return { totalCount, capped, rows };
}

export async function findProduct(tx: Tx, tenantId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
  return row;
}

/** Products whose EAN is one of these codes (give every form of a GTIN to find it however stored). */
export async function findByEans(tx: Tx, tenantId: string, eans: string[], exceptId?: string): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (const part of chunk(eans, 5000)) {
    out.push(
      ...(await tx
        .select(productColumns)
        .from(products)
        .where(and(eq(products.tenantId, tenantId), inArray(products.ean, part), exceptId ? ne(products.id, exceptId) : undefined))
        .orderBy(asc(products.createdAt))),
    );
  }
  return out;
}

/** Products without EAN with one of these exact names. */
export async function findUnkeyedByNames(tx: Tx, tenantId: string, names: string[]): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (const part of chunk(names, 5000)) {
    out.push(
      ...(await tx
        .select(productColumns)
        .from(products)
        .where(and(eq(products.tenantId, tenantId), isNull(products.ean), inArray(products.name, part)))),
    );
  }
  return out;
}

export async function insertProduct(tx: Tx, tenantId: string, fields: ProductFields): Promise<ProductRow> {
  const [row] = await tx
    .insert(products)
    .values({ tenantId, ...fields })
    .returning(productColumns);
  return row;
}

export async function updateProduct(
  tx: Tx,
  tenantId: string,
  id: string,
  fields: Partial<ProductFields> & { archived?: boolean },
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
    .returning(productColumns);
  return row;
}

export async function deleteProduct(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
    .returning({ id: products.id });
  return rows.length > 0;
}

const PRODUCT_COLUMNS = ['name', 'unit', 'netPrice', 'vatRate', 'stock'] as const;

/** Creates products in batches; an EAN taken in the meantime updates that product. */
export async function insertProducts(tx: Tx, tenantId: string, rows: ProductFields[]) {
  const values = rows.map((fields) => ({ tenantId, ...fields }));
  await insertInBatches(tx, products, values, [products.tenantId, products.ean], [...PRODUCT_COLUMNS]);
}

/** Updates products by id, many per statement. */
export async function updateProducts(tx: Tx, tenantId: string, rows: (ProductFields & { id: string })[]) {
  await updateByIdInBatches(tx, products, tenantId, rows, [...PRODUCT_COLUMNS, 'ean']);
}

/** Whether material entries (archived and processed ones included) name the product. */
export async function materialEntriesUseProduct(tx: Tx, tenantId: string, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ used: sql<number>`1` })
    .from(informationEntries)
    .where(and(eq(informationEntries.tenantId, tenantId), eq(informationEntries.productId, productId)))
    .limit(1);
  return row !== undefined;
}
