/**
 * Whether a product is used by recorded entries; such a product is archived instead of deleted
 * (`Products/DeleteById`), so the entries stay readable.
 *
 * One check per table that references products. Today that is `information_entries` (material
 * entries; the table exists, its calls come with the information issue). A later table that
 * references products adds its check to `productUsageChecks`. As a second line, `DeleteById` also
 * archives instead when the DELETE fails on a foreign key of a table without a check here.
 */
import type { Tx } from '../../db/database';
import { materialEntriesUseProduct } from './products.repository';

type ProductUsageCheck = (tx: Tx, tenantId: string, productId: string) => Promise<boolean>;

export const productUsageChecks: ProductUsageCheck[] = [materialEntriesUseProduct];

export async function isProductInUse(tx: Tx, tenantId: string, productId: string): Promise<boolean> {
  for (const check of productUsageChecks) {
    if (await check(tx, tenantId, productId)) return true;
  }
  return false;
}
