/**
 * Whether a product is used by recorded entries; such a product is archived instead of deleted
 * (`Products/DeleteById`), so the entries stay readable.
 *
 * One check per table that references products. Today that is `information_entries` (material
 * entries; the table exists, its calls come with the information issue). A later table that
 * references products adds its check to `productUsageChecks`. As a second line, `DeleteById` also
 * archives instead when the DELETE fails on a foreign key of a table without a check here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { informationEntries } from '../../db/schema';

export type ProductUsageCheck = (tx: Tx, tenantId: string, productId: string) => Promise<boolean>;

/** Material entries (archived and processed ones included) that name the product. */
export const informationEntriesUseProduct: ProductUsageCheck = async (tx, tenantId, productId) => {
  const [row] = await tx
    .select({ used: sql<number>`1` })
    .from(informationEntries)
    .where(and(eq(informationEntries.tenantId, tenantId), eq(informationEntries.productId, productId)))
    .limit(1);
  return row !== undefined;
};

export const productUsageChecks: ProductUsageCheck[] = [informationEntriesUseProduct];

export async function isProductInUse(tx: Tx, tenantId: string, productId: string): Promise<boolean> {
  for (const check of productUsageChecks) {
    if (await check(tx, tenantId, productId)) return true;
  }
  return false;
}
