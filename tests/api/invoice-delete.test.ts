/**
 * `Invoice/DeleteActivitiesByFilter`: a customer's entries in a period are deleted (only processed
 * ones with `onlyProcessed`); entries locked by a work confirmation and running timers are kept and
 * counted as skipped; confirmations stay; every deletion is in the audit trail; refusals.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { auditLog, images, informationEntries, timeTracks, workConfirmations } from '../../server/db/schema';
import type { TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry, postConfirmation, uploadImage } from './activity-support';
import { startScene, type Member, type TestTenant } from './factories';

type DeleteBody = components['schemas']['InvoiceDeleteByFilterRequest'];

const DELETE = '/api/Invoice/DeleteActivitiesByFilter';
const FROM = '2026-10-01T00:00:00Z';
const TO = '2026-11-01T00:00:00Z';

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, employee: Member;

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, employee } } = await startScene({ members: { manager: 'Manager', employee: 'Employee' } }));
});
afterAll(() => server?.close());

const at = (day: number) => new Date(Date.UTC(2026, 9, day, 8, 0, 0));

async function confirm(member: Member, customerId: string, fields: { infoIds?: string[]; timeTrackIds?: string[] }) {
  const answer = await postConfirmation(server, member, customerId, fields);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as string;
}

/** A customer with open, processed, locked and running entries in October, and one entry in November. */
async function seed() {
  const customer = await newCustomer(owner);
  const note = (await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'offen', occurredAtUtc: at(2).toISOString() })).id;
  const material = (await newEntry(employee, { customerId: customer.id, subType: 'material', text: 'Dübel', unit: 'Pck', quantity: 1, occurredAtUtc: at(3).toISOString() })).id;
  const track = await insertTimeTrack(server, employee, customer.id, { startedAt: at(4), seconds: 3600 });
  const lockedTrack = await insertTimeTrack(server, employee, customer.id, { startedAt: at(5), seconds: 1800 });
  const running = await insertTimeTrack(server, employee, customer.id, { startedAt: at(6), running: true });
  const photo = (await uploadImage(server, employee, customer.id, { category: 'after', createdAtUtc: at(7).toISOString() })).id;
  const [photoFiles] = await server.database.withTenant(firm.tenantId, (tx) =>
    tx.select({ storageKey: images.storageKey, thumbnailKey: images.thumbnailKey }).from(images).where(and(eq(images.tenantId, firm.tenantId), eq(images.id, photo))),
  );
  expect(await server.app.deps.storage.stat(photoFiles.storageKey)).toBeDefined();
  const november = (await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'später', occurredAtUtc: '2026-11-02T08:00:00Z' })).id;
  const confirmation = await confirm(owner, customer.id, { timeTrackIds: [lockedTrack] });
  const marked = await owner.api.POST('/api/Invoice/MarkActivitiesAsProcessed', { body: { informationIds: [material], timeTrackIds: [track, lockedTrack], archive: false } });
  expect(marked.response.status).toBe(200);
  return { customer, note, material, track, lockedTrack, running, photo, photoFiles, november, confirmation };
}

async function remaining(tenantId: string, ids: string[]) {
  return server.database.withTenant(tenantId, async (tx) => {
    const found = [
      ...(await tx.select({ id: informationEntries.id }).from(informationEntries).where(and(eq(informationEntries.tenantId, tenantId), inArray(informationEntries.id, ids)))),
      ...(await tx.select({ id: timeTracks.id }).from(timeTracks).where(and(eq(timeTracks.tenantId, tenantId), inArray(timeTracks.id, ids)))),
      ...(await tx.select({ id: images.id }).from(images).where(and(eq(images.tenantId, tenantId), inArray(images.id, ids)))),
    ];
    return found.map((r) => r.id).sort();
  });
}

const remove = (member: Member, body: Partial<DeleteBody> & { customerId: string }) =>
  member.api.DELETE(DELETE, { body: { fromDate: FROM, toDate: TO, onlyProcessed: false, ...body } });

describe('Invoice/DeleteActivitiesByFilter', () => {
  it('with dryRun answers exactly the counts of the real call and deletes, audits and removes nothing', async () => {
    const s = await seed();
    const all = [s.note, s.material, s.track, s.lockedTrack, s.running, s.photo, s.november];
    const auditRows = () => server.database.withTenant(firm.tenantId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.tenantId, firm.tenantId), eq(auditLog.action, 'delete'))));
    const auditBefore = (await auditRows()).length;
    const dry = await remove(owner, { customerId: s.customer.id, dryRun: true });
    expect(dry.response.status).toBe(200);
    expect(dry.data!.data).toEqual({ informationCount: 2, timeTrackCount: 1, imageCount: 1, skippedCount: 2 });
    expect(await remaining(firm.tenantId, all)).toEqual([...all].sort());
    expect((await auditRows()).length).toBe(auditBefore);
    expect(await server.app.deps.storage.stat(s.photoFiles.storageKey)).toBeDefined();
    const dryProcessed = await remove(owner, { customerId: s.customer.id, onlyProcessed: true, dryRun: true });
    expect(dryProcessed.data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 0, skippedCount: 1 });

    const real = await remove(owner, { customerId: s.customer.id, dryRun: false });
    expect(real.data!.data).toEqual(dry.data!.data);
    expect(await remaining(firm.tenantId, all)).toEqual([s.lockedTrack, s.running, s.november].sort());
  });

  it('refuses a dry run like the real call: another firm\'s customer 404, an Employee 403, a wrong type 400', async () => {
    const s = await seed();
    expect((await remove(other.owner, { customerId: s.customer.id, dryRun: true })).response.status).toBe(404);
    expect((await remove(employee, { customerId: s.customer.id, dryRun: true })).response.status).toBe(403);
    const wrong = await owner.api.DELETE(DELETE, { body: { customerId: s.customer.id, fromDate: FROM, toDate: TO, onlyProcessed: false, dryRun: 'yes' as never } });
    expect(wrong.response.status).toBe(400);
  });

  it('with onlyProcessed deletes only processed entries; a locked one is kept and counted as skipped', async () => {
    const s = await seed();
    const { data, response } = await remove(manager, { customerId: s.customer.id, onlyProcessed: true });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 0, skippedCount: 1 });
    const all = [s.note, s.material, s.track, s.lockedTrack, s.running, s.photo, s.november];
    expect(await remaining(firm.tenantId, all)).toEqual([s.note, s.lockedTrack, s.running, s.photo, s.november].sort());
  });

  it('without it deletes every entry in the period except locked ones and running timers, keeps the confirmation and writes the audit trail', async () => {
    const s = await seed();
    const { data, response } = await remove(owner, { customerId: s.customer.id });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ informationCount: 2, timeTrackCount: 1, imageCount: 1, skippedCount: 2 });
    const all = [s.note, s.material, s.track, s.lockedTrack, s.running, s.photo, s.november];
    expect(await remaining(firm.tenantId, all)).toEqual([s.lockedTrack, s.running, s.november].sort());

    const [confirmation] = await server.database.withTenant(firm.tenantId, (tx) =>
      tx.select().from(workConfirmations).where(and(eq(workConfirmations.tenantId, firm.tenantId), eq(workConfirmations.id, s.confirmation))),
    );
    expect(confirmation).toBeDefined();

    const audit = await server.database.withTenant(firm.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, firm.tenantId), eq(auditLog.action, 'delete'), inArray(auditLog.entityId, [s.note, s.material, s.track, s.photo]))),
    );
    expect(audit.map((a) => [a.entity, a.entityId, a.actorId]).sort()).toEqual(
      [
        ['image', s.photo, owner.userId],
        ['information', s.material, owner.userId],
        ['information', s.note, owner.userId],
        ['time_track', s.track, owner.userId],
      ].sort(),
    );
    const noteAudit = audit.find((a) => a.entityId === s.note)!;
    expect(noteAudit.changes).toMatchObject({ before: { id: s.note, text: 'offen', sub_type: 'note' }, via: 'deleteByFilter' });

    // The photo's files are gone with it.
    expect(await server.app.deps.storage.stat(s.photoFiles.storageKey)).toBeUndefined();
    expect(await server.app.deps.storage.stat(s.photoFiles.thumbnailKey)).toBeUndefined();

    // Nothing left to delete: a second call deletes nothing and still reports what it kept.
    const again = await remove(owner, { customerId: s.customer.id });
    expect(again.data!.data).toEqual({ informationCount: 0, timeTrackCount: 0, imageCount: 0, skippedCount: 2 });
  });

  it('answers 404 for another firm\'s customer and deletes nothing there', async () => {
    const foreign = await newCustomer(other.owner);
    const entry = (await newEntry(other.owner, { customerId: foreign.id, subType: 'note', text: 'fremd', occurredAtUtc: at(2).toISOString() })).id;
    const { response, error } = await remove(owner, { customerId: foreign.id });
    expect(response.status).toBe(404);
    expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
    expect(await remaining(other.tenantId, [entry])).toEqual([entry]);
  });

  it('answers END_BEFORE_START for an end not after the start, and 403 to an Employee', async () => {
    const s = await seed();
    const inverted = await remove(owner, { customerId: s.customer.id, fromDate: TO, toDate: TO });
    expect(inverted.response.status).toBe(400);
    expect(inverted.error!.errorMessages[0].code).toBe('END_BEFORE_START');
    const denied = await remove(employee, { customerId: s.customer.id });
    expect(denied.response.status).toBe(403);
    expect(await remaining(firm.tenantId, [s.note, s.track])).toEqual([s.note, s.track].sort());
  });
});
