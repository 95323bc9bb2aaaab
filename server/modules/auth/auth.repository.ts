/** Queries of the accounts feature. Tenant queries take the transaction of `withTenant`. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionRow } from '../../db/accounts';
import { uuidLiteral, type Database, type Db, type OpenedTransaction, type Tx } from '../../db/database';
import { authChallenges, oneTimeTokens, passkeys, refreshTokens, sessions, tenants } from '../../db/schema';


export async function insertTenant(tx: Tx, values: typeof tenants.$inferInsert) {
  await tx.insert(tenants).values(values);
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row;
}

interface SessionStateRow {
  revoked_at: Date | null;
  role: string;
  archived: boolean;
  trial_ends_at: Date | null;
  subscription_provider: string | null;
  subscription_status: string | null;
  seat_id: string | null;
}

/**
 * The member's session as every request checks it: the session, the member's current role and
 * archived flag, and what licensing needs (trial end, subscription, seat), in one round trip
 * (migration 0017's `app_session_state`: read under row-level security, the last use noted at most
 * once a minute).
 * - `hold: false`: on its own, the tenant set for that statement only;
 * - `hold: true`: as the first statement of a tenant transaction (`Database.openTenant`), which the
 *   request's handler may go on with: one round trip less for a call without a body.
 */
export async function sessionState(database: Database, tenantId: string, sessionId: string, userId: string, hold: boolean) {
  let row: SessionStateRow | undefined;
  let opened: OpenedTransaction | undefined;
  if (hold) {
    const answer = await database.openTenant<SessionStateRow>(
      tenantId,
      `select * from app_session_state(${uuidLiteral(tenantId)}, ${uuidLiteral(sessionId)}, ${uuidLiteral(userId)})`,
    );
    row = answer.rows[0];
    opened = answer.opened;
  } else {
    const { rows } = await database.pool.query<SessionStateRow>('select * from app_session_state($1, $2, $3)', [tenantId, sessionId, userId]);
    row = rows[0];
  }
  const state = row
    ? {
        revokedAt: row.revoked_at,
        role: row.role,
        archived: row.archived,
        trialEndsAt: row.trial_ends_at,
        subscriptionProvider: row.subscription_provider,
        subscriptionStatus: row.subscription_status,
        seatId: row.seat_id,
      }
    : undefined;
  return { state, opened };
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

/**
 * The passkey challenges live outside every tenant (sign-in does not know the tenant yet), so they
 * are written and taken on the pool, not in a tenant transaction. Expired ones are removed by the
 * hourly cleanup job (decision 0040).
 */
export async function saveChallenge(db: Db, values: typeof authChallenges.$inferInsert): Promise<string> {
  const [row] = await db.insert(authChallenges).values(values).returning({ id: authChallenges.id });
  return row.id;
}

/** Takes a challenge once: a second use, another kind or an expired one finds nothing. */
export async function takeChallenge(db: Db, id: string, kind: string) {
  const [row] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.id, id), eq(authChallenges.kind, kind), gt(authChallenges.expiresAt, new Date())))
    .returning();
  return row as typeof authChallenges.$inferSelect | undefined;
}
