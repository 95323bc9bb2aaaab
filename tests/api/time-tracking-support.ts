/**
 * Helpers of the time-tracking API tests: customers through the API, working time seeded straight
 * into the database at fixed past dates (the API only clocks in "now"), flags no call sets yet
 * (processed, archived, confirmed), and the audit trail as stored.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, timeTracks, userTimeTracks, userTimeTrackSegments } from '../../server/db/schema';
import type { TestServer } from '../support/test-server';
import type { Member } from './factories';

export async function newCustomer(member: Member, companyName = `Kunde ${crypto.randomBytes(3).toString('hex')}`) {
  const { data, response } = await member.api.POST('/api/Customers/Create', {
    body: { companyName, city: 'München', street: 'Musterstraße 12', zip: '80331', country: 'DE' },
  });
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

export async function archiveCustomer(member: Member, customer: { id: string; companyName: string | null }) {
  const { response } = await member.api.PUT('/api/Customers/Update', {
    body: { id: customer.id, companyName: customer.companyName, country: 'DE', archived: true },
  });
  expect(response.status).toBe(200);
}

export async function setGpsConsent(member: Member, granted: boolean) {
  const { response } = await member.api.POST('/api/Management/UpdateTenantConsent', { body: { purpose: 'gps', granted } });
  expect(response.status).toBe(200);
}

export async function auditOf(server: TestServer, tenantId: string, entityId: string) {
  return server.database.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.at),
  );
}

export async function auditCount(server: TestServer, tenantId: string) {
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.tenantId, tenantId)),
  );
  return row.n;
}

/** Marks a customer time track as processed, archived or covered by a work confirmation. */
export async function flagTimeTrack(server: TestServer, tenantId: string, id: string, flag: 'processed' | 'archived' | 'locked') {
  await server.database.withTenant(tenantId, (tx) =>
    tx
      .update(timeTracks)
      .set(
        flag === 'processed'
          ? { processedAt: new Date() }
          : flag === 'archived'
            ? { processedAt: new Date(), archivedAt: new Date() }
            : { confirmationId: crypto.randomUUID() },
      )
      .where(and(eq(timeTracks.tenantId, tenantId), eq(timeTracks.id, id))),
  );
}

/** Segments as `[kind, startIso, endIso | null]`, contiguous, oldest first. */
export type SeedSegment = ['work' | 'break', string, string | null];

/** A user time track with its segments at fixed times; ended unless the last segment is open. */
export async function seedUserTrack(server: TestServer, member: Member, segments: SeedSegment[], options: { processed?: boolean } = {}) {
  const id = crypto.randomUUID();
  const last = segments[segments.length - 1];
  const segmentIds = segments.map(() => crypto.randomUUID());
  await server.database.withTenant(member.tenantId, async (tx) => {
    await tx.insert(userTimeTracks).values({
      tenantId: member.tenantId,
      id,
      ownerId: member.userId,
      startedAt: new Date(segments[0][1]),
      endedAt: last[2] ? new Date(last[2]) : null,
      processedAt: options.processed ? new Date() : null,
    });
    await tx.insert(userTimeTrackSegments).values(
      segments.map(([kind, start, end], i) => ({
        tenantId: member.tenantId,
        id: segmentIds[i],
        trackId: id,
        kind,
        startedAt: new Date(start),
        endedAt: end ? new Date(end) : null,
      })),
    );
  });
  return { id, segmentIds };
}
