/**
 * Customer time tracks (TimeTracks/*): timers for several customers at once but one per customer,
 * server-side durations, manual records and corrections, locks, the lists with their filters, the
 * caller's totals; roles, another tenant's ids, bad input, the audit trail, and that a refusal
 * changes nothing. Every answer is checked against the contract.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { createTenant, startScene, type Member, type TestTenant } from './factories';
import { archiveCustomer, auditCount, auditOf, flagTimeTrack, newCustomer, setGpsConsent } from './time-tracking-support';
import type { QueryOf } from './contract-types';

type TimeTrack = components['schemas']['TimeTrack'];
type Customer = components['schemas']['Customer'];

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, admin: Member, employee: Member, colleague: Member;
let kitchen: Customer;
let cellar: Customer;
let attic: Customer;
let foreignCustomer: Customer;

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, admin, employee, colleague } } = await startScene({ members: { manager: 'Manager', admin: 'Admin', employee: 'Employee', colleague: 'Employee' } }));
  kitchen = await newCustomer(owner, 'Bäckerei Huber');
  cellar = await newCustomer(owner, 'Elektro Schneider GmbH');
  attic = await newCustomer(owner, 'Praxis Dr. Weber');
  foreignCustomer = await newCustomer(other.owner, 'Fremdkunde AG');
});
afterAll(() => server?.close());

async function start(member: Member, customerId: string, extra: Partial<components['schemas']['TimeTrackStart']> = {}) {
  const { data, response, error } = await member.api.POST('/api/TimeTracks/Start', { body: { customerId, ...extra } });
  return { status: response.status, track: data?.data as TimeTrack | undefined, error };
}

async function createManual(member: Member, customerId: string, startedAtUtc: string, endedAtUtc: string, description?: string) {
  const { data, response, error } = await member.api.POST('/api/TimeTracks/Create', {
    body: { customerId, startedAtUtc, endedAtUtc, description },
  });
  return { status: response.status, track: data?.data as TimeTrack | undefined, error };
}

async function created(member: Member, customerId: string, startAgo: number, endAgo: number, description?: string) {
  const result = await createManual(member, customerId, ago(startAgo), ago(endAgo), description);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.track!;
}

async function byId(member: Member, id: string) {
  const { data, response } = await member.api.GET('/api/TimeTracks/GetById/{id}', { params: { path: { id } } });
  return { status: response.status, track: data?.data as TimeTrack | undefined };
}

type ListQuery = QueryOf<'timeTracksGet'>;

const defaults = { includeRunning: true, includeStopped: true, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 100, isDescending: true };

async function listAll(member: Member, query: ListQuery = {}) {
  const { data, response } = await member.api.GET('/api/TimeTracks/Get', { params: { query: { ...defaults, ...query } } });
  return { status: response.status, page: data?.data };
}

async function listMy(member: Member, query: Omit<ListQuery, 'ownerId'> = {}) {
  const { data, response } = await member.api.GET('/api/TimeTracks/GetMy', { params: { query: { ...defaults, ...query } } });
  expect(response.status).toBe(200);
  return data!.data!;
}

const codeOf = (error: unknown) => (error as { errorMessages: { code: string }[] }).errorMessages[0].code;

describe('TimeTracks/Start', () => {
  it('starts a running timer for the caller and records it in the audit trail', async () => {
    const before = Date.now();
    const { status, track } = await start(employee, kitchen.id, { description: 'Steckdosen in der Küche setzen' });
    expect(status).toBe(200);
    expect(track).toMatchObject({
      customerId: kitchen.id,
      customerName: 'Bäckerei Huber',
      ownerId: employee.userId,
      ownerName: employee.email,
      description: 'Steckdosen in der Küche setzen',
      endedAtUtc: null,
      status: 'running',
      processed: false,
      archived: false,
      locked: false,
      startPosition: null,
      endPosition: null,
    });
    expect(Date.parse(track!.startedAtUtc)).toBeGreaterThanOrEqual(before - 1000);
    expect(track!.durationSeconds).toBeGreaterThanOrEqual(0);
    const audit = await auditOf(server, firm.tenantId, track!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: employee.userId, entity: 'time_track', action: 'create' });
  });

  it('runs timers for several customers at once, but refuses a second one for the same customer', async () => {
    const second = await start(employee, cellar.id);
    expect(second.status).toBe(200);
    const auditBefore = await auditCount(server, firm.tenantId);
    const again = await start(employee, kitchen.id);
    expect(again.status).toBe(409);
    expect(codeOf(again.error)).toBe('TIMER_ALREADY_RUNNING');
    const running = await listMy(employee, { includeStopped: false });
    expect(running.items.map((t) => t.customerId).sort()).toEqual([kitchen.id, cellar.id].sort());
    expect(await auditCount(server, firm.tenantId)).toBe(auditBefore);
    // another member may run one for the same customer
    expect((await start(colleague, kitchen.id)).status).toBe(200);
  });

  it('refuses an archived customer with CUSTOMER_ARCHIVED and creates nothing', async () => {
    const old = await newCustomer(owner, 'Alte Mühle KG');
    await archiveCustomer(owner, old);
    const result = await start(employee, old.id);
    expect(result.status).toBe(400);
    expect(codeOf(result.error)).toBe('CUSTOMER_ARCHIVED');
    expect((await listAll(owner, { customerId: old.id })).page!.totalCount).toBe(0);
    const manual = await createManual(employee, old.id, ago(2 * HOUR), ago(HOUR));
    expect(manual.status).toBe(400);
    expect(codeOf(manual.error)).toBe('CUSTOMER_ARCHIVED');
  });

  it('answers 404 for an unknown customer and for another tenant’s customer', async () => {
    expect((await start(employee, crypto.randomUUID())).status).toBe(404);
    expect((await start(employee, foreignCustomer.id)).status).toBe(404);
    expect((await listAll(other.owner, { customerId: foreignCustomer.id })).page!.totalCount).toBe(0);
  });

  it('stores the GPS position only while the gps consent is granted', async () => {
    const position = { latitude: 48.1374, longitude: 11.5755 };
    const without = await start(manager, attic.id, { position });
    expect(without.track!.startPosition).toBeNull();
    await manager.api.POST('/api/TimeTracks/Stop', { body: { id: without.track!.id, position } }).then(({ data }) => {
      expect(data!.data!.endPosition).toBeNull();
    });
    await setGpsConsent(owner, true);
    const withConsent = await start(manager, attic.id, { position });
    expect(withConsent.track!.startPosition).toEqual(position);
    const { data } = await manager.api.POST('/api/TimeTracks/Stop', { body: { id: withConsent.track!.id, position: { latitude: 48.2, longitude: 11.6 } } });
    expect(data!.data!.endPosition).toEqual({ latitude: 48.2, longitude: 11.6 });
    await setGpsConsent(owner, false);
    const revoked = await start(manager, attic.id, { position });
    expect(revoked.track!.startPosition).toBeNull();
    await manager.api.POST('/api/TimeTracks/Stop', { body: { id: revoked.track!.id } });
  });

  it('validates the body by the contract and needs a session', async () => {
    const missing = await rawCall(server.baseUrl, 'POST', '/api/TimeTracks/Start', {
      headers: { ...employee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errorMessages: [{ code: 'VALIDATION_ERROR' }], errors: { customerId: expect.any(Array) } });
    const badPosition = await rawCall(server.baseUrl, 'POST', '/api/TimeTracks/Start', {
      headers: { ...employee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: attic.id, position: { latitude: 91, longitude: 0 } }),
    });
    expect(badPosition.status).toBe(400);
    const anonymous = await rawCall(server.baseUrl, 'POST', '/api/TimeTracks/Start', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: attic.id }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('TimeTracks/Stop', () => {
  it('ends the timer now and computes the duration on the server', async () => {
    const { track } = await start(admin, kitchen.id);
    await new Promise((r) => setTimeout(r, 1100));
    const { data, response } = await admin.api.POST('/api/TimeTracks/Stop', { body: { id: track!.id } });
    expect(response.status).toBe(200);
    const stopped = data!.data!;
    expect(stopped.status).toBe('stopped');
    expect(stopped.endedAtUtc).not.toBeNull();
    const expected = Math.floor((Date.parse(stopped.endedAtUtc!) - Date.parse(stopped.startedAtUtc)) / 1000);
    expect(stopped.durationSeconds).toBe(expected);
    expect(stopped.durationSeconds).toBeGreaterThanOrEqual(1);
    const audit = await auditOf(server, firm.tenantId, track!.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].changes).toMatchObject({ before: { endedAt: null }, after: { durationSeconds: expected } });
  });

  it('refuses a timer that is not running with TIMER_NOT_RUNNING', async () => {
    const stoppedTrack = await created(admin, kitchen.id, 3 * HOUR, 2 * HOUR);
    const { response, error } = await admin.api.POST('/api/TimeTracks/Stop', { body: { id: stoppedTrack.id } });
    expect(response.status).toBe(409);
    expect(codeOf(error)).toBe('TIMER_NOT_RUNNING');
    expect((await byId(admin, stoppedTrack.id)).track).toEqual(stoppedTrack);
  });

  it('lets an Employee stop only their own timers, the back office a forgotten one of anybody', async () => {
    const { track } = await start(colleague, attic.id);
    const refused = await employee.api.POST('/api/TimeTracks/Stop', { body: { id: track!.id } });
    expect(refused.response.status).toBe(403);
    expect((await byId(colleague, track!.id)).track!.status).toBe('running');
    const byManager = await manager.api.POST('/api/TimeTracks/Stop', { body: { id: track!.id } });
    expect(byManager.response.status).toBe(200);
    expect(byManager.data!.data!.ownerId).toBe(colleague.userId);
  });

  it('answers 404 for another tenant’s timer and leaves it running', async () => {
    const { track } = await start(other.owner, foreignCustomer.id);
    const { response } = await owner.api.POST('/api/TimeTracks/Stop', { body: { id: track!.id } });
    expect(response.status).toBe(404);
    expect((await byId(other.owner, track!.id)).track!.status).toBe('running');
  });
});

describe('TimeTracks/Create', () => {
  it('records a stopped track with the duration of start to end', async () => {
    const startedAtUtc = new Date(Date.now() - 5 * HOUR).toISOString();
    const endedAtUtc = new Date(Date.parse(startedAtUtc) + 2.5 * HOUR).toISOString();
    const result = await createManual(employee, attic.id, startedAtUtc, endedAtUtc, 'Fehlersuche FI-Schalter');
    expect(result.status).toBe(200);
    expect(result.track).toMatchObject({ status: 'stopped', durationSeconds: 9000, startedAtUtc, endedAtUtc, description: 'Fehlersuche FI-Schalter' });
  });

  it('refuses an end before or at the start, times in the future and more than 24 hours; nothing is stored', async () => {
    const before = (await listMy(employee)).totalCount;
    const auditBefore = await auditCount(server, firm.tenantId);
    const t = ago(HOUR);
    const endBefore = await createManual(employee, attic.id, t, ago(2 * HOUR));
    expect(endBefore.status).toBe(400);
    expect(codeOf(endBefore.error)).toBe('END_BEFORE_START');
    expect((endBefore.error as { errors: Record<string, string[]> }).errors.endedAtUtc).toEqual(['Das Ende muss nach dem Beginn liegen.']);
    const same = await createManual(employee, attic.id, t, t);
    expect(codeOf(same.error)).toBe('END_BEFORE_START');
    const future = await createManual(employee, attic.id, ago(HOUR), new Date(Date.now() + 2 * HOUR).toISOString());
    expect(future.status).toBe(400);
    expect(codeOf(future.error)).toBe('VALIDATION_ERROR');
    const long = await createManual(employee, attic.id, ago(30 * HOUR), ago(HOUR));
    expect(long.status).toBe(400);
    expect((await listMy(employee)).totalCount).toBe(before);
    expect(await auditCount(server, firm.tenantId)).toBe(auditBefore);
  });

  it('answers 404 for another tenant’s customer', async () => {
    expect((await createManual(employee, foreignCustomer.id, ago(2 * HOUR), ago(HOUR))).status).toBe(404);
  });
});

describe('TimeTracks/Update', () => {
  it('corrects start, end and description, recomputes the duration and keeps the change in the audit trail', async () => {
    const track = await created(employee, cellar.id, 4 * HOUR, 3 * HOUR, 'Zählerschrank');
    const startedAtUtc = new Date(Date.parse(track.startedAtUtc) - 30 * 60_000).toISOString();
    const { data, response } = await employee.api.PUT('/api/TimeTracks/Update', {
      body: { id: track.id, startedAtUtc, endedAtUtc: track.endedAtUtc, description: 'Zählerschrank erneuert' },
    });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ startedAtUtc, durationSeconds: 5400, description: 'Zählerschrank erneuert', status: 'stopped' });
    const audit = await auditOf(server, firm.tenantId, track.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].changes).toEqual({
      before: { startedAt: track.startedAtUtc, description: 'Zählerschrank', durationSeconds: 3600 },
      after: { startedAt: startedAtUtc, description: 'Zählerschrank erneuert', durationSeconds: 5400 },
    });
  });

  it('refuses an end before the start and reopening a stopped track; nothing changes', async () => {
    const track = await created(employee, cellar.id, 6 * HOUR, 5 * HOUR);
    const endBefore = await employee.api.PUT('/api/TimeTracks/Update', {
      body: { id: track.id, startedAtUtc: track.startedAtUtc, endedAtUtc: ago(7 * HOUR) },
    });
    expect(endBefore.response.status).toBe(400);
    expect(codeOf(endBefore.error)).toBe('END_BEFORE_START');
    const reopen = await employee.api.PUT('/api/TimeTracks/Update', { body: { id: track.id, startedAtUtc: track.startedAtUtc, endedAtUtc: null } });
    expect(reopen.response.status).toBe(400);
    expect(codeOf(reopen.error)).toBe('VALIDATION_ERROR');
    expect((await byId(employee, track.id)).track).toEqual(track);
    expect((await auditOf(server, firm.tenantId, track.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('corrects the start of a running timer and keeps it running', async () => {
    const { track } = await start(owner, cellar.id);
    const startedAtUtc = ago(HOUR);
    const { data } = await owner.api.PUT('/api/TimeTracks/Update', { body: { id: track!.id, startedAtUtc, endedAtUtc: null } });
    expect(data!.data).toMatchObject({ status: 'running', startedAtUtc, endedAtUtc: null });
    expect(data!.data!.durationSeconds).toBeGreaterThanOrEqual(3599);
    await owner.api.POST('/api/TimeTracks/Stop', { body: { id: track!.id } });
  });

  it('lets an Employee change only their own tracks; the back office any', async () => {
    const track = await created(colleague, cellar.id, 9 * HOUR, 8 * HOUR);
    const body = { id: track.id, startedAtUtc: track.startedAtUtc, endedAtUtc: ago(7 * HOUR) };
    expect((await employee.api.PUT('/api/TimeTracks/Update', { body })).response.status).toBe(403);
    expect((await byId(colleague, track.id)).track!.durationSeconds).toBe(3600);
    expect((await admin.api.PUT('/api/TimeTracks/Update', { body })).response.status).toBe(200);
    expect((await byId(colleague, track.id)).track!.durationSeconds).toBe(7200);
  });

  it('refuses changes of a confirmed (locked) or archived track with ENTRY_LOCKED', async () => {
    const locked = await created(employee, kitchen.id, 12 * HOUR, 11 * HOUR);
    const archived = await created(employee, kitchen.id, 14 * HOUR, 13 * HOUR);
    await flagTimeTrack(server, firm.tenantId, locked.id, 'locked');
    await flagTimeTrack(server, firm.tenantId, archived.id, 'archived');
    for (const t of [locked, archived]) {
      const update = await manager.api.PUT('/api/TimeTracks/Update', { body: { id: t.id, startedAtUtc: t.startedAtUtc, endedAtUtc: ago(HOUR) } });
      expect(update.response.status).toBe(409);
      expect(codeOf(update.error)).toBe('ENTRY_LOCKED');
      const remove = await manager.api.DELETE('/api/TimeTracks/Delete/{id}', { params: { path: { id: t.id } } });
      expect(remove.response.status).toBe(409);
      const after = (await byId(employee, t.id)).track!;
      expect(after.endedAtUtc).toBe(t.endedAtUtc);
    }
    expect((await byId(employee, locked.id)).track!.locked).toBe(true);
    expect((await byId(employee, archived.id)).track).toMatchObject({ archived: true, processed: true });
  });

  it('answers 404 for another tenant’s track', async () => {
    const foreign = await created(other.owner, foreignCustomer.id, 3 * HOUR, 2 * HOUR);
    const { response } = await owner.api.PUT('/api/TimeTracks/Update', {
      body: { id: foreign.id, startedAtUtc: foreign.startedAtUtc, endedAtUtc: ago(HOUR) },
    });
    expect(response.status).toBe(404);
    expect((await byId(other.owner, foreign.id)).track!.durationSeconds).toBe(3600);
  });
});

describe('TimeTracks/Delete and GetById', () => {
  it('deletes the caller’s track and keeps it in the audit trail', async () => {
    const track = await created(employee, attic.id, 20 * HOUR, 19 * HOUR, 'Löschen');
    const { data, response } = await employee.api.DELETE('/api/TimeTracks/Delete/{id}', { params: { path: { id: track.id } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ isSuccess: true, data: null });
    expect((await byId(employee, track.id)).status).toBe(404);
    const audit = await auditOf(server, firm.tenantId, track.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1].changes).toMatchObject({ before: { description: 'Löschen', durationSeconds: 3600 } });
  });

  it('lets an Employee delete and read only their own; 404 across tenants', async () => {
    const track = await created(colleague, attic.id, 22 * HOUR, 21 * HOUR);
    expect((await employee.api.DELETE('/api/TimeTracks/Delete/{id}', { params: { path: { id: track.id } } })).response.status).toBe(403);
    expect((await byId(employee, track.id)).status).toBe(403);
    expect((await byId(colleague, track.id)).status).toBe(200);
    expect((await byId(manager, track.id)).track).toEqual(track);
    expect((await byId(other.owner, track.id)).status).toBe(404);
    expect((await other.owner.api.DELETE('/api/TimeTracks/Delete/{id}', { params: { path: { id: track.id } } })).response.status).toBe(404);
    expect((await byId(colleague, track.id)).status).toBe(200);
    expect((await byId(owner, crypto.randomUUID())).status).toBe(404);
  });
});

describe('TimeTracks/Get and GetMy', () => {
  let firmB: TestTenant;
  let anna: Member;
  let ben: Member;
  let huber: Customer;
  let weber: Customer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    firmB = await createTenant(server);
    anna = await firmB.member('Employee');
    ben = await firmB.member('Employee');
    huber = await newCustomer(firmB.owner, 'Bäckerei Huber');
    weber = await newCustomer(firmB.owner, 'Praxis Dr. Weber');
    ids.a1 = (await created(anna, huber.id, 50 * HOUR, 49 * HOUR, 'Küche verkabeln')).id; // 1 h
    ids.a2 = (await created(anna, weber.id, 30 * HOUR, 28 * HOUR, 'Licht im Flur')).id; // 2 h
    ids.b1 = (await created(ben, huber.id, 10 * HOUR, 7 * HOUR, 'Backofen anschließen')).id; // 3 h
    ids.b2 = (await start(ben, weber.id)).track!.id; // running
    ids.a3 = (await created(anna, huber.id, 5 * HOUR, 4.5 * HOUR)).id; // 0.5 h, processed
    await flagTimeTrack(server, firmB.tenantId, ids.a3, 'processed');
  });

  const idsOf = (page: { items: TimeTrack[] } | undefined) => page!.items.map((t) => t.id);

  it('is for Owner, Admin and Manager only', async () => {
    expect((await listAll(anna)).status).toBe(403);
    expect((await listAll(firmB.owner)).page!.totalCount).toBe(5);
  });

  it('lists the newest first by default and filters by customer, member, state and processing', async () => {
    const o = firmB.owner;
    expect(idsOf((await listAll(o)).page)).toEqual([ids.b2, ids.a3, ids.b1, ids.a2, ids.a1]);
    expect(idsOf((await listAll(o, { customerId: weber.id })).page)).toEqual([ids.b2, ids.a2]);
    expect(idsOf((await listAll(o, { ownerId: anna.userId })).page)).toEqual([ids.a3, ids.a2, ids.a1]);
    expect(idsOf((await listAll(o, { includeStopped: false })).page)).toEqual([ids.b2]);
    expect(idsOf((await listAll(o, { includeRunning: false, ownerId: ben.userId })).page)).toEqual([ids.b1]);
    expect(idsOf((await listAll(o, { includeUnprocessed: false })).page)).toEqual([ids.a3]);
    expect(idsOf((await listAll(o, { includeProcessed: false, ownerId: anna.userId })).page)).toEqual([ids.a2, ids.a1]);
    expect((await listAll(o, { includeRunning: false, includeStopped: false })).page!.totalCount).toBe(0);
  });

  it('filters by period of the start and by text in description, customer and member name', async () => {
    const o = firmB.owner;
    expect(idsOf((await listAll(o, { fromDate: ago(40 * HOUR), toDate: ago(8 * HOUR) })).page)).toEqual([ids.b1, ids.a2]);
    expect(idsOf((await listAll(o, { filter: 'flur' })).page)).toEqual([ids.a2]);
    expect(idsOf((await listAll(o, { filter: 'dr. weber' })).page)).toEqual([ids.b2, ids.a2]);
    expect(idsOf((await listAll(o, { filter: ben.email.toUpperCase() })).page)).toEqual([ids.b2, ids.b1]);
    expect((await listAll(o, { filter: '100%_' })).page!.totalCount).toBe(0);
  });

  it('sorts by the contract’s columns and pages', async () => {
    const o = firmB.owner;
    const byDuration = await listAll(o, { orderBy: 'durationSeconds', isDescending: false, includeRunning: false });
    expect(idsOf(byDuration.page)).toEqual([ids.a3, ids.a1, ids.a2, ids.b1]);
    const byCustomer = await listAll(o, { orderBy: 'customerName', isDescending: false, includeRunning: false });
    expect(byCustomer.page!.items.map((t) => t.customerName)).toEqual(['Bäckerei Huber', 'Bäckerei Huber', 'Bäckerei Huber', 'Praxis Dr. Weber']);
    const second = await listAll(o, { page: 2, pageSize: 2 });
    expect(second.page).toMatchObject({ totalCount: 5, page: 2, pageSize: 2 });
    expect(idsOf(second.page)).toEqual([ids.b1, ids.a2]);
    expect((await listAll(o, { page: 9, pageSize: 2 })).page!.items).toEqual([]);
  });

  it('GetMy lists only the caller’s tracks; the running-timers bar asks for the running ones', async () => {
    const mine = await listMy(anna);
    expect(mine.items.map((t) => t.id)).toEqual([ids.a3, ids.a2, ids.a1]);
    const running = await listMy(ben, { includeStopped: false });
    expect(running.items.map((t) => [t.id, t.status, t.customerName])).toEqual([[ids.b2, 'running', 'Praxis Dr. Weber']]);
    expect((await listMy(anna, { includeStopped: false })).totalCount).toBe(0);
  });

  it('shows another tenant nothing', async () => {
    expect((await listAll(owner, { customerId: huber.id })).page!.totalCount).toBe(0);
    expect((await listAll(owner, { ownerId: anna.userId })).page!.totalCount).toBe(0);
  });
});

describe('TimeTracks/GetMyTotals', () => {
  /** The offset that makes the caller's local time about noon now, so "today" has room on both sides. */
  function noonOffset(now = new Date()) {
    let offset = 12 * 60 - (now.getUTCHours() * 60 + now.getUTCMinutes());
    if (offset > 720) offset -= 1440;
    if (offset < -720) offset += 1440;
    return offset;
  }

  it('sums today, this week and this month in the caller’s offset, running timers up to now', async () => {
    const firmC = await createTenant(server);
    const worker = await firmC.member('Employee');
    const someone = await firmC.member('Employee');
    const a = await newCustomer(firmC.owner, 'Kunde A');
    const b = await newCustomer(firmC.owner, 'Kunde B');
    const offset = noonOffset();
    const now = Date.now();
    const local = new Date(now + offset * 60_000);
    const todayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset * 60_000;
    const iso = (ms: number) => new Date(ms).toISOString();

    await createManual(worker, a.id, iso(now - 3 * HOUR), iso(now - 2 * HOUR)); // today, 3600
    await createManual(worker, b.id, iso(todayStart - 3 * HOUR), iso(todayStart - 2 * HOUR)); // yesterday, 3600
    await createManual(worker, a.id, iso(todayStart + 10 * 60_000), iso(todayStart + 40 * 60_000)); // today, 1800
    await createManual(worker, a.id, iso(now - 40 * 24 * HOUR), iso(now - 40 * 24 * HOUR + HOUR)); // 40 days ago
    await createManual(someone, a.id, iso(now - 3 * HOUR), iso(now - 2 * HOUR)); // someone else
    const running = (await start(worker, b.id)).track!;
    await worker.api.PUT('/api/TimeTracks/Update', { body: { id: running.id, startedAtUtc: iso(now - 30 * 60_000), endedAtUtc: null } });

    const yesterdayInWeek = local.getUTCDay() !== 1; // Monday starts a new week
    const yesterdayInMonth = local.getUTCDate() !== 1;
    const { data, response } = await worker.api.GET('/api/TimeTracks/GetMyTotals', { params: { query: { callerUTCOffsetMinutes: offset } } });
    expect(response.status).toBe(200);
    const totals = data!.data!;
    expect(totals.todaySeconds).toBeGreaterThanOrEqual(3600 + 1800 + 1800);
    expect(totals.todaySeconds).toBeLessThan(3600 + 1800 + 1800 + 60);
    expect(totals.weekSeconds - totals.todaySeconds).toBe(yesterdayInWeek ? 3600 : 0);
    expect(totals.monthSeconds - totals.todaySeconds).toBe(yesterdayInMonth ? 3600 : 0);

    const onlyA = await worker.api.GET('/api/TimeTracks/GetMyTotals', { params: { query: { callerUTCOffsetMinutes: offset, customerId: a.id } } });
    expect(onlyA.data!.data!.todaySeconds).toBe(3600 + 1800);

    // twelve hours away it is just after midnight: nothing has started "today" there yet
    const midnight = offset + 720 <= 840 ? offset + 720 : offset - 720;
    const shifted = await worker.api.GET('/api/TimeTracks/GetMyTotals', { params: { query: { callerUTCOffsetMinutes: midnight } } });
    expect(shifted.data!.data!.todaySeconds).toBe(0);

    const nobody = await firmC.member('Employee');
    expect((await nobody.api.GET('/api/TimeTracks/GetMyTotals', { params: { query: { callerUTCOffsetMinutes: offset } } })).data!.data).toEqual({
      todaySeconds: 0,
      weekSeconds: 0,
      monthSeconds: 0,
    });
  });

  it('refuses an offset outside ±14 hours', async () => {
    const response = await rawCall(server.baseUrl, 'GET', '/api/TimeTracks/GetMyTotals?callerUTCOffsetMinutes=900', { headers: employee.auth });
    expect(response.status).toBe(400);
  });
});
