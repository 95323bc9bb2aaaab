/** Queries of the firm's webhooks and their deliveries (the attempts' own rows: `db/webhooks.ts`). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users, webhookDeliveries, webhooks } from '../../db/schema';
import { memberNameSql } from '../../platform/display-names';

export type WebhookRow = Omit<typeof webhooks.$inferSelect, 'secretSealed'> & { createdByName: string };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const columns = {
  tenantId: webhooks.tenantId,
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  secretHint: webhooks.secretHint,
  createdBy: webhooks.createdBy,
  createdAt: webhooks.createdAt,
  pausedAt: webhooks.pausedAt,
  pausedBecause: webhooks.pausedBecause,
  failingSince: webhooks.failingSince,
  createdByName: memberNameSql(users),
};

const withCreator = (tx: Tx) =>
  tx.select(columns).from(webhooks).innerJoin(users, and(eq(users.tenantId, webhooks.tenantId), eq(users.id, webhooks.createdBy)));

export async function listWebhooks(tx: Tx): Promise<WebhookRow[]> {
  return withCreator(tx).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
}

export async function findWebhook(tx: Tx, id: string): Promise<WebhookRow | undefined> {
  const [row] = await withCreator(tx).where(eq(webhooks.id, id));
  return row;
}

export async function countWebhooks(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(webhooks);
  return row?.n ?? 0;
}

export async function insertWebhook(tx: Tx, values: typeof webhooks.$inferInsert) {
  await tx.insert(webhooks).values(values);
}

export async function updateWebhook(tx: Tx, id: string, values: Partial<typeof webhooks.$inferInsert>) {
  await tx.update(webhooks).set(values).where(eq(webhooks.id, id));
}

export async function deleteWebhook(tx: Tx, id: string) {
  await tx.delete(webhooks).where(eq(webhooks.id, id));
}

export async function listDeliveries(tx: Tx, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return tx
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(tx: Tx, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}
