/** Seats and the subscription as several modules read them (the session check, members, subscription). */
import { eq } from 'drizzle-orm';
import type { Tx } from './database';
import { licenses, subscriptions } from './schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscription(tx: Tx): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions);
  return row;
}

/** The member's seat becomes free (archiving, or taken back). Answers whether they held one. */
export async function releaseSeat(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .update(licenses)
    .set({ userId: null, assignedAt: null })
    .where(eq(licenses.userId, userId))
    .returning({ id: licenses.id });
  return rows.length > 0;
}
