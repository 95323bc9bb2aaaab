/**
 * Personal working time (UserTimeTracks/*): clock in, breaks, clock out, one active track per
 * member, corrections of segments with their overlap rules, the lists, the grouping by day, week
 * and month in the tenant's zone (DST days and night shifts included), targets and law warnings;
 * roles, another tenant's ids, bad input, audit trail and that refusals change nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { testClock } from '../support/clock';
import { createTenant, startScene, type Member, type TestTenant } from './factories';
import { auditCount, auditOf, seedUserTrack, setGpsConsent } from './time-tracking-support';
import type { QueryOf } from './contract-types';

type UserTimeTrack = components['schemas']['UserTimeTrack'];

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, employee: Member, colleague: Member;
/** The server stands at a fixed instant after every seeded day, so the history is always past. */
const clock = testClock('2026-11-27T11:00:00Z');

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, employee, colleague } } = await startScene({ members: { manager: 'Manager', employee: 'Employee', colleague: 'Employee' }, server: { clock } }));
  // The seeded days lie weeks back; Employees correct them here, so the firm allows a year
  // (the limit itself is tests/api/late-entries.test.ts).
  const tenant = (await owner.api.GET('/api/Management/GetTenant')).data!.data!;
  const { accountingConnection: _c, logoUpdatedAtUtc: _l, createdAtUtc: _a, id: _i, ...rest } = tenant;
  expect((await owner.api.PUT('/api/Management/UpdateTenant', { body: { ...rest, lateEntryDays: 365 } })).response.status).toBe(200);
});
afterAll(() => server?.close());

/** The member's first working day, set by the Owner as a Manager would on the members tab. */
async function startsOn(member: Member, startDate: string | null) {
  const user = (await owner.api.GET('/api/Users/Get', { params: { query: { id: member.userId } } })).data!.data!;
  const { response, data } = await owner.api.PUT('/api/Users/Update', {
    body: { id: user.id, firstName: user.firstName ?? 'Max', lastName: user.lastName ?? 'Muster', role: user.roles[0], archived: false, startDate },
  });
  expect(response.status).toBe(200);
  expect(data!.data!.startDate).toBe(startDate);
}

const codeOf = (error: unknown) => (error as { errorMessages: { code: string }[] }).errorMessages[0].code;

async function clockIn(member: Member, body: components['schemas']['UserTimeTrackStart'] = {}) {
  const { data, response, error } = await member.api.POST('/api/UserTimeTracks/Start', { body });
  return { status: response.status, track: data?.data as UserTimeTrack | undefined, error };
}
async function append(member: Member, kind: 'work' | 'break') {
  const { data, response, error } = await member.api.POST('/api/UserTimeTracks/AppendSegment', { body: { kind } });
  return { status: response.status, track: data?.data as UserTimeTrack | undefined, error };
}
async function clockOut(member: Member, body: components['schemas']['UserTimeTrackStop'] = {}) {
  const { data, response, error } = await member.api.POST('/api/UserTimeTracks/Stop', { body });
  return { status: response.status, track: data?.data as UserTimeTrack | undefined, error };
}
async function active(member: Member) {
  const { data, response } = await member.api.GET('/api/UserTimeTracks/GetActive');
  expect(response.status).toBe(200);
  return data!.data as UserTimeTrack | null;
}

type ListQuery = QueryOf<'userTimeTracksGetList'>;
async function list(member: Member, query: ListQuery = {}) {
  const { data, response, error } = await member.api.GET('/api/UserTimeTracks/GetList', {
    params: {
      query: { includeActive: true, includeEnded: true, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 100, isDescending: true, ...query },
    },
  });
  return { status: response.status, page: data?.data, error };
}

type GroupedQuery = { grouping: 'day' | 'week' | 'month'; fromDate?: string; toDate?: string; fillEmpty?: boolean; ownerId?: string; page?: number; pageSize?: number; filter?: string; includeTracks?: boolean };
async function grouped(member: Member, query: GroupedQuery) {
  const { data, response, error } = await member.api.GET('/api/UserTimeTracks/GetListGrouped', {
    params: { query: { page: 1, pageSize: 100, fillEmpty: false, ...query } },
  });
  return { status: response.status, page: data?.data, error };
}

async function getTrack(member: Member, id: string) {
  const { page } = await list(member, { pageSize: 500 });
  return page!.items.find((t) => t.id === id);
}

describe('clock in, breaks, clock out', () => {
  it('clocks in with an open work segment, switches to break and back, clocks out', async () => {
    expect(await active(employee)).toBeNull();
    const started = await clockIn(employee);
    expect(started.status).toBe(200);
    expect(started.track).toMatchObject({ ownerId: employee.userId, active: true, endedAtUtc: null, processed: false, warnings: [] });
    expect(started.track!.segments).toEqual([{ id: expect.any(String), kind: 'work', startedAtUtc: started.track!.startedAtUtc, endedAtUtc: null }]);
    expect((await active(employee))!.id).toBe(started.track!.id);
    expect(await active(colleague)).toBeNull();

    const onBreak = await append(employee, 'break');
    expect(onBreak.status).toBe(200);
    expect(onBreak.track!.segments.map((s) => [s.kind, s.endedAtUtc === null])).toEqual([
      ['work', false],
      ['break', true],
    ]);
    // contiguous: the break starts where the work ended
    expect(onBreak.track!.segments[1].startedAtUtc).toBe(onBreak.track!.segments[0].endedAtUtc);

    const back = await append(employee, 'work');
    expect(back.track!.segments.map((s) => s.kind)).toEqual(['work', 'break', 'work']);

    const ended = await clockOut(employee);
    expect(ended.status).toBe(200);
    expect(ended.track).toMatchObject({ id: started.track!.id, active: false });
    expect(ended.track!.endedAtUtc).toBe(ended.track!.segments[2].endedAtUtc);
    expect(ended.track!.segments).toHaveLength(3);
    expect(ended.track!.segments.every((s) => s.endedAtUtc !== null)).toBe(true);
    expect(await active(employee)).toBeNull();

    const audit = await auditOf(server, firm.tenantId, started.track!.id);
    expect(audit.map((a) => [a.entity, a.action])).toEqual([
      ['user_time_track', 'create'],
      ['user_time_track', 'update'],
    ]);
  });

  it('refuses a second active clock-in with ACTIVE_USER_TIME_TRACK_EXISTS; nothing is created', async () => {
    const first = await clockIn(colleague);
    expect(first.status).toBe(200);
    const auditBefore = await auditCount(server, firm.tenantId);
    const second = await clockIn(colleague);
    expect(second.status).toBe(409);
    expect(codeOf(second.error)).toBe('ACTIVE_USER_TIME_TRACK_EXISTS');
    expect((await list(colleague, { includeEnded: false })).page!.items.map((t) => t.id)).toEqual([first.track!.id]);
    expect(await auditCount(server, firm.tenantId)).toBe(auditBefore);
  });

  it('refuses switching to the kind already running with CONFLICT, and changes without a clock-in', async () => {
    const same = await append(colleague, 'work');
    expect(same.status).toBe(409);
    expect(codeOf(same.error)).toBe('CONFLICT');
    expect((await active(colleague))!.segments).toHaveLength(1);
    await clockOut(colleague);
    const noTrack = await append(colleague, 'break');
    expect(noTrack.status).toBe(409);
    expect(codeOf(noTrack.error)).toBe('NO_ACTIVE_USER_TIME_TRACK');
    const noStop = await clockOut(colleague);
    expect(noStop.status).toBe(409);
    expect(codeOf(noStop.error)).toBe('NO_ACTIVE_USER_TIME_TRACK');
  });

  it('validates the body by the contract', async () => {
    const response = await rawCall(server.baseUrl, 'POST', '/api/UserTimeTracks/AppendSegment', {
      headers: { ...employee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'lunch' }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'VALIDATION_ERROR' }] });
    expect((await rawCall(server.baseUrl, 'GET', '/api/UserTimeTracks/GetActive')).status).toBe(401);
  });

  it('stores positions only while the gps consent is granted', async () => {
    const position = { latitude: 52.52, longitude: 13.405 };
    const without = await clockIn(manager, { position });
    expect(without.track!.startPosition).toBeNull();
    await setGpsConsent(owner, true);
    const out = await clockOut(manager, { position });
    expect(out.track!.endPosition).toEqual(position);
    const withConsent = await clockIn(manager, { position });
    expect(withConsent.track!.startPosition).toEqual(position);
    await setGpsConsent(owner, false);
    expect((await clockOut(manager, { position })).track!.endPosition).toBeNull();
  });
});

describe('GetList', () => {
  it('gives an Employee their own tracks and refuses another member’s', async () => {
    const mine = await list(employee);
    expect(mine.page!.items.length).toBeGreaterThan(0);
    expect(mine.page!.items.every((t) => t.ownerId === employee.userId)).toBe(true);
    const refused = await list(employee, { ownerId: colleague.userId });
    expect(refused.status).toBe(403);
    expect((await list(employee, { ownerId: employee.userId })).page!.totalCount).toBe(mine.page!.totalCount);
  });

  it('gives the back office every member’s tracks, filtered by member, state and name', async () => {
    const all = await list(manager);
    expect(new Set(all.page!.items.map((t) => t.ownerId))).toEqual(new Set([employee.userId, colleague.userId, manager.userId]));
    const ofColleague = await list(manager, { ownerId: colleague.userId });
    expect(ofColleague.page!.items.length).toBeGreaterThan(0);
    expect(ofColleague.page!.items.every((t) => t.ownerId === colleague.userId)).toBe(true);
    expect((await list(manager, { includeEnded: false })).page!.totalCount).toBe(0);
    const byName = (await list(manager, { filter: colleague.email })).page!.items;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((t) => t.ownerId === colleague.userId)).toBe(true);
    expect((await list(manager, { includeUnprocessed: false })).page!.totalCount).toBe(0);
  });

  it('shows another tenant nothing', async () => {
    expect((await list(other.owner)).page!.totalCount).toBe(0);
    expect((await list(other.owner, { ownerId: employee.userId })).page!.totalCount).toBe(0);
  });
});

/**
 * A fixed history in Europe/Berlin (the tenant's default zone), UTC times given:
 * - Fri 2026-03-27 07:00-14:15 local (CET, UTC+1): 4 h work, 15 min break, 3 h work → 7 h, break too short
 * - Sun 2026-03-29 (clocks go forward): 09:00-12:00 local (CEST, UTC+2) → Sunday work
 * - Thu 2026-10-22 20:00 to Fri 04:00 local (CEST) with a break 00:00-00:30 → 7.5 h on Thursday
 * - Fri 2026-10-23 12:00-14:00 local → only 8 h of rest
 * - Sun 2026-10-25 (clocks go back) 00:30-02:30 local (CEST→ still CEST until 03:00) → Sunday work
 */
describe('GetListGrouped targets', () => {
  it('start at the member\'s first day, count the firm\'s week and give its state\'s holidays off', async () => {
    const firm2 = await createTenant(server);
    const boss = firm2.owner;
    const newcomer = await firm2.member('Employee');
    const week = { grouping: 'week' as const, fromDate: '2026-06-01T00:00:00+02:00', toDate: '2026-06-08T00:00:00+02:00' };
    const target = async (query: Partial<GroupedQuery> = {}) => {
      const { status, page } = await grouped(newcomer, { ...week, fillEmpty: true, ...query });
      expect(status).toBe(200);
      return page!.items.reduce((sum, g) => sum + g.targetSeconds, 0);
    };
    const H8 = 8 * 3600;
    // Added in November 2026: nothing is owed in June.
    expect(await target()).toBe(0);
    // Starts on Wednesday 3 June 2026: Wed, Thu, Fri.
    const user = (await boss.api.GET('/api/Users/Get', { params: { query: { id: newcomer.userId } } })).data!.data!;
    const update = await boss.api.PUT('/api/Users/Update', {
      body: { id: user.id, firstName: 'Neu', lastName: 'Ling', role: 'Employee', archived: false, startDate: '2026-06-03' },
    });
    expect(update.data!.data!.startDate).toBe('2026-06-03');
    expect(await target()).toBe(3 * H8);
    // In Bavaria Thursday 4 June 2026 is Corpus Christi; the firm also works Saturdays.
    const profile = (await boss.api.GET('/api/Management/GetTenant')).data!.data!;
    const { id: _id, accountingConnection: _a, logoUpdatedAtUtc: _l, createdAtUtc: _c, ...body } = profile;
    const saved = await boss.api.PUT('/api/Management/UpdateTenant', { body: { ...body, holidayRegion: 'DE-BY', workingDays: [6, 1, 2, 3, 4, 5] } });
    expect(saved.response.status).toBe(200);
    expect(saved.data!.data!).toMatchObject({ holidayRegion: 'DE-BY', workingDays: [1, 2, 3, 4, 5, 6] });
    expect(await target()).toBe(3 * H8); // Wed, Fri, Sat
    // Refusals: a weekday 8, an unknown state; an Employee may not set a start date.
    expect((await boss.api.PUT('/api/Management/UpdateTenant', { body: { ...body, workingDays: [8] } })).response.status).toBe(400);
    expect((await boss.api.PUT('/api/Management/UpdateTenant', { body: { ...body, holidayRegion: 'DE-XX' as never } })).response.status).toBe(400);
    const refused = await newcomer.api.PUT('/api/Users/Update', {
      body: { id: user.id, firstName: 'Neu', lastName: 'Ling', role: 'Employee', archived: false, startDate: '2020-01-01' },
    });
    expect(refused.response.status).toBe(403);
    expect((await boss.api.PUT('/api/Users/Update', { body: { id: user.id, firstName: 'Neu', lastName: 'Ling', role: 'Employee', archived: false, startDate: '3. Juni' } })).response.status).toBe(400);
  });
});

describe('GetListGrouped and the law warnings', () => {
  let worker: Member;
  let english: Member;
  const tracks: Record<string, { id: string; segmentIds: string[] }> = {};

  beforeAll(async () => {
    worker = await firm.member('Employee');
    english = await firm.member('Employee', { lang: 'en' });
    // Both work here since January; their history in March counts against a target.
    await startsOn(worker, '2026-01-01');
    await startsOn(english, '2026-01-01');
    tracks.fri = await seedUserTrack(server, worker, [
      ['work', '2026-03-27T06:00:00Z', '2026-03-27T10:00:00Z'],
      ['break', '2026-03-27T10:00:00Z', '2026-03-27T10:15:00Z'],
      ['work', '2026-03-27T10:15:00Z', '2026-03-27T13:15:00Z'],
    ]);
    tracks.sun = await seedUserTrack(server, worker, [['work', '2026-03-29T07:00:00Z', '2026-03-29T10:00:00Z']]);
    tracks.night = await seedUserTrack(server, worker, [
      ['work', '2026-10-22T18:00:00Z', '2026-10-22T22:00:00Z'],
      ['break', '2026-10-22T22:00:00Z', '2026-10-22T22:30:00Z'],
      ['work', '2026-10-22T22:30:00Z', '2026-10-23T02:00:00Z'],
    ]);
    tracks.afterNight = await seedUserTrack(server, worker, [['work', '2026-10-23T10:00:00Z', '2026-10-23T12:00:00Z']]);
    tracks.dst = await seedUserTrack(server, worker, [['work', '2026-10-24T22:30:00Z', '2026-10-25T00:30:00Z']]);
    tracks.en = await seedUserTrack(server, english, [
      ['work', '2026-03-27T06:00:00Z', '2026-03-27T10:00:00Z'],
      ['break', '2026-03-27T10:00:00Z', '2026-03-27T10:15:00Z'],
      ['work', '2026-03-27T10:15:00Z', '2026-03-27T13:15:00Z'],
    ]);
  });

  it('groups by local day with empty days filled, the DST day 23 hours long, newest first', async () => {
    const { status, page } = await grouped(worker, { grouping: 'day', fromDate: '2026-03-27T00:00:00+01:00', toDate: '2026-03-30T00:00:00+02:00', fillEmpty: true });
    expect(status).toBe(200);
    expect(page!.totalCount).toBe(3);
    expect(page!.items.map((g) => [g.label, g.periodStart, g.periodEnd, g.workSeconds, g.breakSeconds, g.targetSeconds, g.overtimeSeconds])).toEqual([
      ['So, 29.03.2026', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 3 * 3600, 0, 0, 3 * 3600],
      ['Sa, 28.03.2026', '2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', 0, 0, 0, 0],
      ['Fr, 27.03.2026', '2026-03-26T23:00:00.000Z', '2026-03-27T23:00:00.000Z', 7 * 3600, 15 * 60, 8 * 3600, -3600],
    ]);
    expect(page!.items[2].warnings).toEqual([
      {
        code: 'BREAK_TOO_SHORT',
        date: '2026-03-27',
        message: 'Bei mehr als 6 Stunden Arbeit sind 30 Minuten Pause vorgeschrieben; gezählt sind 15 Minuten.',
      },
    ]);
    expect(page!.items[0].warnings.map((w) => w.code)).toEqual(['SUNDAY_WORK']);
    expect(page!.items[2].tracks.map((t) => t.id)).toEqual([tracks.fri.id]);
    expect(page!.items[2].tracks[0].warnings.map((w) => w.code)).toEqual(['BREAK_TOO_SHORT']);
  });

  it('leaves empty days out without fillEmpty and pages the groups', async () => {
    const { page } = await grouped(worker, { grouping: 'day', fromDate: '2026-03-27T00:00:00+01:00', toDate: '2026-03-30T00:00:00+02:00' });
    expect(page!.items.map((g) => g.label)).toEqual(['So, 29.03.2026', 'Fr, 27.03.2026']);
    const second = await grouped(worker, { grouping: 'day', fromDate: '2026-03-27T00:00:00+01:00', toDate: '2026-03-30T00:00:00+02:00', fillEmpty: true, page: 2, pageSize: 2 });
    expect(second.page).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(second.page!.items.map((g) => g.label)).toEqual(['Fr, 27.03.2026']);
  });

  it('keeps a night shift on the day it began and warns about too little rest the next day', async () => {
    const { page } = await grouped(worker, { grouping: 'day', fromDate: '2026-10-22T00:00:00+02:00', toDate: '2026-10-26T00:00:00+01:00', fillEmpty: true });
    const byLabel = Object.fromEntries(page!.items.map((g) => [g.label, g]));
    expect(Object.keys(byLabel)).toEqual(['So, 25.10.2026', 'Sa, 24.10.2026', 'Fr, 23.10.2026', 'Do, 22.10.2026']);
    expect(byLabel['Do, 22.10.2026'].workSeconds).toBe(7.5 * 3600);
    expect(byLabel['Do, 22.10.2026'].tracks.map((t) => t.id)).toEqual([tracks.night.id]);
    expect(byLabel['Fr, 23.10.2026'].workSeconds).toBe(2 * 3600);
    expect(byLabel['Fr, 23.10.2026'].warnings).toEqual([
      { code: 'REST_UNDER_11H', date: '2026-10-23', message: 'Weniger als 11 Stunden Ruhezeit seit dem letzten Arbeitstag (8:00 h).' },
    ]);
    // the day the clocks go back lasts 25 hours
    expect(byLabel['So, 25.10.2026']).toMatchObject({ periodStart: '2026-10-24T22:00:00.000Z', periodEnd: '2026-10-25T23:00:00.000Z', workSeconds: 2 * 3600 });
    expect(byLabel['So, 25.10.2026'].warnings.map((w) => w.code)).toEqual(['SUNDAY_WORK']);
  });

  it('groups by ISO week and by month with targets of the working days', async () => {
    const weeks = await grouped(worker, { grouping: 'week', fromDate: '2026-10-19T00:00:00+02:00', toDate: '2026-11-02T00:00:00+01:00', fillEmpty: true });
    expect(weeks.page!.items.map((g) => [g.label, g.workSeconds / 3600, g.targetSeconds / 3600])).toEqual([
      ['KW 44/2026', 0, 40],
      ['KW 43/2026', 11.5, 40],
    ]);
    expect(weeks.page!.items[1].warnings.map((w) => [w.date, w.code])).toEqual([
      ['2026-10-23', 'REST_UNDER_11H'],
      ['2026-10-25', 'SUNDAY_WORK'],
    ]);
    const months = await grouped(worker, { grouping: 'month', fromDate: '2026-03-01T00:00:00+01:00', toDate: '2026-04-01T00:00:00+02:00' });
    expect(months.page!.items).toHaveLength(1);
    expect(months.page!.items[0]).toMatchObject({
      label: 'März 2026',
      periodStart: '2026-02-28T23:00:00.000Z',
      periodEnd: '2026-03-31T22:00:00.000Z',
      workSeconds: 10 * 3600,
      targetSeconds: 22 * 8 * 3600,
      overtimeSeconds: 10 * 3600 - 22 * 8 * 3600,
    });
  });

  it('answers the same groups without their shifts, with each group’s count and span; a group’s shifts by its period', async () => {
    const range = { fromDate: '2026-03-01T00:00:00+01:00', toDate: '2026-11-01T00:00:00+01:00', fillEmpty: true, pageSize: 500 };
    const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
    for (const grouping of ['day', 'week', 'month'] as const) {
      const full = await grouped(manager, { ...range, grouping, ownerId: worker.userId });
      const lean = await grouped(manager, { ...range, grouping, ownerId: worker.userId, includeTracks: false });
      expect(lean.status).toBe(200);
      expect(full.page!.items.length).toBeGreaterThan(0);
      expect(lean.page).toEqual({ ...full.page, items: full.page!.items.map((g) => ({ ...g, tracks: [] })) });
      for (const g of full.page!.items) {
        expect(g.trackCount).toBe(g.tracks.length);
        expect(g.daysWorked).toBe(new Set(g.tracks.map((t) => berlinDay.format(new Date(t.startedAtUtc)))).size);
        expect(g.firstStartedAtUtc).toBe(g.tracks[0]?.startedAtUtc ?? null);
      }
    }
    const days = (await grouped(worker, { grouping: 'day', fromDate: '2026-10-22T00:00:00+02:00', toDate: '2026-10-24T00:00:00+02:00', includeTracks: false })).page!;
    expect(days.items.map((g) => [g.label, g.trackCount, g.firstStartedAtUtc, g.lastEndedAtUtc, g.tracks.length])).toEqual([
      ['Fr, 23.10.2026', 1, '2026-10-23T10:00:00.000Z', '2026-10-23T12:00:00.000Z', 0],
      ['Do, 22.10.2026', 1, '2026-10-22T18:00:00.000Z', '2026-10-23T02:00:00.000Z', 0],
    ]);
    const march = (await grouped(worker, { grouping: 'month', fromDate: '2026-03-01T00:00:00+01:00', toDate: '2026-04-01T00:00:00+02:00', includeTracks: false })).page!.items[0];
    expect(march).toMatchObject({ trackCount: 2, daysWorked: 2, firstStartedAtUtc: '2026-03-27T06:00:00.000Z', lastEndedAtUtc: '2026-03-29T10:00:00.000Z', tracks: [] });
    // Opening the month: its period (here inside a range from 28 March) answers one group with its shifts.
    const opened = await grouped(worker, { grouping: 'month', fromDate: '2026-03-28T00:00:00+01:00', toDate: march.periodEnd, fillEmpty: true, pageSize: 1 });
    expect(opened.page!.items.map((g) => g.tracks.map((t) => t.id))).toEqual([[tracks.sun.id]]);
    expect(opened.page!.items[0]).toMatchObject({ trackCount: 1, firstStartedAtUtc: '2026-03-29T07:00:00.000Z' });
  });

  it('gives no end while a shift is open, and refuses includeTracks that is not a boolean', async () => {
    const late = await firm.member('Employee');
    const started = await clockIn(late);
    for (const includeTracks of [true, false]) {
      const today = (await grouped(late, { grouping: 'day', includeTracks })).page!.items[0];
      expect(today).toMatchObject({ trackCount: 1, firstStartedAtUtc: started.track!.startedAtUtc, lastEndedAtUtc: null });
    }
    await clockOut(late);
    const response = await rawCall(server.baseUrl, 'GET', '/api/UserTimeTracks/GetListGrouped?grouping=day&page=1&pageSize=10&fillEmpty=true&includeTracks=vielleicht', { headers: late.auth });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorMessages: [{ code: 'VALIDATION_ERROR' }] });
  });

  it('answers in the caller’s language', async () => {
    const { page } = await grouped(english, { grouping: 'day', fromDate: '2026-03-27T00:00:00+01:00', toDate: '2026-03-28T00:00:00+01:00' });
    expect(page!.items[0].label).toBe('Fri, 03/27/2026');
    expect(page!.items[0].warnings[0].message).toBe('More than 6 hours of work require 30 minutes of breaks; 15 minutes count.');
  });

  it('shows only the caller’s own time, or one member’s for the back office', async () => {
    const range = { grouping: 'month' as const, fromDate: '2026-03-01T00:00:00+01:00', toDate: '2026-04-01T00:00:00+02:00' };
    expect((await grouped(employee, range)).page!.items).toEqual([]);
    const forWorker = await grouped(manager, { ...range, ownerId: worker.userId });
    expect(forWorker.page!.items[0].workSeconds).toBe(10 * 3600);
    const refused = await grouped(employee, { ...range, ownerId: worker.userId });
    expect(refused.status).toBe(403);
    expect((await grouped(other.owner, { ...range, ownerId: worker.userId })).status).toBe(404);
    expect((await grouped(worker, { ...range, ownerId: worker.userId })).page!.items[0].workSeconds).toBe(10 * 3600);
    expect((await grouped(manager, { ...range, ownerId: worker.userId, filter: 'nobody-by-this-name' })).page!.items).toEqual([]);
  });

  it('refuses a period that ends before it starts or is too long', async () => {
    const inverted = await grouped(worker, { grouping: 'day', fromDate: '2026-03-27T00:00:00Z', toDate: '2026-03-20T00:00:00Z' });
    expect(inverted.status).toBe(400);
    const long = await grouped(worker, { grouping: 'day', fromDate: '2020-01-01T00:00:00Z', toDate: '2026-01-01T00:00:00Z', fillEmpty: true });
    expect(long.status).toBe(400);
  });

  it('defaults to the current month up to today', async () => {
    const { page } = await grouped(worker, { grouping: 'day', fillEmpty: true });
    // The server's clock stands at Friday, 27 November 2026, noon in Berlin.
    expect(page!.totalCount).toBe(27);
    expect(page!.items[0].periodStart).toBe('2026-11-26T23:00:00.000Z');
  });

  it('gives GetList the warnings of each track’s day', async () => {
    const { page } = await list(manager, { ownerId: worker.userId, fromDate: '2026-10-22T00:00:00Z', toDate: '2026-10-24T00:00:00Z' });
    const after = page!.items.find((t) => t.id === tracks.afterNight.id)!;
    expect(after.warnings.map((w) => w.code)).toEqual(['REST_UNDER_11H']);
    expect(after.workSeconds).toBe(7200);
    expect(page!.items.find((t) => t.id === tracks.night.id)!).toMatchObject({ workSeconds: 7.5 * 3600, breakSeconds: 1800, warnings: [] });
    const sorted = await list(manager, { ownerId: worker.userId, orderBy: 'workSeconds', isDescending: false });
    expect(sorted.page!.items.map((t) => t.workSeconds)).toEqual([7200, 7200, 3 * 3600, 7 * 3600, 7.5 * 3600]);
  });
});

describe('UpdateSegment', () => {
  let worker: Member;
  beforeAll(async () => {
    worker = await firm.member('Employee');
  });

  const shift = (day: string) =>
    seedUserTrack(server, worker, [
      ['work', `${day}T07:00:00Z`, `${day}T11:00:00Z`],
      ['break', `${day}T11:00:00Z`, `${day}T11:15:00Z`],
      ['work', `${day}T11:15:00Z`, `${day}T14:15:00Z`],
    ]);

  async function update(member: Member, body: components['schemas']['UserTimeTrackUpdateSegment']) {
    const { data, response, error } = await member.api.PUT('/api/UserTimeTracks/UpdateSegment', { body });
    return { status: response.status, track: data?.data as UserTimeTrack | undefined, error };
  }

  it('moves a break and the neighbours’ adjoining ends with it; the warning goes away; audit kept', async () => {
    const seeded = await shift('2026-11-02');
    const before = await getTrack(worker, seeded.id);
    expect(before!.warnings.map((w) => w.code)).toEqual(['BREAK_TOO_SHORT']);
    const result = await update(worker, {
      userTimeTrackId: seeded.id,
      segmentId: seeded.segmentIds[1],
      startedAtUtc: '2026-11-02T10:45:00Z',
      endedAtUtc: '2026-11-02T11:30:00Z',
    });
    expect(result.status).toBe(200);
    expect(result.track!.segments.map((s) => [s.kind, s.startedAtUtc, s.endedAtUtc])).toEqual([
      ['work', '2026-11-02T07:00:00.000Z', '2026-11-02T10:45:00.000Z'],
      ['break', '2026-11-02T10:45:00.000Z', '2026-11-02T11:30:00.000Z'],
      ['work', '2026-11-02T11:30:00.000Z', '2026-11-02T14:15:00.000Z'],
    ]);
    expect(result.track).toMatchObject({ workSeconds: 6.5 * 3600, breakSeconds: 45 * 60, warnings: [] });
    const audit = await auditOf(server, firm.tenantId, seeded.segmentIds[1]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: worker.userId,
      entity: 'user_time_track_segment',
      action: 'update',
      changes: { before: { startedAt: '2026-11-02T11:00:00.000Z', endedAt: '2026-11-02T11:15:00.000Z' } },
    });
    expect(await auditOf(server, firm.tenantId, seeded.segmentIds[0])).toHaveLength(1);
  });

  it('moves the track’s start and end with its first and last segment', async () => {
    const seeded = await seedUserTrack(server, worker, [['work', '2026-11-03T07:00:00Z', '2026-11-03T12:00:00Z']]);
    const result = await update(worker, { userTimeTrackId: seeded.id, segmentId: seeded.segmentIds[0], startedAtUtc: '2026-11-03T06:30:00Z', endedAtUtc: '2026-11-03T12:30:00Z' });
    expect(result.track).toMatchObject({ startedAtUtc: '2026-11-03T06:30:00.000Z', endedAtUtc: '2026-11-03T12:30:00.000Z', workSeconds: 6 * 3600 });
  });

  it('refuses swallowing or inverting a neighbour, an end before the start, future times; nothing changes', async () => {
    const seeded = await seedUserTrack(server, worker, [
      ['work', '2026-11-04T07:00:00Z', '2026-11-04T11:00:00Z'],
      ['break', '2026-11-04T11:00:00Z', '2026-11-04T11:30:00Z'],
      ['work', '2026-11-04T11:30:00Z', '2026-11-04T15:00:00Z'],
    ]);
    const original = await getTrack(worker, seeded.id);
    const auditBefore = await auditCount(server, firm.tenantId);
    const ref = { userTimeTrackId: seeded.id, segmentId: seeded.segmentIds[1] };
    const swallowPrevious = await update(worker, { ...ref, startedAtUtc: '2026-11-04T06:00:00Z', endedAtUtc: '2026-11-04T11:30:00Z' });
    expect(swallowPrevious.status).toBe(400);
    expect(codeOf(swallowPrevious.error)).toBe('SEGMENT_OVERLAP');
    const swallowNext = await update(worker, { ...ref, startedAtUtc: '2026-11-04T11:00:00Z', endedAtUtc: '2026-11-04T15:00:00Z' });
    expect(codeOf(swallowNext.error)).toBe('SEGMENT_OVERLAP');
    const inverted = await update(worker, { ...ref, startedAtUtc: '2026-11-04T11:30:00Z', endedAtUtc: '2026-11-04T11:00:00Z' });
    expect(inverted.status).toBe(400);
    expect(codeOf(inverted.error)).toBe('END_BEFORE_START');
    const future = await update(worker, { userTimeTrackId: seeded.id, segmentId: seeded.segmentIds[2], startedAtUtc: '2026-11-04T11:30:00Z', endedAtUtc: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(codeOf(future.error)).toBe('VALIDATION_ERROR');
    const noEnd = await update(worker, { ...ref, startedAtUtc: '2026-11-04T11:00:00Z', endedAtUtc: null });
    expect(noEnd.status).toBe(400);
    expect(await getTrack(worker, seeded.id)).toEqual(original);
    expect(await auditCount(server, firm.tenantId)).toBe(auditBefore);
  });

  it('refuses a change that would overlap another working time of the member', async () => {
    const morning = await seedUserTrack(server, worker, [['work', '2026-11-05T06:00:00Z', '2026-11-05T10:00:00Z']]);
    const afternoon = await seedUserTrack(server, worker, [['work', '2026-11-05T12:00:00Z', '2026-11-05T16:00:00Z']]);
    const result = await update(worker, { userTimeTrackId: afternoon.id, segmentId: afternoon.segmentIds[0], startedAtUtc: '2026-11-05T09:00:00Z', endedAtUtc: '2026-11-05T16:00:00Z' });
    expect(result.status).toBe(400);
    expect(codeOf(result.error)).toBe('SEGMENT_OVERLAP');
    expect((await getTrack(worker, afternoon.id))!.startedAtUtc).toBe('2026-11-05T12:00:00.000Z');
    expect((await getTrack(worker, morning.id))!.endedAtUtc).toBe('2026-11-05T10:00:00.000Z');
  });

  it('corrects the start of the open segment of an active track, but never gives it an end', async () => {
    const started = (await clockIn(worker)).track!;
    const earlier = new Date(clock.now().getTime() - 30 * 60_000).toISOString();
    const moved = await update(worker, { userTimeTrackId: started.id, segmentId: started.segments[0].id, startedAtUtc: earlier, endedAtUtc: null });
    expect(moved.status).toBe(200);
    expect(moved.track).toMatchObject({ active: true, startedAtUtc: earlier });
    expect(moved.track!.workSeconds).toBeGreaterThanOrEqual(1799);
    const ended = await update(worker, { userTimeTrackId: started.id, segmentId: started.segments[0].id, startedAtUtc: earlier, endedAtUtc: clock.now().toISOString() });
    expect(ended.status).toBe(400);
    expect((await active(worker))!.segments[0].endedAtUtc).toBeNull();
    await clockOut(worker);
  });

  it('lets the back office correct a member’s time, not an Employee another’s; 404 across tenants; processed is locked', async () => {
    const seeded = await shift('2026-11-16');
    const body = { userTimeTrackId: seeded.id, segmentId: seeded.segmentIds[1], startedAtUtc: '2026-11-16T11:00:00Z', endedAtUtc: '2026-11-16T11:30:00Z' };
    expect((await update(colleague, body)).status).toBe(403);
    expect((await update(other.owner, body)).status).toBe(404);
    expect((await update(worker, { ...body, segmentId: crypto.randomUUID() })).status).toBe(404);
    const byManager = await update(manager, body);
    expect(byManager.status).toBe(200);
    expect((await auditOf(server, firm.tenantId, seeded.segmentIds[1]))[0].actorId).toBe(manager.userId);
    const processed = await seedUserTrack(server, worker, [['work', '2026-11-06T07:00:00Z', '2026-11-06T12:00:00Z']], { processed: true });
    const locked = await update(manager, { userTimeTrackId: processed.id, segmentId: processed.segmentIds[0], startedAtUtc: '2026-11-06T07:30:00Z', endedAtUtc: '2026-11-06T12:00:00Z' });
    expect(locked.status).toBe(409);
    expect(codeOf(locked.error)).toBe('ENTRY_LOCKED');
  });
});

describe('DeleteSegment', () => {
  let worker: Member;
  beforeAll(async () => {
    worker = await firm.member('Employee');
  });

  async function remove(member: Member, userTimeTrackId: string, segmentId: string) {
    const { data, response, error } = await member.api.DELETE('/api/UserTimeTracks/DeleteSegment', { body: { userTimeTrackId, segmentId } });
    return { status: response.status, track: data?.data as UserTimeTrack | undefined, error };
  }

  it('gives a removed break’s time to the work before it and merges the two work segments', async () => {
    const seeded = await seedUserTrack(server, worker, [
      ['work', '2026-11-09T07:00:00Z', '2026-11-09T11:00:00Z'],
      ['break', '2026-11-09T11:00:00Z', '2026-11-09T11:30:00Z'],
      ['work', '2026-11-09T11:30:00Z', '2026-11-09T15:00:00Z'],
    ]);
    const result = await remove(worker, seeded.id, seeded.segmentIds[1]);
    expect(result.status).toBe(200);
    expect(result.track!.segments.map((s) => [s.id, s.kind, s.startedAtUtc, s.endedAtUtc])).toEqual([
      [seeded.segmentIds[0], 'work', '2026-11-09T07:00:00.000Z', '2026-11-09T15:00:00.000Z'],
    ]);
    expect(result.track).toMatchObject({ workSeconds: 8 * 3600, breakSeconds: 0, startedAtUtc: '2026-11-09T07:00:00.000Z', endedAtUtc: '2026-11-09T15:00:00.000Z' });
    expect(result.track!.warnings.map((w) => w.code)).toEqual(['BREAK_TOO_SHORT', 'WORK_WITHOUT_BREAK_OVER_6H']);
    expect((await auditOf(server, firm.tenantId, seeded.segmentIds[1])).map((a) => a.action)).toEqual(['delete']);
    expect((await auditOf(server, firm.tenantId, seeded.segmentIds[2])).map((a) => a.action)).toEqual(['delete']);
  });

  it('shortens the track when the first or the last segment goes', async () => {
    const seeded = await seedUserTrack(server, worker, [
      ['work', '2026-11-10T07:00:00Z', '2026-11-10T09:00:00Z'],
      ['break', '2026-11-10T09:00:00Z', '2026-11-10T09:30:00Z'],
      ['work', '2026-11-10T09:30:00Z', '2026-11-10T12:00:00Z'],
      ['break', '2026-11-10T12:00:00Z', '2026-11-10T12:20:00Z'],
    ]);
    const last = await remove(worker, seeded.id, seeded.segmentIds[3]);
    expect(last.track).toMatchObject({ endedAtUtc: '2026-11-10T12:00:00.000Z', breakSeconds: 1800 });
    const first = await remove(worker, seeded.id, seeded.segmentIds[0]);
    expect(first.track).toMatchObject({ startedAtUtc: '2026-11-10T09:00:00.000Z', workSeconds: 2.5 * 3600 });
    expect(first.track!.segments.map((s) => s.kind)).toEqual(['break', 'work']);
  });

  it('refuses the only segment and the open one; nothing changes', async () => {
    const single = await seedUserTrack(server, worker, [['work', '2026-11-11T07:00:00Z', '2026-11-11T12:00:00Z']]);
    const only = await remove(worker, single.id, single.segmentIds[0]);
    expect(only.status).toBe(400);
    expect(codeOf(only.error)).toBe('VALIDATION_ERROR');
    const started = (await clockIn(worker)).track!;
    const withBreak = (await append(worker, 'break')).track!;
    const open = await remove(worker, started.id, withBreak.segments[1].id);
    expect(open.status).toBe(400);
    expect((await active(worker))!.segments).toHaveLength(2);
    await clockOut(worker);
    expect((await getTrack(worker, single.id))!.segments).toHaveLength(1);
  });

  it('keeps roles, tenants and locks as UpdateSegment', async () => {
    const seeded = await seedUserTrack(server, worker, [
      ['work', '2026-11-12T07:00:00Z', '2026-11-12T09:00:00Z'],
      ['break', '2026-11-12T09:00:00Z', '2026-11-12T09:30:00Z'],
      ['work', '2026-11-12T09:30:00Z', '2026-11-12T12:00:00Z'],
    ]);
    expect((await remove(colleague, seeded.id, seeded.segmentIds[1])).status).toBe(403);
    expect((await remove(other.owner, seeded.id, seeded.segmentIds[1])).status).toBe(404);
    expect((await getTrack(worker, seeded.id))!.segments).toHaveLength(3);
    expect((await remove(owner, seeded.id, seeded.segmentIds[1])).status).toBe(200);
    const processed = await seedUserTrack(server, worker, [
      ['work', '2026-11-13T07:00:00Z', '2026-11-13T09:00:00Z'],
      ['break', '2026-11-13T09:00:00Z', '2026-11-13T09:30:00Z'],
    ], { processed: true });
    const locked = await remove(owner, processed.id, processed.segmentIds[1]);
    expect(locked.status).toBe(409);
    expect(codeOf(locked.error)).toBe('ENTRY_LOCKED');
  });
});

describe('the length of a break: one rule for the day, its tracks and its warning', () => {
  it('counts the time between clocking out and in again as break, so the day, the export and the warning agree', async () => {
    const member = await firm.member('Employee');
    // 8 s of break inside the first track, clocked out and in again 26 s later: 34 s of breaks.
    const first = await seedUserTrack(server, member, [
      ['work', '2026-11-18T06:00:00Z', '2026-11-18T10:00:00Z'],
      ['break', '2026-11-18T10:00:00Z', '2026-11-18T10:00:08Z'],
      ['work', '2026-11-18T10:00:08Z', '2026-11-18T11:00:00Z'],
    ]);
    await seedUserTrack(server, member, [['work', '2026-11-18T11:00:26Z', '2026-11-18T13:30:00Z']]);
    // Another day: 5 minutes between two tracks, in the figures and in the warning alike.
    await seedUserTrack(server, member, [['work', '2026-11-19T06:00:00Z', '2026-11-19T10:00:00Z']]);
    await seedUserTrack(server, member, [['work', '2026-11-19T10:05:00Z', '2026-11-19T13:30:00Z']]);

    const { status, page } = await grouped(member, { grouping: 'day', fromDate: '2026-11-18T00:00:00+01:00', toDate: '2026-11-20T00:00:00+01:00' });
    expect(status).toBe(200);
    const [thursday, wednesday] = page!.items;
    expect(wednesday.breakSeconds).toBe(34);
    expect(wednesday.tracks.find((t) => t.id === first.id)!.breakSeconds).toBe(8);
    // Under a minute of breaks: the warning names only what counted, as the day's "0:00 h" does.
    const breakWarnings = (group: typeof wednesday) => group.warnings.filter((w) => w.code === 'BREAK_TOO_SHORT').map((w) => w.message);
    expect(breakWarnings(wednesday)).toEqual(['Bei mehr als 6 Stunden Arbeit sind 30 Minuten Pause vorgeschrieben; gezählt sind 0 Minuten.']);
    expect(thursday.breakSeconds).toBe(5 * 60);
    expect(breakWarnings(thursday)).toEqual([
      'Bei mehr als 6 Stunden Arbeit sind 30 Minuten Pause vorgeschrieben; gezählt sind 0 Minuten. Pausen unter 15 Minuten zählen nicht (§ 4 ArbZG): 0:05 h nicht gezählt.',
    ]);
    const week = await grouped(member, { grouping: 'week', fromDate: '2026-11-16T00:00:00+01:00', toDate: '2026-11-23T00:00:00+01:00' });
    expect(week.page!.items[0].breakSeconds).toBe(34 + 5 * 60);
  });
});
