/** Queries of the accounts feature. Tenant queries take the transaction of `withTenant`. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from '../../db/database';
import { oneTimeTokens, passkeys, refreshTokens, sessions, tenants, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Which tenant an e-mail belongs to, before any tenant is known (security-definer function). */
export async function findAccountByEmail(pool: pg.Pool, email: string) {
  const { rows } = await pool.query<{ user_id: string; tenant_id: string }>('select * from auth_find_by_email($1)', [email]);
  return rows[0] ? { userId: rows[0].user_id, tenantId: rows[0].tenant_id } : undefined;
}

export async function findTenantOfUser(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<{ t: string | null }>('select auth_find_by_user($1) as t', [userId]);
  return rows[0]?.t ?? undefined;
}

export async function registerAccount(tx: Tx, userId: string, tenantId: string, email: string) {
  await tx.execute(sql`select auth_register_account(${userId}, ${tenantId}, ${email})`);
}

export async function insertTenant(tx: Tx, values: typeof tenants.$inferInsert) {
  await tx.insert(tenants).values(values);
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function getUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function updateUser(tx: Tx, userId: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row;
}

export async function getSession(tx: Tx, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

/** A session with its member's current role and archived flag: the one read of every signed-in request. */
export async function getSessionMember(tx: Tx, sessionId: string, userId: string) {
  const [row] = await tx
    .select({ revokedAt: sessions.revokedAt, role: users.role, archived: users.archived })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row;
}

export async function revokeSessions(tx: Tx, where: { userId: string; deviceId?: string; sessionIds?: string[]; exceptSessionId?: string }) {
  const conditions = [eq(sessions.userId, where.userId), isNull(sessions.revokedAt)];
  if (where.deviceId) conditions.push(eq(sessions.deviceId, where.deviceId));
  if (where.sessionIds) conditions.push(inArray(sessions.id, where.sessionIds));
  if (where.exceptSessionId) conditions.push(sql`${sessions.id} <> ${where.exceptSessionId}`);
  await tx.update(sessions).set({ revokedAt: new Date() }).where(and(...conditions));
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

export async function listSessions(tx: Tx, userId: string) {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(sql`${sessions.lastUsedAt} desc`);
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
        sql`${oneTimeTokens.expiresAt} > now()`,
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return row;
}

export async function useOneTimeToken(tx: Tx, id: string) {
  const rows = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** Earlier links of the same kind stop working when a new one is sent. */
export async function expireOneTimeTokens(tx: Tx, userId: string, purpose: string) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
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
