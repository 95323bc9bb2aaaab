/**
 * Marking entries processed (and archived) from the feed: `Invoice/MarkActivitiesAsProcessed` by
 * ids, all or nothing (unknown and foreign ids 404, running timers 409), and
 * `Invoice/MarkActivitiesAsProcessedByFilter` by customer and period; roles; the audit trail; and
 * the feed's processed and archived filters afterwards.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { images, informationEntries, timeTracks } from '../../server/db/schema';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry, postConfirmation, uploadImage } from './activity-support';
import { startScene, type Member, type TestTenant } from './factories';
import { auditCount, auditOf } from './time-tracking-support';

// `archive` has a default, so it may be left out (the server types list it as always there).
type MarkBody = components['schemas']['InvoiceMarkProcessedRequest'];
type FilterBody = components['schemas']['InvoiceMarkProcessedByFilterRequest'];
type MarkRequest = Omit<MarkBody, 'archive'> & { archive?: boolean };
type FilterRequest = Omit<FilterBody, 'archive'> & { archive?: boolean };
type Kind = 'information' | 'timeTrack' | 'image';

const MARK = '/api/Invoice/MarkActivitiesAsProcessed';
const BY_FILTER = '/api/Invoice/MarkActivitiesAsProcessedByFilter';

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, admin: Member, manager: Member, employee: Member;

beforeAll(async () => {
  ({ server, firm, other, owner, members: { admin, manager, employee } } = await startScene({ members: { admin: 'Admin', manager: { role: 'Manager', lang: 'en' }, employee: 'Employee' } }));
});
afterAll(() => server?.close());

const at = (day: number, hour = 8) => new Date(Date.UTC(2026, 9, day, hour, 0, 0));

/** One note, one stopped time track and one photo recorded by `member` (a new customer unless given), on one day. */
async function seed(member: Member = employee, options: { day?: number; customerId?: string } = {}) {
  const customerId = options.customerId ?? (await newCustomer(member.tenantId === firm.tenantId ? owner : other.owner)).id;
  const when = at(options.day ?? 3);
  return {
    customerId,
    information: (await newEntry(member, { customerId, subType: 'note', text: 'Steckdosen gesetzt', occurredAtUtc: when.toISOString() })).id,
    timeTrack: await insertTimeTrack(server, member, customerId, { startedAt: when, seconds: 3600 }),
    image: (await uploadImage(server, member, customerId, { category: 'after', createdAtUtc: when.toISOString() })).id,
  };
}

const tableOf = { information: informationEntries, timeTrack: timeTracks, image: images } as const;

/** The stored marks of an entry. */
async function marks(tenantId: string, kind: Kind, id: string) {
  const table = tableOf[kind];
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx
      .select({ processedAt: table.processedAt, archivedAt: table.archivedAt, confirmationId: table.confirmationId })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id))),
  );
  return row;
}

const mark = (member: Member, body: MarkRequest) => member.api.POST(MARK, { body: body as MarkBody });
const markByFilter = (member: Member, body: FilterRequest) => member.api.POST(BY_FILTER, { body: body as FilterBody });

type FeedQuery = Partial<{ includeProcessed: boolean; includeUnprocessed: boolean; archived: 'include' | 'exclude' | 'only' }>;

/** The customer's feed as `[kind, id, processed, archived]`, without confirmations. */
async function feed(member: Member, customerId: string, query: FeedQuery = {}) {
  const { data, response } = await member.api.GET('/api/CustomerActivities/ByCustomer', {
    params: { query: { customerId, includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 100, ...query } },
  });
  expect(response.status).toBe(200);
  return data!
    .data!.items.filter((i) => i.kind !== 'confirmation')
    .map((i) => ({ id: i.id, kind: i.kind, processed: i.processed, archived: i.archived }));
}

const idsOf = (items: { id: string }[]) => items.map((i) => i.id).sort();

async function confirm(member: Member, customerId: string, fields: { infoIds?: string[]; timeTrackIds?: string[] }) {
  const answer = await postConfirmation(server, member, customerId, fields);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as string;
}

describe('Invoice/MarkActivitiesAsProcessed', () => {
  it('marks an information entry, a time track and a photo processed; the feed shows them processed, not open', async () => {
    const s = await seed();
    const { data, response } = await mark(manager, { informationIds: [s.information], timeTrackIds: [s.timeTrack], imageIds: [s.image] });
    expect(response.status, JSON.stringify(data)).toBe(200);
    expect(data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 1, archived: false });

    for (const kind of ['information', 'timeTrack', 'image'] as const) {
      const row = await marks(firm.tenantId, kind, s[kind]);
      expect(row.processedAt, kind).toBeInstanceOf(Date);
      expect(row.archivedAt, kind).toBeNull();
    }
    expect(await feed(owner, s.customerId, { includeProcessed: false })).toEqual([]);
    const processed = await feed(owner, s.customerId, { includeUnprocessed: false, archived: 'exclude' });
    expect(idsOf(processed)).toEqual([s.information, s.timeTrack, s.image].sort());
    expect(processed.every((i) => i.processed && !i.archived)).toBe(true);
    expect(await feed(owner, s.customerId, { archived: 'only' })).toEqual([]);
  });

  it('marks only one kind when the other lists are empty (imageIds may be left out)', async () => {
    const s = await seed();
    const { data, response } = await mark(owner, { informationIds: [], timeTrackIds: [s.timeTrack] });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ informationCount: 0, timeTrackCount: 1, imageCount: 0, archived: false });
    const items = await feed(owner, s.customerId);
    expect(items.find((i) => i.id === s.timeTrack)).toMatchObject({ processed: true });
    expect(items.filter((i) => i.processed)).toHaveLength(1);
  });

  it('writes one audit row per changed entry, in the same transaction', async () => {
    const s = await seed();
    const { response } = await mark(admin, { informationIds: [s.information], timeTrackIds: [], imageIds: [s.image], archive: true });
    expect(response.status).toBe(200);
    for (const kind of ['information', 'image'] as const) {
      const trail = await auditOf(server, firm.tenantId, s[kind]);
      const last = trail.at(-1)!;
      expect(last).toMatchObject({ action: 'update', actorId: admin.userId, entity: kind === 'image' ? 'image' : 'information' });
      expect(last.changes).toMatchObject({
        via: 'markProcessed',
        before: { processedAt: null, archivedAt: null },
        after: { processedAt: expect.any(String), archivedAt: expect.any(String) },
      });
    }
  });

  it('archives with `archive`: processed and archived, only in the feed\'s archive', async () => {
    const s = await seed();
    const { data, response } = await mark(owner, { informationIds: [s.information], timeTrackIds: [s.timeTrack], imageIds: [s.image], archive: true });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 1, archived: true });
    for (const kind of ['information', 'timeTrack', 'image'] as const) {
      const row = await marks(firm.tenantId, kind, s[kind]);
      expect(row.processedAt, kind).toBeInstanceOf(Date);
      expect(row.archivedAt, kind).toBeInstanceOf(Date);
    }
    expect(await feed(owner, s.customerId, { archived: 'exclude' })).toEqual([]);
    const archived = await feed(owner, s.customerId, { archived: 'only', includeUnprocessed: false });
    expect(idsOf(archived)).toEqual([s.information, s.timeTrack, s.image].sort());
    expect(archived.every((i) => i.processed && i.archived)).toBe(true);
    // Archived entries are read-only.
    const change = await owner.api.PUT('/api/Information/Update', { body: { id: s.information, text: 'geändert' } });
    expect(change.response.status).toBe(409);
  });

  it('keeps already processed entries processed (their first mark), archives them when asked', async () => {
    const s = await seed();
    expect((await mark(owner, { informationIds: [s.information], timeTrackIds: [] })).response.status).toBe(200);
    const first = await marks(firm.tenantId, 'information', s.information);
    const trail = (await auditOf(server, firm.tenantId, s.information)).length;

    const again = await mark(owner, { informationIds: [s.information, s.information], timeTrackIds: [] });
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual({ informationCount: 1, timeTrackCount: 0, imageCount: 0, archived: false });
    expect(await marks(firm.tenantId, 'information', s.information)).toEqual(first);
    expect(await auditOf(server, firm.tenantId, s.information)).toHaveLength(trail);

    const archived = await mark(owner, { informationIds: [s.information], timeTrackIds: [], archive: true });
    expect(archived.data!.data).toMatchObject({ informationCount: 1, archived: true });
    const now = await marks(firm.tenantId, 'information', s.information);
    expect(now.processedAt).toEqual(first.processedAt);
    expect(now.archivedAt).toBeInstanceOf(Date);
    const last = (await auditOf(server, firm.tenantId, s.information)).at(-1)!;
    expect(last.changes).toEqual({ before: { archivedAt: null }, after: { archivedAt: expect.any(String) }, via: 'markProcessed' });

    // Archiving again changes nothing.
    expect((await mark(owner, { informationIds: [s.information], timeTrackIds: [], archive: true })).response.status).toBe(200);
    expect(await marks(firm.tenantId, 'information', s.information)).toEqual(now);
  });

  it('marks entries locked by a work confirmation; they stay locked', async () => {
    const s = await seed();
    const confirmationId = await confirm(owner, s.customerId, { infoIds: [s.information], timeTrackIds: [s.timeTrack] });
    const { data, response } = await mark(owner, { informationIds: [s.information], timeTrackIds: [s.timeTrack], archive: true });
    expect(response.status, JSON.stringify(data)).toBe(200);
    for (const kind of ['information', 'timeTrack'] as const) {
      const row = await marks(firm.tenantId, kind, s[kind]);
      expect(row).toMatchObject({ confirmationId, processedAt: expect.any(Date), archivedAt: expect.any(Date) });
    }
    // The confirmation covers only archived entries now: processed and archived in the feed.
    const { data: page } = await owner.api.GET('/api/CustomerActivities/ByCustomer', {
      params: { query: { customerId: s.customerId, kind: ['confirmation'], includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 10 } },
    });
    expect(page!.data!.items).toEqual([expect.objectContaining({ id: confirmationId, processed: true, archived: true, locked: true })]);
  });

  it('refuses a running timer with 409 and marks nothing', async () => {
    const s = await seed();
    const running = await insertTimeTrack(server, employee, s.customerId, { startedAt: new Date(Date.now() - 600_000), running: true });
    const audits = await auditCount(server, firm.tenantId);
    const { error, response } = await mark(owner, { informationIds: [s.information], timeTrackIds: [s.timeTrack, running], imageIds: [s.image] });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ isSuccess: false, errorMessages: [{ code: 'CONFLICT' }], errors: { timeTrackIds: [expect.any(String)] } });
    expect(error!.errorMessages[0].message).toContain('laufende Zeiterfassung');
    for (const kind of ['information', 'timeTrack', 'image'] as const) expect((await marks(firm.tenantId, kind, s[kind])).processedAt, kind).toBeNull();
    expect((await marks(firm.tenantId, 'timeTrack', running)).processedAt).toBeNull();
    expect(await auditCount(server, firm.tenantId)).toBe(audits);
  });

  it('answers 404 for an unknown id and for another tenant\'s, and marks nothing', async () => {
    const s = await seed();
    const foreign = await seed(other.owner);
    const audits = await auditCount(server, firm.tenantId);
    const attempts: MarkRequest[] = [
      { informationIds: [s.information, crypto.randomUUID()], timeTrackIds: [s.timeTrack] },
      { informationIds: [s.information], timeTrackIds: [s.timeTrack], imageIds: [foreign.image] },
      { informationIds: [foreign.information], timeTrackIds: [foreign.timeTrack], imageIds: [s.image], archive: true },
    ];
    for (const body of attempts) {
      const { error, response } = await mark(owner, body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
    }
    const third = await mark(owner, attempts[2]);
    expect(Object.keys(third.error!.errors).sort()).toEqual(['informationIds', 'timeTrackIds']);
    for (const kind of ['information', 'timeTrack', 'image'] as const) {
      expect((await marks(firm.tenantId, kind, s[kind])).processedAt, kind).toBeNull();
      expect((await marks(other.tenantId, kind, foreign[kind])).processedAt, kind).toBeNull();
    }
    expect(await auditCount(server, firm.tenantId)).toBe(audits);
  });

  it('answers 400 NO_ACTIVITIES_SELECTED when every list is empty', async () => {
    for (const body of [{ informationIds: [], timeTrackIds: [] }, { informationIds: [], timeTrackIds: [], imageIds: [], archive: true }]) {
      const { error, response } = await mark(owner, body);
      expect(response.status).toBe(400);
      expect(error!.errorMessages).toEqual([{ code: 'NO_ACTIVITIES_SELECTED', message: 'Bitte wählen Sie mindestens einen Eintrag aus.' }]);
    }
  });

  it('answers 400 VALIDATION_ERROR for wrong types, missing lists, bad ids and unknown fields', async () => {
    const s = await seed();
    const bodies: [unknown, string][] = [
      [{ informationIds: s.information, timeTrackIds: [] }, 'informationIds'],
      [{ informationIds: [], timeTrackIds: [42] }, 'timeTrackIds.0'],
      [{ informationIds: ['not-a-uuid'], timeTrackIds: [] }, 'informationIds.0'],
      [{ informationIds: [s.information], timeTrackIds: [], archive: 'yes' }, 'archive'],
      [{ informationIds: [s.information] }, 'timeTrackIds'],
      [{ informationIds: [s.information], timeTrackIds: [], customerId: s.customerId }, 'customerId'],
    ];
    for (const [body, field] of bodies) {
      const answer = await rawCall(server.baseUrl, 'POST', MARK, { headers: { ...owner.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await marks(firm.tenantId, 'information', s.information)).processedAt).toBeNull();
  });

  it('is for the back office: an Employee gets 403, no token 401', async () => {
    const s = await seed();
    const refused = await mark(employee, { informationIds: [s.information], timeTrackIds: [] });
    expect(refused.response.status).toBe(403);
    expect(refused.error!.errorMessages[0].code).toBe('FORBIDDEN');
    const anonymous = await rawCall(server.baseUrl, 'POST', MARK, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ informationIds: [s.information], timeTrackIds: [] }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorMessages[0].code).toBe('UNAUTHORIZED');
    expect((await marks(firm.tenantId, 'information', s.information)).processedAt).toBeNull();
  });
});

describe('Invoice/MarkActivitiesAsProcessedByFilter', () => {
  it('with dryRun answers the counts the real call then has, and marks nothing', async () => {
    const s = await seed(employee, { day: 5 });
    const customerId = s.customerId;
    await seed(employee, { day: 6, customerId });
    const dry = await markByFilter(owner, { customerId, fromDate: at(1).toISOString(), toDate: at(15).toISOString(), archive: true, dryRun: true });
    expect(dry.response.status).toBe(200);
    expect(dry.data!.data).toEqual({ informationCount: 2, timeTrackCount: 2, imageCount: 2, archived: true });
    expect(await feed(owner, customerId, { includeUnprocessed: false })).toEqual([]);
    expect((await marks(firm.tenantId, 'timeTrack', s.timeTrack)).processedAt).toBeNull();
    expect((await auditOf(server, firm.tenantId, s.timeTrack)).some((a) => (a.changes as { via?: string } | null)?.via === 'markProcessed')).toBe(false);

    const real = await markByFilter(owner, { customerId, fromDate: at(1).toISOString(), toDate: at(15).toISOString(), archive: true });
    expect(real.data!.data).toEqual(dry.data!.data);
    expect(await feed(owner, customerId, { includeProcessed: false })).toEqual([]);
  });

  it('marks the customer\'s open entries with their time in [fromDate, toDate), nothing else', async () => {
    const early = await seed(employee, { day: 1 });
    const customerId = early.customerId;
    const inside = await seed(employee, { day: 5, customerId });
    const atEnd = await seed(employee, { day: 10, customerId });
    const otherCustomer = await seed(employee, { day: 5 });

    const { data, response } = await markByFilter(manager, { customerId, fromDate: at(5).toISOString(), toDate: at(10).toISOString() });
    expect(response.status, JSON.stringify(data)).toBe(200);
    expect(data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 1, archived: false });

    const processed = await feed(owner, customerId, { includeUnprocessed: false });
    expect(idsOf(processed)).toEqual([inside.information, inside.timeTrack, inside.image].sort());
    const open = await feed(owner, customerId, { includeProcessed: false });
    expect(idsOf(open)).toEqual([early.information, early.timeTrack, early.image, atEnd.information, atEnd.timeTrack, atEnd.image].sort());
    expect((await feed(owner, otherCustomer.customerId, { includeUnprocessed: false }))).toEqual([]);

    // The audit trail knows who marked them.
    const last = (await auditOf(server, firm.tenantId, inside.timeTrack)).at(-1)!;
    expect(last).toMatchObject({ entity: 'time_track', action: 'update', actorId: manager.userId, changes: { via: 'markProcessed', after: { processedAt: expect.any(String) } } });
  });

  it('takes a missing bound as no limit, archives with `archive`, and leaves processed entries alone', async () => {
    const first = await seed(employee, { day: 2 });
    const customerId = first.customerId;
    const second = await seed(employee, { day: 20, customerId });
    expect((await mark(owner, { informationIds: [first.information], timeTrackIds: [] })).response.status).toBe(200);

    const upTo = await markByFilter(owner, { customerId, toDate: at(15).toISOString(), archive: true });
    expect(upTo.data!.data).toEqual({ informationCount: 0, timeTrackCount: 1, imageCount: 1, archived: true });
    expect((await marks(firm.tenantId, 'information', first.information)).archivedAt).toBeNull();
    expect((await marks(firm.tenantId, 'timeTrack', first.timeTrack)).archivedAt).toBeInstanceOf(Date);

    const from = await markByFilter(owner, { customerId, fromDate: at(15).toISOString() });
    expect(from.data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 1, archived: false });
    expect(await feed(owner, customerId, { includeProcessed: false })).toEqual([]);
    expect(idsOf(await feed(owner, customerId, { archived: 'only' }))).toEqual([first.timeTrack, first.image].sort());
    expect((await marks(firm.tenantId, 'image', second.image)).archivedAt).toBeNull();

    // Nothing open any more: zero counts, not an error.
    const nothing = await markByFilter(owner, { customerId });
    expect(nothing.response.status).toBe(200);
    expect(nothing.data!.data).toEqual({ informationCount: 0, timeTrackCount: 0, imageCount: 0, archived: false });
  });

  it('without a customer marks every open entry of the tenant, never another tenant\'s', async () => {
    const mine = await seed(employee, { day: 12 });
    const foreign = await seed(other.owner, { day: 12 });
    const { data, response } = await markByFilter(owner, { fromDate: at(12).toISOString(), toDate: at(13).toISOString() });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 1, archived: false });
    for (const kind of ['information', 'timeTrack', 'image'] as const) {
      expect((await marks(firm.tenantId, kind, mine[kind])).processedAt, kind).toBeInstanceOf(Date);
      expect((await marks(other.tenantId, kind, foreign[kind])).processedAt, kind).toBeNull();
    }
  });

  it('leaves running timers out', async () => {
    const s = await seed(employee, { day: 25 });
    const running = await insertTimeTrack(server, employee, s.customerId, { startedAt: new Date(Date.now() - 600_000), running: true });
    const { data, response } = await markByFilter(owner, { customerId: s.customerId });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ informationCount: 1, timeTrackCount: 1, imageCount: 1, archived: false });
    expect((await marks(firm.tenantId, 'timeTrack', running)).processedAt).toBeNull();
    expect((await marks(firm.tenantId, 'timeTrack', s.timeTrack)).processedAt).toBeInstanceOf(Date);
  });

  it('answers END_BEFORE_START when toDate is not after fromDate, and marks nothing', async () => {
    const s = await seed(employee, { day: 6 });
    for (const [fromDate, toDate] of [
      [at(7), at(5)],
      [at(6), at(6)],
    ]) {
      const { error, response } = await markByFilter(owner, { customerId: s.customerId, fromDate: fromDate.toISOString(), toDate: toDate.toISOString() });
      expect(response.status).toBe(400);
      expect(error!.errorMessages[0].code).toBe('END_BEFORE_START');
      expect(error!.errors).toHaveProperty('toDate');
    }
    expect((await marks(firm.tenantId, 'information', s.information)).processedAt).toBeNull();
  });

  it('answers 404 for an unknown customer and for another tenant\'s', async () => {
    const foreign = await seed(other.owner);
    for (const customerId of [crypto.randomUUID(), foreign.customerId]) {
      const { error, response } = await markByFilter(owner, { customerId });
      expect(response.status).toBe(404);
      expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
    }
    expect((await marks(other.tenantId, 'information', foreign.information)).processedAt).toBeNull();
  });

  it('refuses wrong types, an Employee (403) and a call without a token (401)', async () => {
    const s = await seed(employee, { day: 8 });
    for (const body of [{ customerId: 'nope' }, { fromDate: 'yesterday' }, { archive: 1 }, { onlyProcessed: true }]) {
      const answer = await rawCall(server.baseUrl, 'POST', BY_FILTER, { headers: { ...owner.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
    }
    expect((await markByFilter(employee, { customerId: s.customerId })).response.status).toBe(403);
    const anonymous = await rawCall(server.baseUrl, 'POST', BY_FILTER, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerId: s.customerId }) });
    expect(anonymous.status).toBe(401);
    expect((await marks(firm.tenantId, 'information', s.information)).processedAt).toBeNull();
  });
});
