/** Queries of the subscription: the firm's subscription row, its seats and the provider events seen. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { billingEvents, licenses, subscriptions, users } from '../../db/schema';
import { holdsSeats, seatOrder } from './subscription.rules';

export async function upsertSubscription(tx: Tx, tenantId: string, values: Omit<Partial<typeof subscriptions.$inferInsert>, 'tenantId'>) {
  const now = new Date();
  await tx
    .insert(subscriptions)
    .values({ provider: 'stripe', status: 'incomplete', licenseCount: 0, ...values, tenantId, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.tenantId, set: { ...values, updatedAt: now } });
}

/** The firm's subscription row, locked until the transaction ends (webhook deliveries of a firm one at a time). */
export async function lockSubscription(tx: Tx) {
  const [row] = await tx.select().from(subscriptions).for('update');
  return row;
}

/** The seats, held ones first (by assignment), then the free ones. */
export async function listSeats(tx: Tx) {
  return tx
    .select()
    .from(licenses)
    .orderBy(sql`${licenses.assignedAt} nulls last`, asc(licenses.createdAt), asc(licenses.id));
}

/** Active members with role and sign-up time (for seat order and the screen). */
export async function activeMembers(tx: Tx) {
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      invitedAt: users.invitedAt,
      activatedAt: users.activatedAt,
    })
    .from(users)
    .where(eq(users.archived, false))
    .orderBy(sql`${users.lastName} nulls last`, users.firstName, users.email);
}

/**
 * Gives the member a free seat. Answers `assigned`, `had` (already held one) or `none` (no free
 * seat). Two assignments at once never take the same seat (row lock, skip locked).
 */
export async function assignSeat(tx: Tx, userId: string): Promise<'assigned' | 'had' | 'none'> {
  const [held] = await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.userId, userId));
  if (held) return 'had';
  const [free] = await tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(isNull(licenses.userId))
    .orderBy(asc(licenses.createdAt), asc(licenses.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!free) return 'none';
  await tx.update(licenses).set({ userId, assignedAt: new Date() }).where(eq(licenses.id, free.id));
  return 'assigned';
}

/**
 * Makes the number of seats `count`: adds free seats, or removes free ones first and then the
 * newest assignments (never the Owner's). Answers the members who lost their seat.
 */
export async function setSeatCount(tx: Tx, tenantId: string, count: number): Promise<string[]> {
  const seats = await listSeats(tx);
  if (seats.length < count) {
    await tx.insert(licenses).values(Array.from({ length: count - seats.length }, () => ({ tenantId })));
    return [];
  }
  let surplus = seats.length - count;
  if (surplus === 0) return [];
  const free = seats.filter((s) => !s.userId).slice(0, surplus);
  surplus -= free.length;
  let released: string[] = [];
  let drop = free.map((s) => s.id);
  if (surplus > 0) {
    const owners = new Set(
      (await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Owner'))).map((r) => r.id),
    );
    const newest = seats
      .filter((s) => s.userId && !owners.has(s.userId))
      .sort((a, b) => (b.assignedAt?.getTime() ?? 0) - (a.assignedAt?.getTime() ?? 0))
      .slice(0, surplus);
    released = newest.map((s) => s.userId!);
    drop = drop.concat(newest.map((s) => s.id));
  }
  if (drop.length > 0) await tx.delete(licenses).where(inArray(licenses.id, drop));
  return released;
}

/**
 * Free seats go to members without one: Owner first, then Admins, Managers, Employees by age; an
 * invitation not yet accepted gets none (its member takes a free one on accepting).
 */
export async function fillFreeSeats(tx: Tx) {
  const holders = new Set((await listSeats(tx)).flatMap((s) => (s.userId ? [s.userId] : [])));
  for (const member of seatOrder((await activeMembers(tx)).filter(holdsSeats))) {
    if (holders.has(member.id)) continue;
    if ((await assignSeat(tx, member.id)) === 'none') break;
  }
}

/** Remembers a provider event; false when it was seen before (webhooks arrive at least once). */
export async function recordEvent(tx: Tx, tenantId: string, eventId: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(billingEvents)
    .values({ tenantId, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return rows.length > 0;
}

export async function ownerEmail(tx: Tx): Promise<string | undefined> {
  const [row] = await tx.select({ email: users.email }).from(users).where(and(eq(users.role, 'Owner'), eq(users.archived, false))).limit(1);
  return row?.email;
}
