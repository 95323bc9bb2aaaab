/** The firm's consents (terms, privacy, ai, gps): one rule for "granted", one query for it. */
import { eq } from 'drizzle-orm';
import type { Tx } from './database';
import { consents } from './schema';

/** Granted, and not revoked since: a consent granted again after a revocation counts. */
export function isGranted(row: { grantedAt: Date | null; revokedAt: Date | null } | undefined): boolean {
  return !!row?.grantedAt && (!row.revokedAt || row.revokedAt < row.grantedAt);
}

/** Whether the tenant of the transaction has granted the purpose now. */
export async function consentGranted(tx: Tx, purpose: string): Promise<boolean> {
  const [row] = await tx
    .select({ grantedAt: consents.grantedAt, revokedAt: consents.revokedAt })
    .from(consents)
    .where(eq(consents.purpose, purpose));
  return isGranted(row);
}
