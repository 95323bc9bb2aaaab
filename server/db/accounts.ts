/**
 * Members' accounts, which sign-in (auth) and the member administration (users) both read and
 * change: the user rows, the account directory that finds a member's firm by e-mail or id before
 * any tenant is known, and the members' sessions.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from './database';
import { sessions, users } from './schema';

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

export async function getSession(tx: Tx, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

export async function revokeSessions(tx: Tx, where: { userId: string; deviceId?: string; sessionIds?: string[]; exceptSessionId?: string }) {
  const conditions = [eq(sessions.userId, where.userId), isNull(sessions.revokedAt)];
  if (where.deviceId) conditions.push(eq(sessions.deviceId, where.deviceId));
  if (where.sessionIds) conditions.push(inArray(sessions.id, where.sessionIds));
  if (where.exceptSessionId) conditions.push(sql`${sessions.id} <> ${where.exceptSessionId}`);
  await tx.update(sessions).set({ revokedAt: new Date() }).where(and(...conditions));
}

export async function listSessions(tx: Tx, userId: string) {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(sql`${sessions.lastUsedAt} desc`);
}
