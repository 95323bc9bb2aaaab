/**
 * Whether a product is used by recorded entries; such a product is archived instead of deleted
 * (`Products/DeleteById`), so the entries stay readable.
 *
 * Today nothing records products: the information entries (material) and the other entry tables
 * come with their own issues. Each of them adds its check to `productUsageChecks`, e.g.
 *
 *   (tx, tenantId, productId) => exists(select 1 from information where tenant_id = .. and product_id = ..)
 *
 * Until then `isProductInUse` answers false, and `DeleteById` also archives instead when the
 * DELETE fails on a foreign key (a table that references products without a check here).
 */
import type { Tx } from '../../db/database';

export type ProductUsageCheck = (tx: Tx, tenantId: string, productId: string) => Promise<boolean>;

/** One check per table that references products. Empty until such a table exists. */
export const productUsageChecks: ProductUsageCheck[] = [];

export async function isProductInUse(tx: Tx, tenantId: string, productId: string): Promise<boolean> {
  for (const check of productUsageChecks) {
    if (await check(tx, tenantId, productId)) return true;
  }
  return false;
}
