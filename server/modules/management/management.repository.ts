/** Queries of the tenant profile (consents are in db/consents.ts, shared with sign-up). */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { tenants } from '../../db/schema';

export async function updateTenant(tx: Tx, tenantId: string, values: Partial<typeof tenants.$inferInsert>) {
  const [row] = await tx
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.tenantId, tenantId))
    .returning();
  return row;
}

/**
 * The firm's logo version, its row locked until the transaction ends: changes of the logo and the
 * removal of its old files run one at a time per firm. Undefined when the firm is not found.
 */
export async function lockLogoVersion(tx: Tx, tenantId: string): Promise<{ logoUpdatedAt: Date | null } | undefined> {
  const [row] = await tx.select({ logoUpdatedAt: tenants.logoUpdatedAt }).from(tenants).where(eq(tenants.tenantId, tenantId)).for('update');
  return row;
}
