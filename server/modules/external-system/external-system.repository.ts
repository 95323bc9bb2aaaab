/** Queries of the accounting connection. */
import type { Tx } from '../../db/database';
import { accountingConnections } from '../../db/schema';

export type ConnectionRow = typeof accountingConnections.$inferSelect;

export async function findConnection(tx: Tx): Promise<ConnectionRow | undefined> {
  const [row] = await tx.select().from(accountingConnections);
  return row;
}

export async function saveConnection(tx: Tx, values: typeof accountingConnections.$inferInsert) {
  const now = new Date();
  await tx
    .insert(accountingConnections)
    .values({ ...values, connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: accountingConnections.tenantId,
      set: { ...values, connectedAt: now, refusedAt: null, updatedAt: now },
    });
}

export async function deleteConnection(tx: Tx) {
  await tx.delete(accountingConnections);
}

export async function markRefused(tx: Tx) {
  await tx.update(accountingConnections).set({ refusedAt: new Date(), updatedAt: new Date() });
}
