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
