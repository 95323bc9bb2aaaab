/**
 * What the hourly cleanup job removes (decision 0040), one firm at a time in that firm's tenant
 * transaction: one-time links a week past their expiry, refresh tokens past their expiry, sessions none of
 * whose refresh tokens can be used any more, and expired idempotency keys. Passkey challenges
 * belong to no firm and are removed on the pool.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from './database';
import { authChallenges, idempotencyKeys, oneTimeTokens, refreshTokens, sessions } from './schema';

/** An expired link is kept a week, so that opening it still says "expired" rather than "invalid". */
const LINK_KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3600_000;

export interface Removed {
  links: number;
  refreshTokens: number;
  sessions: number;
  idempotencyKeys: number;
}

/** Firm ids, a page at a time after `after` (security definer, migration 0035). */
export async function tenantIdsAfter(db: Db, after: string | null, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`select jobs_tenant_ids(${after}::uuid, ${limit}) as id`);
  return result.rows.map((r) => r.id);
}

/**
 * One firm's expired rows. `now` is the wall clock of the links and sessions; `businessNow` the
 * server's clock, which the idempotency keys follow (tests move it).
 */
export async function removeExpired(tx: Tx, tenantId: string, now: Date, businessNow: Date): Promise<Removed> {
  const links = await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tenantId, tenantId), lt(oneTimeTokens.expiresAt, new Date(now.getTime() - LINK_KEPT_AFTER_EXPIRY_MS))))
    .returning({ id: oneTimeTokens.id });
  const tokens = await tx
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), lt(refreshTokens.expiresAt, now)))
    .returning({ id: refreshTokens.id });
  // A session without a refresh token left cannot be renewed: it has ended (revoked or not).
  const ended = await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        lt(sessions.lastUsedAt, now),
        sql`not exists (select 1 from ${refreshTokens} r where r.tenant_id = ${sessions.tenantId} and r.session_id = ${sessions.id})`,
      ),
    )
    .returning({ id: sessions.id });
  const keys = await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, tenantId), lt(idempotencyKeys.expiresAt, businessNow)))
    .returning({ key: idempotencyKeys.key });
  return { links: links.length, refreshTokens: tokens.length, sessions: ended.length, idempotencyKeys: keys.length };
}

export async function removeExpiredChallenges(db: Db, now: Date) {
  const rows = await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now)).returning({ id: authChallenges.id });
  return rows.length;
}
