/**
 * Rows of webhook deliveries shared by the job that sends them (`platform/jobs.ts`) and the
 * webhooks module (decision 0044). Each runs in the firm's tenant transaction.
 */
import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from './database';
import { users, webhookDeliveries, webhooks } from './schema';

export type WebhookEventType =
  | 'customer.created'
  | 'customer.updated'
  | 'time_entry.created'
  | 'work_confirmation.signed'
  | 'invoice.issued'
  | 'invoice.paid'
  | 'invoice.cancelled'
  | 'member.joined';

/** The webhooks that want this event now (not paused). */
export async function webhooksFor(tx: Tx, event: WebhookEventType): Promise<{ id: string }[]> {
  return tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(isNull(webhooks.pausedAt), arrayContains(webhooks.events, [event])));
}

export async function insertDelivery(tx: Tx, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning();
  return row;
}

/** A delivery with what its attempt needs of its webhook, locked against a parallel attempt. */
export async function lockDelivery(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      delivery: webhookDeliveries,
      url: webhooks.url,
      secretSealed: webhooks.secretSealed,
      pausedAt: webhooks.pausedAt,
      failingSince: webhooks.failingSince,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, and(eq(webhooks.tenantId, webhookDeliveries.tenantId), eq(webhooks.id, webhookDeliveries.webhookId)))
    .where(eq(webhookDeliveries.id, id))
    .for('update');
  return row;
}

export async function updateDelivery(tx: Tx, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  await tx.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

export async function updateWebhook(tx: Tx, id: string, values: Partial<typeof webhooks.$inferInsert>) {
  await tx.update(webhooks).set(values).where(eq(webhooks.id, id));
}

/** The firm's Owner (address and language), who is told when a webhook was paused. */
export async function ownerOfFirm(tx: Tx): Promise<{ email: string; language: string } | undefined> {
  const [row] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'Owner'), eq(users.archived, false)))
    .orderBy(sql`${users.createdAt}`)
    .limit(1);
  return row;
}
