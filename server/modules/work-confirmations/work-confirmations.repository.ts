/**
 * Queries of the work confirmations and of the entries they cover, each inside the tenant
 * transaction of `database.withTenant`. The entries a confirmation is about to cover are read
 * `FOR UPDATE`: a change, a delete or a second confirmation waits until this one is stored, and
 * then sees the lock.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { images, informationEntries, timeTracks, users, workConfirmations } from '../../db/schema';
import { memberNameSql } from '../../platform/display-names';

const ownerName = memberNameSql(users);

export type ConfirmationRow = typeof workConfirmations.$inferSelect;
export type CoveredInformation = typeof informationEntries.$inferSelect & { ownerName: string };
export type CoveredTimeTrack = typeof timeTracks.$inferSelect & { ownerName: string };
export type CoveredImage = typeof images.$inferSelect & { ownerName: string };

/** Which entries to read: the ids sent, or all open ones of the customer up to the signing time. */
export type Selection =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'open'; customerId: string; until: Date; onlyOwnTimeOf?: string };

export async function findConfirmation(tx: Tx, tenantId: string, id: string): Promise<ConfirmationRow | undefined> {
  const [row] = await tx
    .select()
    .from(workConfirmations)
    .where(and(eq(workConfirmations.tenantId, tenantId), eq(workConfirmations.id, id)));
  return row;
}

export async function lockInformation(tx: Tx, tenantId: string, selection: Selection): Promise<CoveredInformation[]> {
  if (selection.kind === 'ids' && selection.ids.length === 0) return [];
  const where =
    selection.kind === 'ids'
      ? and(eq(informationEntries.tenantId, tenantId), inArray(informationEntries.id, selection.ids))
      : and(
          eq(informationEntries.tenantId, tenantId),
          eq(informationEntries.customerId, selection.customerId),
          isNull(informationEntries.confirmationId),
          isNull(informationEntries.archivedAt),
          lte(informationEntries.occurredAt, selection.until),
          selection.onlyOwnTimeOf
            ? or(sql`${informationEntries.subType} <> 'time'`, eq(informationEntries.ownerId, selection.onlyOwnTimeOf))
            : undefined,
        );
  const rows = await tx
    .select({ entry: informationEntries, ownerName: sql<string>`${ownerName}` })
    .from(informationEntries)
    .innerJoin(users, and(eq(users.tenantId, informationEntries.tenantId), eq(users.id, informationEntries.ownerId)))
    .where(where)
    .orderBy(asc(informationEntries.occurredAt), asc(informationEntries.id))
    .for('update', { of: informationEntries });
  return rows.map((r) => ({ ...r.entry, ownerName: r.ownerName }));
}

export async function lockTimeTracks(tx: Tx, tenantId: string, selection: Selection): Promise<CoveredTimeTrack[]> {
  if (selection.kind === 'ids' && selection.ids.length === 0) return [];
  const where =
    selection.kind === 'ids'
      ? and(eq(timeTracks.tenantId, tenantId), inArray(timeTracks.id, selection.ids))
      : and(
          eq(timeTracks.tenantId, tenantId),
          eq(timeTracks.customerId, selection.customerId),
          isNull(timeTracks.confirmationId),
          isNull(timeTracks.archivedAt),
          sql`${timeTracks.endedAt} is not null`,
          lte(timeTracks.startedAt, selection.until),
          selection.onlyOwnTimeOf ? eq(timeTracks.ownerId, selection.onlyOwnTimeOf) : undefined,
        );
  const rows = await tx
    .select({ track: timeTracks, ownerName: sql<string>`${ownerName}` })
    .from(timeTracks)
    .innerJoin(users, and(eq(users.tenantId, timeTracks.tenantId), eq(users.id, timeTracks.ownerId)))
    .where(where)
    .orderBy(asc(timeTracks.startedAt), asc(timeTracks.id))
    .for('update', { of: timeTracks });
  return rows.map((r) => ({ ...r.track, ownerName: r.ownerName }));
}

export async function lockImages(tx: Tx, tenantId: string, selection: Selection): Promise<CoveredImage[]> {
  if (selection.kind === 'ids' && selection.ids.length === 0) return [];
  const where =
    selection.kind === 'ids'
      ? and(eq(images.tenantId, tenantId), inArray(images.id, selection.ids))
      : and(
          eq(images.tenantId, tenantId),
          eq(images.customerId, selection.customerId),
          isNull(images.confirmationId),
          isNull(images.archivedAt),
          lte(images.takenAt, selection.until),
        );
  const rows = await tx
    .select({ image: images, ownerName: sql<string>`${ownerName}` })
    .from(images)
    .innerJoin(users, and(eq(users.tenantId, images.tenantId), eq(users.id, images.ownerId)))
    .where(where)
    .orderBy(asc(images.takenAt), asc(images.id))
    .for('update', { of: images });
  return rows.map((r) => ({ ...r.image, ownerName: r.ownerName }));
}

export async function insertConfirmation(tx: Tx, values: typeof workConfirmations.$inferInsert): Promise<ConfirmationRow> {
  const [row] = await tx.insert(workConfirmations).values(values).returning();
  return row;
}

/** Locks the covered entries: from now on they answer 409 ENTRY_LOCKED. */
export async function markCovered(
  tx: Tx,
  tenantId: string,
  confirmationId: string,
  covered: { informationIds: string[]; timeTrackIds: string[]; imageIds: string[] },
) {
  if (covered.informationIds.length) {
    await tx
      .update(informationEntries)
      .set({ confirmationId, updatedAt: new Date() })
      .where(and(eq(informationEntries.tenantId, tenantId), inArray(informationEntries.id, covered.informationIds)));
  }
  if (covered.timeTrackIds.length) {
    await tx
      .update(timeTracks)
      .set({ confirmationId, updatedAt: new Date() })
      .where(and(eq(timeTracks.tenantId, tenantId), inArray(timeTracks.id, covered.timeTrackIds)));
  }
  if (covered.imageIds.length) {
    await tx
      .update(images)
      .set({ confirmationId })
      .where(and(eq(images.tenantId, tenantId), inArray(images.id, covered.imageIds)));
  }
}

/** The ids a stored confirmation covers. */
export async function coveredIds(tx: Tx, tenantId: string, confirmationId: string) {
  const info = await tx
    .select({ id: informationEntries.id })
    .from(informationEntries)
    .where(and(eq(informationEntries.tenantId, tenantId), eq(informationEntries.confirmationId, confirmationId)))
    .orderBy(asc(informationEntries.occurredAt), asc(informationEntries.id));
  const tracks = await tx
    .select({ id: timeTracks.id })
    .from(timeTracks)
    .where(and(eq(timeTracks.tenantId, tenantId), eq(timeTracks.confirmationId, confirmationId)))
    .orderBy(asc(timeTracks.startedAt), asc(timeTracks.id));
  const photos = await tx
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.confirmationId, confirmationId)))
    .orderBy(asc(images.takenAt), asc(images.id));
  return { informationIds: info.map((r) => r.id), timeTrackIds: tracks.map((r) => r.id), imageIds: photos.map((r) => r.id) };
}

