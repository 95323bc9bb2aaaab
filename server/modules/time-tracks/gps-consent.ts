/**
 * GPS positions are stored only while the tenant's `gps` consent is granted; otherwise a sent
 * position is dropped without a word, the start or stop itself still happens.
 */
import type { Tx } from '../../db/database';
import { consentGranted } from '../../db/consents';

export interface Position {
  latitude: number;
  longitude: number;
}

export function gpsGranted(tx: Tx): Promise<boolean> {
  return consentGranted(tx, 'gps');
}

/** The position to store: the given one while the consent is granted, else none. */
export async function positionUnderConsent(tx: Tx, position: Position | null | undefined): Promise<Position | null> {
  if (!position) return null;
  return (await gpsGranted(tx)) ? position : null;
}
