/** Queries of the accounts feature. Tenant queries take the transaction of `withTenant`. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionRow } from '../../db/accounts';
import type { Tx } from '../../db/database';
import { licenses, oneTimeTokens, passkeys, refreshTokens, sessions, subscriptions, tenants, users } from '../../db/schema';


export async function insertTenant(tx: Tx, values: typeof tenants.$inferInsert) {
  await tx.insert(tenants).values(values);
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row;
}

/**
 * A session with its member's current role and archived flag, and what licensing needs (trial end,
 * subscription, seat): the one read of every signed-in request.
 */
export async function getSessionMember(tx: Tx, sessionId: string, userId: string) {
  const [row] = await tx
    .select({
      revokedAt: sessions.revokedAt,
      role: users.role,
      archived: users.archived,
      trialEndsAt: tenants.trialEndsAt,
      subscriptionProvider: subscriptions.provider,
      subscriptionStatus: subscriptions.status,
      seatId: licenses.id,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.tenantId, sessions.tenantId))
    .leftJoin(subscriptions, eq(subscriptions.tenantId, sessions.tenantId))
    .leftJoin(licenses, and(eq(licenses.tenantId, sessions.tenantId), eq(licenses.userId, sessions.userId)))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row;
}

/** Whether this device has ever held a session of the user (a device the owner used). */
export async function deviceHadSession(tx: Tx, userId: string, deviceId: string) {
  const rows = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
    .limit(1);
  return rows.length === 1;
}

export async function touchSession(tx: Tx, sessionId: string) {
  await tx
    .update(sessions)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastUsedAt} < now() - interval '1 minute'`));
}

export async function insertRefreshToken(tx: Tx, values: typeof refreshTokens.$inferInsert) {
  await tx.insert(refreshTokens).values(values);
}

export async function getRefreshToken(tx: Tx, id: string) {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row;
}

/** Marks a token spent; false when another request spent it first. */
export async function spendRefreshToken(tx: Tx, id: string) {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function spendAllRefreshTokens(tx: Tx, sessionId: string) {
  await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)));
}

export async function insertOneTimeToken(tx: Tx, values: typeof oneTimeTokens.$inferInsert) {
  await tx.insert(oneTimeTokens).values(values);
}

export async function findOneTimeToken(tx: Tx, userId: string, purpose: string, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.tokenHash, tokenHash)));
  return row;
}

/**
 * Spends a link's token if it is unused and unexpired, in one statement: of parallel requests
 * with the same link exactly one gets the row back.
 */
export async function consumeOneTimeToken(tx: Tx, userId: string, purpose: string, tokenHash: string) {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.replacedAt),
        sql`${oneTimeTokens.expiresAt} > now()`,
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return row;
}

/** Earlier links of the same kind stop working when a new one is sent. */
/** Ends the user's open links of the purpose because a newer one is sent. */
export async function replaceOneTimeTokens(tx: Tx, userId: string, purpose: string) {
  await tx
    .update(oneTimeTokens)
    .set({ replacedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.replacedAt),
      ),
    );
}

export async function listPasskeys(tx: Tx, userId: string) {
  return tx.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function findPasskeyByCredential(tx: Tx, credentialId: string) {
  const [row] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(tx: Tx, values: typeof passkeys.$inferInsert) {
  const [row] = await tx.insert(passkeys).values(values).returning();
  return row;
}

export async function updatePasskeyUse(tx: Tx, id: string, counter: number) {
  await tx.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

export async function deletePasskey(tx: Tx, userId: string, id: string) {
  const rows = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}
