/** The firm's consents (terms, privacy, ai, gps): one rule for "granted", one query for it. */
import { eq } from 'drizzle-orm';
import type { Tx } from './database';
import { consents } from './schema';

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

/** Grants or revokes the purpose for the tenant, keeping who did it and the text version. */
export async function upsertConsent(tx: Tx, tenantId: string, purpose: string, granted: boolean, userId: string, version: string) {
  const now = new Date();
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
