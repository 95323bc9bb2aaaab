/** Settings of the firm that many modules read: each read here once, with its default. */
import { eq } from 'drizzle-orm';
import { zoneOrDefault } from '../platform/time-zone';
import type { Tx } from './database';
import { tenants } from './schema';

/** The firm's row (the transaction's tenant: row-level security shows no other). */
export async function findTenant(tx: Tx) {
  const [row] = await tx.select().from(tenants);
  return row;
}

/** The firm's time zone, in which its days, weeks and file names are counted. */
export async function tenantTimeZone(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.tenantId, tenantId));
  return zoneOrDefault(row?.timeZone);
}
