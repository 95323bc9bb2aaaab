/** The firm's consents (terms, privacy, ai, gps): one rule for "granted", one query for it. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from './database';
import { consentEvents, consents, users } from './schema';
import { memberNameSql } from '../platform/display-names';

/** Granted, and not revoked since: a consent granted again after a revocation counts. */
export function isGranted(row: { grantedAt: Date | null; revokedAt: Date | null } | undefined): boolean {
  return !!row?.grantedAt && (!row.revokedAt || row.revokedAt < row.grantedAt);
}

/** The tenant's row of the purpose, if it was ever granted or revoked. */
export async function findConsent(tx: Tx, purpose: string) {
  const [row] = await tx.select().from(consents).where(eq(consents.purpose, purpose));
  return row;
}

/** Whether the tenant of the transaction has granted the purpose now. */
export async function consentGranted(tx: Tx, purpose: string): Promise<boolean> {
  const [row] = await tx
    .select({ grantedAt: consents.grantedAt, revokedAt: consents.revokedAt })
    .from(consents)
    .where(eq(consents.purpose, purpose));
  return isGranted(row);
}

/**
 * Grants or revokes the purpose for the tenant: the present state per purpose is updated and the
 * grant or revocation is added to the history (who, when, which text version), which is never
 * overwritten.
 */
export async function upsertConsent(tx: Tx, tenantId: string, purpose: string, granted: boolean, userId: string, version: string) {
  const now = new Date();
  await tx.insert(consentEvents).values({ tenantId, purpose, granted, at: now, userId, version });
  await tx
    .insert(consents)
    .values({ tenantId, purpose, grantedAt: granted ? now : null, revokedAt: granted ? null : now, grantedBy: userId, version })
    .onConflictDoUpdate({
      target: [consents.tenantId, consents.purpose],
      set: granted
        ? { grantedAt: now, revokedAt: null, grantedBy: userId, version }
        : { revokedAt: now, grantedBy: userId },
    });
}

/** One page of the history, newest first, with the member's present name. */
export async function consentHistory(tx: Tx, options: { purpose?: string; page: number; pageSize: number }) {
  const where: SQL | undefined = options.purpose ? eq(consentEvents.purpose, options.purpose) : undefined;
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(consentEvents).where(where);
  const items = await tx
    .select({
      id: consentEvents.id,
      purpose: consentEvents.purpose,
      granted: consentEvents.granted,
      at: consentEvents.at,
      userId: consentEvents.userId,
      userName: memberNameSql(users),
      version: consentEvents.version,
    })
    .from(consentEvents)
    .leftJoin(users, and(eq(users.tenantId, consentEvents.tenantId), eq(users.id, consentEvents.userId)))
    .where(where)
    .orderBy(desc(consentEvents.at), desc(consentEvents.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { totalCount: count, items };
}
