/**
 * Queries of the photo records (the files live in storage), each inside the tenant transaction of
 * `database.withTenant`. Lists join the customer's and the owner's names in the same query.
 */
import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { customerDisplayName, customers, images, users } from '../../db/schema';
import { collated, countUpToCap, inCurrentTenant, offsetOf, likePattern, pastCount, searchPattern } from '../../db/helpers';
import { memberNameSql } from '../../platform/display-names';
import type { QueryOf } from '../../platform/contract';

export type ImageRow = typeof images.$inferSelect;
export type ImageListRow = ImageRow & { customerName: string; ownerName: string };

export type ImageListQuery = QueryOf<'imagesGetAll'>;

const customerName = customerDisplayName(customers);
const ownerName = memberNameSql(users);

const sortable: Record<string, { expression: SQL; nullable: boolean }> = {
  createdAtUtc: { expression: sql`${images.takenAt}`, nullable: false },
  category: { expression: collated(sql`coalesce(${images.category}, 'other')`), nullable: false },
  customerName: { expression: collated(sql`(${customerName})`), nullable: false },
  fileName: { expression: sql`${images.fileName}`, nullable: false },
  sizeBytes: { expression: sql`${images.sizeBytes}`, nullable: false },
};

function imagesWhere(query: ImageListQuery) {
  const filter = query.filter?.trim();
  return and(
    inCurrentTenant(images.tenantId),
    query.customerId ? eq(images.customerId, query.customerId) : undefined,
    query.category ? sql`coalesce(${images.category}, 'other') = ${query.category}` : undefined,
    query.includeProcessed && query.includeUnprocessed
      ? undefined
      : query.includeProcessed
        ? sql`(${images.processedAt} is not null or ${images.archivedAt} is not null)`
        : query.includeUnprocessed
          ? and(isNull(images.processedAt), isNull(images.archivedAt))
          : sql`false`,
    query.fromDate ? gte(images.takenAt, new Date(query.fromDate)) : undefined,
    query.toDate ? lt(images.takenAt, new Date(query.toDate)) : undefined,
    // The photo's stored lower-case description, category and file name, or the customer's name
    // (matched once per customer, not per photo).
    filter
      ? sql`(${likePattern(images.searchText, searchPattern(filter))} or ${images.customerId} in (
          select c.id from ${customers} c where ${inCurrentTenant(sql`c.tenant_id`)}
          and ${likePattern(sql`c.name_search`, searchPattern(filter))}))`
      : undefined,
  );
}

function joined(tx: Tx) {
  return tx
    .select({ image: images, customerName: sql<string>`${customerName}`, ownerName: sql<string>`${ownerName}` })
    .from(images)
    .innerJoin(customers, and(eq(customers.tenantId, images.tenantId), eq(customers.id, images.customerId)))
    .innerJoin(users, and(eq(users.tenantId, images.tenantId), eq(users.id, images.ownerId)));
}

const flatten = (row: { image: ImageRow; customerName: string; ownerName: string }): ImageListRow => ({
  ...row.image,
  customerName: row.customerName,
  ownerName: row.ownerName,
});

/** A page of the transaction's tenant's photos, and how many there are. */
export async function listImages(tx: Tx, query: ImageListQuery) {
  const where = imagesWhere(query);
  const { totalCount, capped } = await countUpToCap(tx, tx.select({ one: sql`1` }).from(images).where(where));
  const offset = offsetOf(query.page, query.pageSize);
  if (pastCount(totalCount, offset)) return { totalCount, capped, rows: [] as ImageListRow[] };
  const sort = sortable[query.orderBy ?? ''] ?? sortable.createdAtUtc;
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  const rows = await joined(tx)
    .where(where)
    .orderBy(sql`${sort.expression} ${direction}`, query.isDescending ? desc(images.id) : asc(images.id))
    .limit(query.pageSize)
    .offset(offset);
  return { totalCount, capped, rows: rows.map(flatten) };
}

export async function findImage(tx: Tx, tenantId: string, id: string): Promise<ImageListRow | undefined> {
  const [row] = await joined(tx).where(and(eq(images.tenantId, tenantId), eq(images.id, id)));
  return row ? flatten(row) : undefined;
}

export type ImageValues = Omit<typeof images.$inferInsert, 'tenantId' | 'createdAt'>;

export async function insertImage(tx: Tx, tenantId: string, values: ImageValues): Promise<ImageRow> {
  const [row] = await tx
    .insert(images)
    .values({ tenantId, ...values })
    .returning();
  return row;
}


