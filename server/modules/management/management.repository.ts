/** Queries of the tenant profile and its consents; the tenant row is read through auth.repository. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { consents, tenants } from '../../db/schema';

export async function getConsent(tx: Tx, purpose: string) {
  const [row] = await tx.select().from(consents).where(eq(consents.purpose, purpose));
  return row;
}

export async function updateTenant(tx: Tx, tenantId: string, values: Partial<typeof tenants.$inferInsert>) {
  const [row] = await tx
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.tenantId, tenantId))
    .returning();
  return row;
}
