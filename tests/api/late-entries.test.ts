/**
 * Working time entered afterwards (UserTimeTracks/AddDay and AddBreak): a forgotten day with its
 * breaks and a forgotten break, marked `addedLater`, kept in the audit trail, with the law warnings
 * of the day; the firm's limit of days back for Employees (Managers have none), the segment rules,
 * roles, another tenant's ids, bad input, and that every refusal changes nothing.
 */
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { userTimeTrackSegments } from '../../server/db/schema';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { testClock } from '../support/clock';
import { startScene, type Member, type TestTenant } from './factories';
import { auditCount, auditOf, seedUserTrack } from './time-tracking-support';

type UserTimeTrack = components['schemas']['UserTimeTrack'];
type AddDay = components['schemas']['UserTimeTrackAddDay'];

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, employee: Member, colleague: Member;
/** Friday, 27 November 2026, 12:00 in Berlin. */
const clock = testClock('2026-11-27T11:00:00Z');

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, employee, colleague } } = await startScene({ members: { manager: 'Manager', employee: 'Employee', colleague: 'Employee' }, server: { clock } }));
});
afterAll(() => server?.close());

const codeOf = (error: unknown) => (error as { errorMessages: { code: string }[] }).errorMessages[0].code;
const messageOf = (error: unknown) => (error as { errorMessages: { message: string }[] }).errorMessages[0].message;

async function addDay(member: Member, body: AddDay) {
  const { data, response, error } = await member.api.POST('/api/UserTimeTracks/AddDay', { body });
  return { status: response.status, track: data?.data as UserTimeTrack | undefined, message: data?.successMessage, error };
}
async function addBreak(member: Member, body: components['schemas']['UserTimeTrackAddBreak']) {
  const { data, response, error } = await member.api.POST('/api/UserTimeTracks/AddBreak', { body });
  return { status: response.status, track: data?.data as UserTimeTrack | undefined, error };
}
/** A call with any body, for input the typed client would not build. */
const call = (member: Member, method: string, path: string, body: unknown) =>
  rawCall(server.baseUrl, method, path, { body: JSON.stringify(body), headers: { ...member.auth, 'Content-Type': 'application/json' } });
const shape = (track: UserTimeTrack) => track.segments.map((s) => [s.kind, s.startedAtUtc, s.endedAtUtc]);
const iso = (s: string) => new Date(s).toISOString();

async function setLateEntryDays(days: number) {
  const tenant = (await owner.api.GET('/api/Management/GetTenant')).data!.data!;
  const { accountingConnection: _c, logoUpdatedAtUtc: _l, createdAtUtc: _a, id: _i, ...rest } = tenant;
  const { response, data } = await owner.api.PUT('/api/Management/UpdateTenant', { body: { ...rest, lateEntryDays: days } });
  expect(response.status, JSON.stringify(data)).toBe(200);
  expect(data!.data!.lateEntryDays).toBe(days);
}

describe('UserTimeTracks/AddDay', () => {
  it('lets an Employee add a forgotten day with breaks: marked added later, in the audit trail and in the day view', async () => {
    const { status, track, message } = await addDay(employee, {
      startedAtUtc: '2026-11-24T06:00:00Z',
      endedAtUtc: '2026-11-24T15:00:00Z',
      breaks: [
        { startedAtUtc: '2026-11-24T12:00:00Z', endedAtUtc: '2026-11-24T12:30:00Z' },
        { startedAtUtc: '2026-11-24T09:00:00Z', endedAtUtc: '2026-11-24T09:15:00Z' },
      ],
    });
    expect(status).toBe(200);
    expect(message).toBe('Der Arbeitstag wurde nachgetragen.');
    expect(track).toMatchObject({ ownerId: employee.userId, active: false, addedLater: true, workSeconds: 8.25 * 3600, breakSeconds: 45 * 60 });
    expect(shape(track!)).toEqual([
      ['work', iso('2026-11-24T06:00:00Z'), iso('2026-11-24T09:00:00Z')],
      ['break', iso('2026-11-24T09:00:00Z'), iso('2026-11-24T09:15:00Z')],
      ['work', iso('2026-11-24T09:15:00Z'), iso('2026-11-24T12:00:00Z')],
      ['break', iso('2026-11-24T12:00:00Z'), iso('2026-11-24T12:30:00Z')],
      ['work', iso('2026-11-24T12:30:00Z'), iso('2026-11-24T15:00:00Z')],
    ]);
    expect(track!.warnings).toEqual([]);
    const audit = await auditOf(server, firm.tenantId, track!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: employee.userId, action: 'create', entity: 'user_time_track' });
    expect(audit[0].changes).toMatchObject({ via: 'addDay', after: { addedLater: true } });

    const grouped = await employee.api.GET('/api/UserTimeTracks/GetListGrouped', {
      params: { query: { grouping: 'day', fromDate: '2026-11-23T23:00:00Z', toDate: '2026-11-24T23:00:00Z', page: 1, pageSize: 10, fillEmpty: false } },
    });
    expect(grouped.data!.data!.items[0].tracks.map((t) => [t.id, t.addedLater])).toEqual([[track!.id, true]]);
  });

  it('answers the working-time law warnings of the added day', async () => {
    const { status, track } = await addDay(employee, { startedAtUtc: '2026-11-25T05:00:00Z', endedAtUtc: '2026-11-25T13:00:00Z', breaks: [] });
    expect(status).toBe(200);
    expect(track!.warnings.map((w) => w.code).sort()).toEqual(['BREAK_TOO_SHORT', 'WORK_WITHOUT_BREAK_OVER_6H']);
    expect(track!.warnings[0].date).toBe('2026-11-25');
  });

  it('refuses an Employee a day further back than the firm allows (default 7 days), and lets a Manager add it for them', async () => {
    const before = await auditCount(server, firm.tenantId);
    const old = { startedAtUtc: '2026-11-19T07:00:00Z', endedAtUtc: '2026-11-19T11:00:00Z', breaks: [] };
    const refused = await addDay(employee, old);
    expect(refused.status).toBe(403);
    expect(codeOf(refused.error)).toBe('LATE_ENTRY_TOO_OLD');
    expect(messageOf(refused.error)).toBe('Arbeitszeit kann nur bis zu 7 Tage zurück nachgetragen werden. Bitte wenden Sie sich an Ihre Vorgesetzten.');
    expect(await auditCount(server, firm.tenantId)).toBe(before);
    // Seven days back is still allowed.
    expect((await addDay(employee, { ...old, startedAtUtc: '2026-11-20T07:00:00Z', endedAtUtc: '2026-11-20T11:00:00Z' })).status).toBe(200);

    const byManager = await addDay(manager, { ...old, ownerId: employee.userId });
    expect(byManager.status).toBe(200);
    expect(byManager.track).toMatchObject({ ownerId: employee.userId, addedLater: true });
    expect((await auditOf(server, firm.tenantId, byManager.track!.id))[0].actorId).toBe(manager.userId);
  });

  it('follows the firm’s setting; the setting refuses values out of range', async () => {
    await setLateEntryDays(1);
    const twoBack = { startedAtUtc: '2026-11-25T16:00:00Z', endedAtUtc: '2026-11-25T18:00:00Z', breaks: [] };
    const refused = await addDay(colleague, twoBack);
    expect(refused.status).toBe(403);
    expect(messageOf(refused.error)).toContain('1 Tage');
    expect((await addDay(colleague, { startedAtUtc: '2026-11-26T07:00:00Z', endedAtUtc: '2026-11-26T09:00:00Z', breaks: [] })).status).toBe(200);
    await setLateEntryDays(7);
    expect((await addDay(colleague, twoBack)).status).toBe(200);

    const tenant = (await owner.api.GET('/api/Management/GetTenant')).data!.data!;
    const { accountingConnection: _c, logoUpdatedAtUtc: _l, createdAtUtc: _a, id: _i, ...rest } = tenant;
    for (const bad of [-1, 366, 2.5, '7', null]) {
      const answer = await call(owner, 'PUT', '/api/Management/UpdateTenant', { ...rest, lateEntryDays: bad });
      expect(answer.status, String(bad)).toBe(400);
    }
    expect((await owner.api.GET('/api/Management/GetTenant')).data!.data!.lateEntryDays).toBe(7);
  });

  it('refuses an Employee another member’s day (403), another tenant’s member and unknown ids (404)', async () => {
    const day = { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T09:00:00Z', breaks: [] };
    const before = await auditCount(server, firm.tenantId);
    const forColleague = await addDay(employee, { ...day, ownerId: colleague.userId });
    expect(forColleague.status).toBe(403);
    expect(codeOf(forColleague.error)).toBe('FORBIDDEN');
    const foreign = await addDay(manager, { ...day, ownerId: other.owner.userId });
    expect(foreign.status).toBe(404);
    expect((await addDay(owner, { ...day, ownerId: crypto.randomUUID() })).status).toBe(404);
    expect(await auditCount(server, firm.tenantId)).toBe(before);
    const theirs = await other.owner.api.GET('/api/UserTimeTracks/GetList', {
      params: { query: { includeActive: true, includeEnded: true, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 10, isDescending: true } },
    });
    expect(theirs.response.status, JSON.stringify(theirs.error)).toBe(200);
    expect(theirs.data!.data!.totalCount).toBe(0);
  });

  it('keeps the segment rules: no overlap with another working time, breaks inside the day and apart', async () => {
    const member = await firm.member('Employee');
    expect((await addDay(member, { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T12:00:00Z', breaks: [] })).status).toBe(200);
    const before = await auditCount(server, firm.tenantId);
    const cases: [AddDay, number, string][] = [
      [{ startedAtUtc: '2026-11-23T11:00:00Z', endedAtUtc: '2026-11-23T14:00:00Z', breaks: [] }, 400, 'SEGMENT_OVERLAP'],
      [{ startedAtUtc: '2026-11-23T05:00:00Z', endedAtUtc: '2026-11-23T13:00:00Z', breaks: [] }, 400, 'SEGMENT_OVERLAP'],
      [
        {
          startedAtUtc: '2026-11-22T07:00:00Z',
          endedAtUtc: '2026-11-22T15:00:00Z',
          breaks: [
            { startedAtUtc: '2026-11-22T10:00:00Z', endedAtUtc: '2026-11-22T10:30:00Z' },
            { startedAtUtc: '2026-11-22T10:20:00Z', endedAtUtc: '2026-11-22T10:40:00Z' },
          ],
        },
        400,
        'SEGMENT_OVERLAP',
      ],
      [
        {
          startedAtUtc: '2026-11-22T07:00:00Z',
          endedAtUtc: '2026-11-22T15:00:00Z',
          breaks: [
            { startedAtUtc: '2026-11-22T10:00:00Z', endedAtUtc: '2026-11-22T10:30:00Z' },
            { startedAtUtc: '2026-11-22T10:30:00Z', endedAtUtc: '2026-11-22T10:40:00Z' },
          ],
        },
        400,
        'SEGMENT_OVERLAP',
      ],
      [{ startedAtUtc: '2026-11-22T07:00:00Z', endedAtUtc: '2026-11-22T15:00:00Z', breaks: [{ startedAtUtc: '2026-11-22T07:00:00Z', endedAtUtc: '2026-11-22T07:30:00Z' }] }, 400, 'VALIDATION_ERROR'],
      [{ startedAtUtc: '2026-11-22T07:00:00Z', endedAtUtc: '2026-11-22T15:00:00Z', breaks: [{ startedAtUtc: '2026-11-22T14:30:00Z', endedAtUtc: '2026-11-22T15:30:00Z' }] }, 400, 'VALIDATION_ERROR'],
      [{ startedAtUtc: '2026-11-22T07:00:00Z', endedAtUtc: '2026-11-22T15:00:00Z', breaks: [{ startedAtUtc: '2026-11-22T11:00:00Z', endedAtUtc: '2026-11-22T10:00:00Z' }] }, 400, 'END_BEFORE_START'],
      [{ startedAtUtc: '2026-11-22T07:00:00Z', endedAtUtc: '2026-11-22T07:00:00Z', breaks: [] }, 400, 'END_BEFORE_START'],
      [{ startedAtUtc: '2026-11-27T08:00:00Z', endedAtUtc: '2026-11-27T13:00:00Z', breaks: [] }, 400, 'VALIDATION_ERROR'],
      [{ startedAtUtc: '2026-11-21T07:00:00Z', endedAtUtc: '2026-11-22T08:00:00Z', breaks: [] }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await addDay(member, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(codeOf(answer.error), JSON.stringify(body)).toBe(code);
    }
    expect(await auditCount(server, firm.tenantId)).toBe(before);
  });

  it('refuses bad input with the envelope', async () => {
    const bodies = [
      {},
      { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T09:00:00Z' },
      { startedAtUtc: 'gestern', endedAtUtc: '2026-11-23T09:00:00Z', breaks: [] },
      { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T09:00:00Z', breaks: [{ startedAtUtc: '2026-11-23T08:00:00Z' }] },
      { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T09:00:00Z', breaks: 'none' },
      { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T09:00:00Z', breaks: [], ownerId: 'jemand' },
      { startedAtUtc: '2026-11-23T07:00:00Z', endedAtUtc: '2026-11-23T09:00:00Z', breaks: [], addedLater: false },
    ];
    for (const body of bodies) {
      const answer = await call(employee, 'POST', '/api/UserTimeTracks/AddDay', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('UserTimeTracks/AddBreak', () => {
  const day: ['work', string, string][] = [['work', '2026-11-26T06:00:00Z', '2026-11-26T15:00:00Z']];

  it('cuts a forgotten break out of the work: marked added later, audited, the law warning gone', async () => {
    const member = await firm.member('Employee');
    const { id } = await seedUserTrack(server, member, day);
    const { status, track } = await addBreak(member, { userTimeTrackId: id, startedAtUtc: '2026-11-26T11:00:00Z', endedAtUtc: '2026-11-26T11:45:00Z' });
    expect(status).toBe(200);
    expect(track).toMatchObject({ addedLater: true, breakSeconds: 45 * 60, workSeconds: 8.25 * 3600, startedAtUtc: iso(day[0][1]), endedAtUtc: iso(day[0][2]) });
    expect(shape(track!)).toEqual([
      ['work', iso('2026-11-26T06:00:00Z'), iso('2026-11-26T11:00:00Z')],
      ['break', iso('2026-11-26T11:00:00Z'), iso('2026-11-26T11:45:00Z')],
      ['work', iso('2026-11-26T11:45:00Z'), iso('2026-11-26T15:00:00Z')],
    ]);
    expect(track!.warnings).toEqual([]);
    const audit = await auditOf(server, firm.tenantId, id);
    expect(audit.map((a) => [a.action, (a.changes as { via?: string }).via])).toEqual([['update', 'addBreak']]);

    // A break touching that one becomes one with it.
    const merged = await addBreak(member, { userTimeTrackId: id, startedAtUtc: '2026-11-26T11:45:00Z', endedAtUtc: '2026-11-26T12:00:00Z' });
    expect(merged.status).toBe(200);
    expect(shape(merged.track!)).toEqual([
      ['work', iso('2026-11-26T06:00:00Z'), iso('2026-11-26T11:00:00Z')],
      ['break', iso('2026-11-26T11:00:00Z'), iso('2026-11-26T12:00:00Z')],
      ['work', iso('2026-11-26T12:00:00Z'), iso('2026-11-26T15:00:00Z')],
    ]);
  });

  it('adds a break to today’s running working time too', async () => {
    const member = await firm.member('Employee');
    clock.set('2026-11-27T07:00:00Z');
    const started = await member.api.POST('/api/UserTimeTracks/Start', { body: {} });
    clock.set('2026-11-27T11:00:00Z');
    const { status, track } = await addBreak(member, { userTimeTrackId: started.data!.data!.id, startedAtUtc: '2026-11-27T09:00:00Z', endedAtUtc: '2026-11-27T09:20:00Z' });
    expect(status).toBe(200);
    expect(shape(track!)).toEqual([
      ['work', iso('2026-11-27T07:00:00Z'), iso('2026-11-27T09:00:00Z')],
      ['break', iso('2026-11-27T09:00:00Z'), iso('2026-11-27T09:20:00Z')],
      ['work', iso('2026-11-27T09:20:00Z'), null],
    ]);
    expect(track).toMatchObject({ active: true, addedLater: true });
  });

  it('refuses a break outside one stretch of work, at the day’s edges, in the future or inverted, and changes nothing', async () => {
    const member = await firm.member('Employee');
    const { id } = await seedUserTrack(server, member, [
      ['work', '2026-11-26T06:00:00Z', '2026-11-26T10:00:00Z'],
      ['break', '2026-11-26T10:00:00Z', '2026-11-26T10:30:00Z'],
      ['work', '2026-11-26T10:30:00Z', '2026-11-26T15:00:00Z'],
    ]);
    const before = await auditCount(server, firm.tenantId);
    const cases: [string, string, string][] = [
      ['2026-11-26T09:50:00Z', '2026-11-26T10:10:00Z', 'SEGMENT_OVERLAP'],
      ['2026-11-26T06:00:00Z', '2026-11-26T06:30:00Z', 'SEGMENT_OVERLAP'],
      ['2026-11-26T14:30:00Z', '2026-11-26T15:00:00Z', 'SEGMENT_OVERLAP'],
      ['2026-11-26T05:00:00Z', '2026-11-26T05:30:00Z', 'SEGMENT_OVERLAP'],
      ['2026-11-26T12:00:00Z', '2026-11-26T11:00:00Z', 'END_BEFORE_START'],
      ['2026-11-27T12:00:00Z', '2026-11-27T12:30:00Z', 'VALIDATION_ERROR'],
    ];
    for (const [startedAtUtc, endedAtUtc, code] of cases) {
      const answer = await addBreak(member, { userTimeTrackId: id, startedAtUtc, endedAtUtc });
      expect(answer.status, startedAtUtc).toBe(400);
      expect(codeOf(answer.error), startedAtUtc).toBe(code);
    }
    expect(await auditCount(server, firm.tenantId)).toBe(before);
  });

  it('keeps rights, limit and locking: 403 another’s for an Employee, 403 too old, 409 processed, 404 another tenant', async () => {
    const { id } = await seedUserTrack(server, colleague, day);
    const slot = { userTimeTrackId: id, startedAtUtc: '2026-11-26T10:00:00Z', endedAtUtc: '2026-11-26T10:30:00Z' };
    const before = await auditCount(server, firm.tenantId);
    expect((await addBreak(employee, slot)).status).toBe(403);
    expect((await addBreak(other.owner, slot)).status).toBe(404);
    expect((await addBreak(owner, { ...slot, userTimeTrackId: crypto.randomUUID() })).status).toBe(404);
    const processed = await seedUserTrack(server, colleague, [['work', '2026-11-25T06:00:00Z', '2026-11-25T12:00:00Z']], { processed: true });
    const locked = await addBreak(manager, { userTimeTrackId: processed.id, startedAtUtc: '2026-11-25T09:00:00Z', endedAtUtc: '2026-11-25T09:30:00Z' });
    expect(locked.status).toBe(409);
    expect(codeOf(locked.error)).toBe('ENTRY_LOCKED');
    const old = await seedUserTrack(server, colleague, [['work', '2026-11-10T06:00:00Z', '2026-11-10T12:00:00Z']]);
    const oldSlot = { userTimeTrackId: old.id, startedAtUtc: '2026-11-10T09:00:00Z', endedAtUtc: '2026-11-10T09:30:00Z' };
    const tooOld = await addBreak(colleague, oldSlot);
    expect(tooOld.status).toBe(403);
    expect(codeOf(tooOld.error)).toBe('LATE_ENTRY_TOO_OLD');
    expect(await auditCount(server, firm.tenantId)).toBe(before);
    expect((await addBreak(manager, oldSlot)).status).toBe(200);
    expect((await addBreak(colleague, slot)).status).toBe(200);
  });
});

describe('UserTimeTracks/UpdateSegment and DeleteSegment under the limit of days back', () => {
  const update = (member: Member, body: components['schemas']['UserTimeTrackUpdateSegment']) =>
    member.api.PUT('/api/UserTimeTracks/UpdateSegment', { body });
  const remove = (member: Member, body: components['schemas']['UserTimeTrackSegmentRef']) =>
    member.api.DELETE('/api/UserTimeTracks/DeleteSegment', { body });
  const oldDay: [kind: 'work' | 'break', start: string, end: string][] = [
    ['work', '2026-11-10T06:00:00Z', '2026-11-10T09:00:00Z'],
    ['break', '2026-11-10T09:00:00Z', '2026-11-10T09:30:00Z'],
    ['work', '2026-11-10T09:30:00Z', '2026-11-10T14:00:00Z'],
  ];

  it('refuses an Employee a correction of a day further back than the firm allows, with the message of AddDay, and changes nothing', async () => {
    const member = await firm.member('Employee');
    const { id, segmentIds } = await seedUserTrack(server, member, oldDay);
    const before = await auditCount(server, firm.tenantId);
    const moved = await update(member, { userTimeTrackId: id, segmentId: segmentIds[1], startedAtUtc: '2026-11-10T09:15:00Z', endedAtUtc: '2026-11-10T09:30:00Z' });
    expect(moved.response.status).toBe(403);
    expect(codeOf(moved.error)).toBe('LATE_ENTRY_TOO_OLD');
    const deleted = await remove(member, { userTimeTrackId: id, segmentId: segmentIds[1] });
    expect(deleted.response.status).toBe(403);
    expect(codeOf(deleted.error)).toBe('LATE_ENTRY_TOO_OLD');
    const added = await addDay(member, { startedAtUtc: '2026-11-10T06:00:00Z', endedAtUtc: '2026-11-10T14:00:00Z', breaks: [] });
    expect(messageOf(moved.error)).toBe(messageOf(added.error));
    expect(messageOf(deleted.error)).toBe(messageOf(added.error));
    expect(await auditCount(server, firm.tenantId)).toBe(before);
    const stored = await server.database.withTenant(firm.tenantId, (tx) =>
      tx.select().from(userTimeTrackSegments).where(eq(userTimeTrackSegments.trackId, id)).orderBy(asc(userTimeTrackSegments.startedAt)),
    );
    expect(stored.map((s) => [s.kind, s.startedAt.toISOString(), s.endedAt?.toISOString()])).toEqual(oldDay.map(([kind, start, end]) => [kind, iso(start), iso(end)]));
    // The back office has no limit.
    expect((await update(manager, { userTimeTrackId: id, segmentId: segmentIds[1], startedAtUtc: '2026-11-10T09:15:00Z', endedAtUtc: '2026-11-10T09:30:00Z' })).response.status).toBe(200);
    expect((await remove(owner, { userTimeTrackId: id, segmentId: segmentIds[1] })).response.status).toBe(200);
  });

  it('refuses an Employee moving a recent segment back beyond the limit, and allows corrections within it', async () => {
    const member = await firm.member('Employee');
    const { id, segmentIds } = await seedUserTrack(server, member, [
      ['work', '2026-11-25T06:00:00Z', '2026-11-25T09:00:00Z'],
      ['break', '2026-11-25T09:00:00Z', '2026-11-25T09:30:00Z'],
      ['work', '2026-11-25T09:30:00Z', '2026-11-25T14:00:00Z'],
    ]);
    const tooFar = await update(member, { userTimeTrackId: id, segmentId: segmentIds[0], startedAtUtc: '2026-11-18T06:00:00Z', endedAtUtc: '2026-11-25T09:00:00Z' });
    expect(tooFar.response.status).toBe(403);
    expect(codeOf(tooFar.error)).toBe('LATE_ENTRY_TOO_OLD');
    expect((await update(member, { userTimeTrackId: id, segmentId: segmentIds[1], startedAtUtc: '2026-11-25T09:10:00Z', endedAtUtc: '2026-11-25T09:30:00Z' })).response.status).toBe(200);
    expect((await remove(member, { userTimeTrackId: id, segmentId: segmentIds[1] })).response.status).toBe(200);
  });
});
