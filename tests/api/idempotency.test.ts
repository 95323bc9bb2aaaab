/**
 * Idempotency keys (decision 0033): a change sent again with its `Idempotency-Key` answers the
 * first answer and changes nothing; the same key with another request answers 409; keys belong to
 * one firm and member and expire after 7 days; a refusal keeps no key; two sends of one key at the
 * same moment record the change once. JSON creates, clocking, photo uploads and signed confirmations.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, images, informationEntries, timeTracks, userTimeTracks, workConfirmations } from '../../server/db/schema';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { testClock } from '../support/clock';
import { imageForm, jpeg, newCustomer, newEntry, signaturePng } from './activity-support';
import { startScene, type Member, type TestTenant } from './factories';

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, employee: Member, colleague: Member;
let customer: { id: string };
const clock = testClock('2026-11-27T11:00:00Z');

beforeAll(async () => {
  ({ server, firm, other, owner, members: { employee, colleague }, customers: { customer } } = await startScene({
    server: { clock },
    members: { employee: 'Employee', colleague: 'Employee' },
    customers: { customer: 'Sanitär Huber' },
  }));
});
afterAll(async () => {
  await server?.close();
});

const newKey = () => crypto.randomUUID();

/** A JSON call with the member's session and, if given, an idempotency key. */
function send(member: Member, path: string, body: unknown, key?: string) {
  return rawCall(server.baseUrl, 'POST', path, {
    body: JSON.stringify(body),
    headers: { ...member.auth, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
  });
}

function sendForm(member: Member, path: string, form: FormData, key: string) {
  return fetch(server.baseUrl + path, { method: 'POST', body: form, headers: { ...member.auth, 'Idempotency-Key': key } });
}

async function count(tenantId: string, table: typeof informationEntries | typeof timeTracks | typeof images | typeof workConfirmations | typeof userTimeTracks) {
  return server.database.withTenant(tenantId, async (tx) => (await tx.select().from(table)).length);
}

async function keyRows(tenantId: string, key: string) {
  return server.database.withTenant(tenantId, (tx) => tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key))));
}

const note = (text: string) => ({ customerId: customer.id, subType: 'note', text });

describe('Idempotency-Key on JSON creates', () => {
  it('answers the first answer to the same key and records the note once', async () => {
    const key = newKey();
    const before = await count(firm.tenantId, informationEntries);
    const first = await send(employee, '/api/Information/Create', note('Wasserhahn getauscht'), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send(employee, '/api/Information/Create', note('Wasserhahn getauscht'), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count(firm.tenantId, informationEntries)).toBe(before + 1);
    // Keys of the same body in another order of fields are the same request.
    const reordered = await send(employee, '/api/Information/Create', { text: 'Wasserhahn getauscht', subType: 'note', customerId: customer.id }, key);
    expect(reordered.status).toBe(201);
    expect(reordered.body.data.id).toBe(first.body.data.id);
  });

  it('refuses the same key with another body (409) with a clear message, and records nothing', async () => {
    const key = newKey();
    await send(employee, '/api/Information/Create', note('Erste Notiz'), key);
    const before = await count(firm.tenantId, informationEntries);
    const other = await send(employee, '/api/Information/Create', note('Andere Notiz'), key);
    expect(other.status).toBe(409);
    expect(other.body.errorMessages[0]).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.body.errorMessages[0].message).toContain('derselben Kennung');
    // Another call with the same key is another request too.
    const timer = await send(employee, '/api/TimeTracks/Start', { customerId: customer.id }, key);
    expect(timer.status).toBe(409);
    expect(timer.body.errorMessages[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count(firm.tenantId, informationEntries)).toBe(before);
    expect(await count(firm.tenantId, timeTracks)).toBe(0);
  });

  it('keeps keys per member and per firm: the same key of a colleague or another firm is theirs', async () => {
    const key = newKey();
    const mine = await send(employee, '/api/Information/Create', note('Von mir'), key);
    const theirs = await send(colleague, '/api/Information/Create', note('Von der Kollegin'), key);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    const elsewhere = await newCustomer(other.owner, 'Fremdkunde');
    const foreign = await send(other.owner, '/api/Information/Create', { customerId: elsewhere.id, subType: 'note', text: 'Von mir' }, key);
    expect(foreign.status).toBe(201);
    expect(foreign.headers.get('idempotent-replayed')).toBeNull();
    // The other firm's row is invisible to this firm (row-level security).
    expect(await keyRows(firm.tenantId, key)).toHaveLength(2);
    expect(await keyRows(other.tenantId, key)).toHaveLength(1);
  });

  it('keeps no key for a refusal: the same key may be sent again once the cause is fixed', async () => {
    const key = newKey();
    const missing = await send(employee, '/api/Information/Create', { customerId: crypto.randomUUID(), subType: 'note', text: 'Wohin?' }, key);
    expect(missing.status).toBe(404);
    expect(await keyRows(firm.tenantId, key)).toHaveLength(0);
    const fixed = await send(employee, '/api/Information/Create', note('Jetzt richtig'), key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('records a change once when the same key arrives twice at the same moment', async () => {
    const key = newKey();
    const runningBefore = await count(firm.tenantId, timeTracks);
    const answers = await Promise.all([0, 1, 2].map(() => send(employee, '/api/TimeTracks/Start', { customerId: customer.id }, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await count(firm.tenantId, timeTracks)).toBe(runningBefore + 1);
    // Stopping twice with one key: the second answers the stopped timer, not 409 TIMER_NOT_RUNNING.
    const stopKey = newKey();
    const stop = await send(employee, '/api/TimeTracks/Stop', { id: answers[0].body.data.id }, stopKey);
    const stopAgain = await send(employee, '/api/TimeTracks/Stop', { id: answers[0].body.data.id }, stopKey);
    expect(stop.status).toBe(200);
    expect(stopAgain.status).toBe(200);
    expect(stopAgain.body).toEqual(stop.body);
    // Without a key the call is as before.
    const plain = await send(employee, '/api/TimeTracks/Stop', { id: answers[0].body.data.id });
    expect(plain.status).toBe(409);
    expect(plain.body.errorMessages[0].code).toBe('TIMER_NOT_RUNNING');
  });

  it('clocks in, takes a break and clocks out once each however often the queue sends them', async () => {
    const keys = { start: newKey(), pause: newKey(), stop: newKey() };
    const before = await count(firm.tenantId, userTimeTracks);
    for (let i = 0; i < 2; i++) {
      expect((await send(colleague, '/api/UserTimeTracks/Start', {}, keys.start)).status).toBe(200);
      expect((await send(colleague, '/api/UserTimeTracks/AppendSegment', { kind: 'break' }, keys.pause)).status).toBe(200);
      const stopped = await send(colleague, '/api/UserTimeTracks/Stop', {}, keys.stop);
      expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
      expect(stopped.body.data.segments.map((s: { kind: string }) => s.kind)).toEqual(['work', 'break']);
    }
    expect(await count(firm.tenantId, userTimeTracks)).toBe(before + 1);
  });

  it('refuses a malformed key with 400 VALIDATION_ERROR and records nothing', async () => {
    const before = await count(firm.tenantId, informationEntries);
    for (const key of ['short', 'has space in it', 'ü'.repeat(10), 'x'.repeat(129)]) {
      const answer = await send(employee, '/api/Information/Create', note('Mit falscher Kennung'), key);
      expect(answer.status, key).toBe(400);
      expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
    }
    expect(await count(firm.tenantId, informationEntries)).toBe(before);
  });

  it('forgets a key after 7 days: then it is a new change', async () => {
    const key = newKey();
    const first = await send(employee, '/api/Information/Create', note('Vor einer Woche'), key);
    expect(first.status).toBe(201);
    clock.advance(6 * 86_400_000);
    const stillKnown = await send(employee, '/api/Information/Create', note('Vor einer Woche'), key);
    expect(stillKnown.body.data.id).toBe(first.body.data.id);
    clock.advance(86_400_000 + 1000);
    const later = await send(employee, '/api/Information/Create', note('Vor einer Woche'), key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.data.id).not.toBe(first.body.data.id);
    const rows = await keyRows(firm.tenantId, key);
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.getTime()).toBe(clock.now().getTime() + 7 * 86_400_000);
    clock.set('2026-11-27T11:00:00Z');
  });
});

describe('Idempotency-Key on uploads', () => {
  it('stores a photo once for the same key and refuses another file under it', async () => {
    const key = newKey();
    const photo = await jpeg(320, 240);
    const form = () => imageForm({ customerId: customer.id, category: 'before' }, { data: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' });
    const before = await count(firm.tenantId, images);
    const first = await sendForm(employee, '/api/Images/UploadWorkDocImage', form(), key);
    const firstBody = await first.json();
    expect(first.status, JSON.stringify(firstBody)).toBe(200);
    const again = await sendForm(employee, '/api/Images/UploadWorkDocImage', form(), key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await count(firm.tenantId, images)).toBe(before + 1);
    const otherPhoto = imageForm({ customerId: customer.id, category: 'before' }, { data: await jpeg(322, 240), name: 'IMG_0001.jpg', type: 'image/jpeg' });
    const refused = await sendForm(employee, '/api/Images/UploadWorkDocImage', otherPhoto, key);
    expect(refused.status).toBe(409);
    expect((await refused.json()).errorMessages[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count(firm.tenantId, images)).toBe(before + 1);
  });

  it('creates a signed work confirmation once for the same key', async () => {
    const signed = await newCustomer(owner, 'Bäckerei Maier');
    await newEntry(employee, { customerId: signed.id, subType: 'note', text: 'Leitung verlegt' });
    const signature = await signaturePng();
    const form = () => {
      const f = imageForm({ customerId: signed.id, signee: 'Anna Maier', place: 'Landshut', language: 'de' });
      f.append('file', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'signature.png');
      return f;
    };
    const before = await count(firm.tenantId, workConfirmations);
    const key = newKey();
    const first = await sendForm(employee, '/api/WorkConfirmations', form(), key);
    const firstBody = await first.json();
    expect(first.status, JSON.stringify(firstBody)).toBe(200);
    const again = await sendForm(employee, '/api/WorkConfirmations', form(), key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await count(firm.tenantId, workConfirmations)).toBe(before + 1);
  });
});

describe('Times recorded offline (atUtc)', () => {
  const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000).toISOString();

  it('starts and stops a customer timer at the moments the member tapped', async () => {
    const timerCustomer = await newCustomer(owner, 'Hof Berger');
    const start = await send(employee, '/api/TimeTracks/Start', { customerId: timerCustomer.id, atUtc: at(30) }, newKey());
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.data.startedAtUtc).toBe(at(30));
    const stop = await send(employee, '/api/TimeTracks/Stop', { id: start.body.data.id, atUtc: at(10) }, newKey());
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data).toMatchObject({ startedAtUtc: at(30), endedAtUtc: at(10), durationSeconds: 1200 });
  });

  it('clocks in, breaks and clocks out at the moments the member tapped', async () => {
    const member = await firm.member('Employee');
    expect((await send(member, '/api/UserTimeTracks/Start', { atUtc: at(240) })).status).toBe(200);
    expect((await send(member, '/api/UserTimeTracks/AppendSegment', { kind: 'break', atUtc: at(120) })).status).toBe(200);
    expect((await send(member, '/api/UserTimeTracks/AppendSegment', { kind: 'work', atUtc: at(90) })).status).toBe(200);
    const stopped = await send(member, '/api/UserTimeTracks/Stop', { atUtc: at(5) });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.data.segments.map((s: { kind: string; startedAtUtc: string; endedAtUtc: string }) => [s.kind, s.startedAtUtc, s.endedAtUtc])).toEqual([
      ['work', at(240), at(120)],
      ['break', at(120), at(90)],
      ['work', at(90), at(5)],
    ]);
  });

  it('refuses a moment in the future beyond a minute or before the member existed, on atUtc, and records nothing', async () => {
    const member = await firm.member('Employee');
    const refusedCustomer = await newCustomer(owner, 'Gärtnerei Lang');
    const before = await count(firm.tenantId, timeTracks);
    const future = new Date(clock.now().getTime() + 2 * 60_000).toISOString();
    for (const atUtc of [future, '2020-01-01T08:00:00Z']) {
      const start = await send(member, '/api/TimeTracks/Start', { customerId: refusedCustomer.id, atUtc }, newKey());
      expect(start.status, atUtc).toBe(400);
      expect(start.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
      expect(Object.keys(start.body.errors)).toEqual(['atUtc']);
      const clockIn = await send(member, '/api/UserTimeTracks/Start', { atUtc });
      expect(clockIn.status).toBe(400);
      expect(clockIn.body.errors.atUtc[0]).toMatch(atUtc === future ? /Zukunft/ : /Beginn Ihres Zugangs/);
    }
    // Half a minute ahead is a phone's clock running a little fast: taken.
    const skewed = await send(member, '/api/TimeTracks/Start', { customerId: refusedCustomer.id, atUtc: new Date(clock.now().getTime() + 30_000).toISOString() });
    expect(skewed.status).toBe(200);
    expect(await count(firm.tenantId, timeTracks)).toBe(before + 1);
  });
  it("takes an entry's or photo's moment before the member existed (recorded late), refuses one in the future on its own field and records nothing", async () => {
    const member = await firm.member('Employee');
    const future = new Date(clock.now().getTime() + 2 * 60_000).toISOString();
    const entries = await count(firm.tenantId, informationEntries);
    for (const body of [note('Zähler abgelesen'), { customerId: customer.id, subType: 'material', text: 'Kabel', unit: 'm', quantity: 2 }, { customerId: customer.id, subType: 'time', durationSeconds: 600 }]) {
      const refused = await send(member, '/api/Information/Create', { ...body, occurredAtUtc: future }, newKey());
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
      expect(refused.body.errors).toEqual({ occurredAtUtc: [expect.stringMatching(/Zukunft/)] });
    }
    expect(await count(firm.tenantId, informationEntries)).toBe(entries);
    const late = await send(member, '/api/Information/Create', { ...note('Nachgetragen'), occurredAtUtc: '2026-01-15T08:00:00.000Z' }, newKey());
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.data.occurredAtUtc).toBe('2026-01-15T08:00:00.000Z');
    const created = await send(member, '/api/Information/Create', note('Heute'), newKey());
    const moved = await rawCall(server.baseUrl, 'PUT', '/api/Information/Update', {
      body: JSON.stringify({ id: created.body.data.id, text: 'Heute', occurredAtUtc: future }),
      headers: { ...member.auth, 'Content-Type': 'application/json' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(400);
    expect(Object.keys(moved.body.errors)).toEqual(['occurredAtUtc']);

    const photos = await count(firm.tenantId, images);
    const photo = (createdAtUtc: string) => imageForm({ customerId: customer.id, createdAtUtc }, { data: jpegData, name: 'IMG_0002.jpg', type: 'image/jpeg' });
    const jpegData = await jpeg();
    const refusedPhoto = await sendForm(member, '/api/Images/UploadWorkDocImage', photo(future), newKey());
    const refusedBody = await refusedPhoto.json();
    expect(refusedPhoto.status, JSON.stringify(refusedBody)).toBe(400);
    expect(refusedBody.errors).toEqual({ createdAtUtc: [expect.stringMatching(/Zukunft/)] });
    expect(await count(firm.tenantId, images)).toBe(photos);
    const oldPhoto = await sendForm(member, '/api/Images/UploadWorkDocImage', photo('2026-09-01T08:00:00.000Z'), newKey());
    expect(oldPhoto.status).toBe(200);
  });

  it('refuses a signature dated in the future or before the member existed, on createdAtUtc, and records nothing', async () => {
    const member = await firm.member('Employee');
    const signed = await newCustomer(owner, 'Schreinerei Vogt');
    const entry = await send(member, '/api/Information/Create', { customerId: signed.id, subType: 'note', text: 'Tür eingebaut' }, newKey());
    const confirmations = await count(firm.tenantId, workConfirmations);
    const png = await signaturePng();
    const form = (createdAtUtc: string) => {
      const f = new FormData();
      f.append('customerId', signed.id);
      f.append('signee', 'Frau Vogt');
      f.append('createdAtUtc', createdAtUtc);
      f.append('confirmedInfoIds', entry.body.data.id);
      f.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'signature.png');
      return f;
    };
    const future = new Date(clock.now().getTime() + 2 * 60_000).toISOString();
    for (const [createdAtUtc, message] of [[future, /Zukunft/], ['2020-01-01T08:00:00.000Z', /Beginn Ihres Zugangs/]] as const) {
      const answer = await sendForm(member, '/api/WorkConfirmations', form(createdAtUtc), newKey());
      const body = await answer.json();
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(body.errors).toEqual({ createdAtUtc: [expect.stringMatching(message)] });
    }
    expect(await count(firm.tenantId, workConfirmations)).toBe(confirmations);
    const taken = await sendForm(member, '/api/WorkConfirmations', form(new Date(clock.now().getTime() - 60_000).toISOString()), newKey());
    expect(taken.status).toBe(200);
  });
});

describe('A timer started and stopped offline: the stop names the id the app chose (decision 0048)', () => {
  const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000).toISOString();
  const track = (tenantId: string, id: string) => server.database.withTenant(tenantId, async (tx) => (await tx.select().from(timeTracks).where(eq(timeTracks.id, id)))[0]);

  it('takes the app’s id for the track; start and stop sent in order record one track with both moments, however often they are sent', async () => {
    const basement = await newCustomer(owner, 'Keller Maier');
    const id = crypto.randomUUID();
    const before = await count(firm.tenantId, timeTracks);
    const startKey = newKey();
    const start = await send(employee, '/api/TimeTracks/Start', { customerId: basement.id, id, atUtc: at(60) }, startKey);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.data).toMatchObject({ id, status: 'running', startedAtUtc: at(60) });
    const stopKey = newKey();
    const stop = await send(employee, '/api/TimeTracks/Stop', { id, atUtc: at(5) }, stopKey);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data).toMatchObject({ id, status: 'stopped', startedAtUtc: at(60), endedAtUtc: at(5), durationSeconds: 3300 });

    // The queue sends both again (answers lost): the first answers, nothing changes.
    const startAgain = await send(employee, '/api/TimeTracks/Start', { customerId: basement.id, id, atUtc: at(60) }, startKey);
    expect(startAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(startAgain.body).toEqual(start.body);
    const stopAgain = await send(employee, '/api/TimeTracks/Stop', { id, atUtc: at(5) }, stopKey);
    expect(stopAgain.body).toEqual(stop.body);
    // The key forgotten (after 7 days), the id still holds: the stored track answers, no second timer starts.
    const lateStart = await send(employee, '/api/TimeTracks/Start', { customerId: basement.id, id, atUtc: at(60) }, newKey());
    expect(lateStart.status, JSON.stringify(lateStart.body)).toBe(200);
    expect(lateStart.body.data).toMatchObject({ id, status: 'stopped', endedAtUtc: at(5) });
    expect(await count(firm.tenantId, timeTracks)).toBe(before + 1);
    expect(await track(firm.tenantId, id)).toMatchObject({ ownerId: employee.userId, customerId: basement.id, durationSeconds: 3300 });
  });

  it('records a start sent twice at the same moment under two keys once', async () => {
    const site = await newCustomer(owner, 'Neubau Kranz');
    const id = crypto.randomUUID();
    const before = await count(firm.tenantId, timeTracks);
    const body = { customerId: site.id, id, atUtc: at(20) };
    const answers = await Promise.all([send(employee, '/api/TimeTracks/Start', body, newKey()), send(employee, '/api/TimeTracks/Start', body, newKey())]);
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.id)).toEqual([id, id]);
    expect(await count(firm.tenantId, timeTracks)).toBe(before + 1);
  });

  it('refuses an id taken by another track of the firm (409) and a malformed one (400); another firm’s ids are its own, and its timers answer 404', async () => {
    const yard = await newCustomer(owner, 'Hof Seidl');
    const barn = await newCustomer(owner, 'Stall Seidl');
    const id = crypto.randomUUID();
    expect((await send(employee, '/api/TimeTracks/Start', { customerId: yard.id, id }, newKey())).status).toBe(200);
    const before = await count(firm.tenantId, timeTracks);
    for (const [member, customerId] of [[colleague, yard.id], [employee, barn.id]] as const) {
      const taken = await send(member, '/api/TimeTracks/Start', { customerId, id }, newKey());
      expect(taken.status, JSON.stringify(taken.body)).toBe(409);
      expect(taken.body.errorMessages[0]).toMatchObject({ code: 'CONFLICT', message: 'Diese Kennung gehört bereits zu einem anderen Zeiteintrag.' });
    }
    const malformed = await send(employee, '/api/TimeTracks/Start', { customerId: barn.id, id: 'timer-1' }, newKey());
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['id']);
    expect(await count(firm.tenantId, timeTracks)).toBe(before);

    // Another firm's track may carry the same id: ids are per firm. Stopping it from here answers 404.
    const foreignCustomer = await newCustomer(other.owner, 'Fremdhof');
    const foreignId = crypto.randomUUID();
    const foreign = await send(other.owner, '/api/TimeTracks/Start', { customerId: foreignCustomer.id, id: foreignId }, newKey());
    expect(foreign.status).toBe(200);
    const sameId = await send(other.owner, '/api/TimeTracks/Start', { customerId: foreignCustomer.id, id }, newKey());
    expect(sameId.status).toBe(409); // its running timer of that customer, not our id
    const stopForeign = await send(employee, '/api/TimeTracks/Stop', { id: foreignId, atUtc: at(1) }, newKey());
    expect(stopForeign.status).toBe(404);
    expect(await track(other.tenantId, foreignId)).toMatchObject({ endedAt: null });
    expect(await track(firm.tenantId, id)).toMatchObject({ endedAt: null, customerId: yard.id });
  });

  it('refuses a stop recorded more than a minute before its start, on atUtc, and keeps the timer running; a few seconds before ends it at its start', async () => {
    const hall = await newCustomer(owner, 'Halle Brandl');
    const id = crypto.randomUUID();
    expect((await send(employee, '/api/TimeTracks/Start', { customerId: hall.id, id, atUtc: at(30) }, newKey())).status).toBe(200);
    const early = await send(employee, '/api/TimeTracks/Stop', { id, atUtc: at(32) }, newKey());
    expect(early.status, JSON.stringify(early.body)).toBe(400);
    expect(early.body.errors).toEqual({ atUtc: ['Der Timer kann nicht vor seinem Start gestoppt worden sein.'] });
    expect(await track(firm.tenantId, id)).toMatchObject({ endedAt: null });
    const behind = await send(employee, '/api/TimeTracks/Stop', { id, atUtc: new Date(Date.parse(at(30)) - 20_000).toISOString() }, newKey());
    expect(behind.status, JSON.stringify(behind.body)).toBe(200);
    expect(behind.body.data).toMatchObject({ startedAtUtc: at(30), endedAtUtc: at(30), durationSeconds: 0 });
  });
});
