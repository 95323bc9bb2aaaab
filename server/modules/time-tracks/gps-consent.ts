/**
 * GPS positions are stored only while the tenant's `gps` consent is granted (domain.md, Consents);
 * otherwise a sent position is dropped without a word, the start or stop itself still happens.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { consents } from '../../db/schema';

export interface Position {
  latitude: number;
  longitude: number;
}

export async function gpsGranted(tx: Tx): Promise<boolean> {
  const [row] = await tx.select().from(consents).where(eq(consents.purpose, 'gps'));
  return !!row?.grantedAt && (!row.revokedAt || row.revokedAt < row.grantedAt);
}

/** The position to store: the given one while the consent is granted, else none. */
export async function positionUnderConsent(tx: Tx, position: Position | null | undefined): Promise<Position | null> {
  if (!position) return null;
  return (await gpsGranted(tx)) ? position : null;
}
