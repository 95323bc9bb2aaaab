/**
 * The activity feed (`ByCustomer`): time tracks, notes, materials, time entries, photos and
 * confirmations of a customer (or of all customers) in one list with filters, order and paging;
 * what an Employee sees; and the dashboard's `GetTotals`.
 */
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, informationEntries, tenants, timeTracks } from '../../server/db/schema';
import type { TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry, newProduct, postForm, signaturePng, uploadImage } from './activity-support';
import { createTenant, startScene, type Member, type TestTenant } from './factories';
import type { OrderBy } from './contract-types';

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, employee: Member, colleague: Member;

let customer: { id: string };
let ids: Record<string, string>;

const at = (day: number, hour = 8) => new Date(Date.UTC(2026, 9, day, hour, 0, 0));

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, employee, colleague } } = await startScene({ members: { manager: { role: 'Manager', lang: 'en' }, employee: 'Employee', colleague: 'Employee' } }));

  customer = await newCustomer(owner, 'Feed GmbH');
  const product = await newProduct(owner, { name: 'Leerrohr M20', unit: 'm', netPrice: 0.6, vatRate: 19 });
  ids = {
    track: await insertTimeTrack(server, employee, customer.id, { startedAt: at(1), seconds: 7200, description: 'Schlitze gefräst' }),
    colleagueTrack: await insertTimeTrack(server, colleague, customer.id, { startedAt: at(2), seconds: 3600, description: 'Kollege bohrt' }),
    running: await insertTimeTrack(server, employee, customer.id, { startedAt: at(3), running: true }),
    note: (await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'Kunde wünscht Steckdosen tiefer', occurredAtUtc: at(4).toISOString() })).id,
    material: (await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 10, occurredAtUtc: at(5).toISOString() })).id,
    timeEntry: (await newEntry(colleague, { customerId: customer.id, subType: 'time', durationSeconds: 1800, text: 'Aufräumen', occurredAtUtc: at(6).toISOString() })).id,
    image: (await uploadImage(server, employee, customer.id, { category: 'damage', description: 'Riss in der Wand', createdAtUtc: at(7).toISOString() })).id,
  };
  // A confirmation over the note and the employee's track, signed on day 8 by the Owner, whose
  // account began before (a moment signed on a device may not lie before it, decision 0043).
  await server.database.withTenant(firm.tenantId, (tx) => tx.execute(sql`update users set created_at = ${at(1).toISOString()} where id = ${owner.userId}`));
  const form = new FormData();
  form.append('customerId', customer.id);
  form.append('signee', 'Frau Feed');
  form.append('confirmedInfoIds', ids.note);
  form.append('confirmedTimeTrackIds', ids.track);
  form.append('createdAtUtc', at(8).toISOString());
  form.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  const answer = await postForm(server, owner, '/api/WorkConfirmations', form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  ids.confirmation = answer.body.data.id;
  // Another customer's entry, for the feed of all customers.
  const second = await newCustomer(owner, 'Zweitkunde AG');
  ids.otherCustomer = second.id;
  ids.otherNote = (await newEntry(owner, { customerId: second.id, subType: 'note', text: 'Zweitkunde Notiz', occurredAtUtc: at(9).toISOString() })).id;
});
afterAll(() => server?.close());

type FeedQuery = Partial<{
  customerId: string;
  includeProcessed: boolean;
  includeUnprocessed: boolean;
  archived: 'include' | 'exclude' | 'only';
  kind: ('time' | 'note' | 'material' | 'timeEntry' | 'image' | 'confirmation')[];
  fromDate: string;
  toDate: string;
  filter: string;
  orderBy: OrderBy<'customerActivitiesByCustomer'>;
  isDescending: boolean;
  page: number;
  pageSize: number;
}>;

const feed = (member: Member, query: FeedQuery = {}) =>
  member.api.GET('/api/CustomerActivities/ByCustomer', {
    params: { query: { customerId: customer.id, includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 50, ...query } },
  });

async function markProcessed(table: 'information' | 'tracks' | 'images', list: string[], archived = false) {
  const values = { processedAt: new Date(), ...(archived ? { archivedAt: new Date() } : {}) };
  await server.database.withTenant(firm.tenantId, async (tx) => {
    if (table === 'information') await tx.update(informationEntries).set(values).where(inArray(informationEntries.id, list));
    if (table === 'tracks') await tx.update(timeTracks).set(values).where(inArray(timeTracks.id, list));
    if (table === 'images') await tx.update(images).set(values).where(inArray(images.id, list));
  });
}

describe('CustomerActivities/ByCustomer', () => {
  it('lists every kind of the customer\'s activity newest first, running timers left out', async () => {
    const { data, response } = await feed(owner);
    expect(response.status).toBe(200);
    const items = data!.data!.items;
    expect(data!.data!.totalCount).toBe(7);
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['confirmation', ids.confirmation],
      ['image', ids.image],
      ['timeEntry', ids.timeEntry],
      ['material', ids.material],
      ['note', ids.note],
      ['time', ids.colleagueTrack],
      ['time', ids.track],
    ]);
    const byKind = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(byKind[ids.track]).toMatchObject({ title: 'Arbeitszeit', text: 'Schlitze gefräst', durationSeconds: 7200, locked: true, refId: ids.confirmation, ownerId: employee.userId, ownerName: employee.email, customerName: 'Feed GmbH' });
    expect(byKind[ids.material]).toMatchObject({ title: 'Leerrohr M20', quantity: 10, unit: 'm', amount: 6, locked: false, refId: null });
    expect(byKind[ids.note]).toMatchObject({ title: 'Notiz', text: 'Kunde wünscht Steckdosen tiefer', locked: true });
    expect(byKind[ids.timeEntry]).toMatchObject({ title: 'Zeiteintrag', durationSeconds: 1800 });
    expect(byKind[ids.image]).toMatchObject({ title: 'Schaden', text: 'Riss in der Wand' });
    expect(byKind[ids.confirmation]).toMatchObject({ title: 'Frau Feed', locked: true, refId: ids.confirmation, processed: false, ownerId: owner.userId });
  });

  it('answers titles in the caller\'s language', async () => {
    const items = (await feed(manager)).data!.data!.items;
    expect(items.find((i) => i.id === ids.track)!.title).toBe('Working time');
    expect(items.find((i) => i.id === ids.image)!.title).toBe('Damage');
  });

  it('shows an Employee every note, material, photo and confirmation, but only their own times', async () => {
    const items = (await feed(employee)).data!.data!.items;
    expect(items.map((i) => i.id).sort()).toEqual([ids.confirmation, ids.image, ids.material, ids.note, ids.track].sort());
  });

  it('filters by period and by text (owner\'s name included), sorts by kind, amount and duration, and pages', async () => {
    const period = (await feed(owner, { fromDate: at(4).toISOString(), toDate: at(7).toISOString() })).data!.data!;
    expect(period.items.map((i) => i.kind)).toEqual(['timeEntry', 'material', 'note']);
    expect((await feed(owner, { filter: 'steckdosen' })).data!.data!.items.map((i) => i.id)).toEqual([ids.note]);
    expect((await feed(owner, { filter: 'GEFRÄST' })).data!.data!.items.map((i) => i.id)).toEqual([ids.track]);
    // A kind's heading, a photo's category and the customer's name match as well.
    expect((await feed(owner, { filter: 'NOTIZ' })).data!.data!.items.map((i) => i.id)).toEqual([ids.note]);
    expect((await feed(owner, { filter: 'schaden' })).data!.data!.items.map((i) => i.id)).toEqual([ids.image]);
    expect((await feed(owner, { filter: 'feed gmbh' })).data!.data!.totalCount).toBe(7);
    expect((await feed(owner, { filter: 'frau feed' })).data!.data!.items.map((i) => i.id)).toEqual([ids.confirmation]);
    const byOwner = (await feed(owner, { filter: colleague.email.slice(0, 12) })).data!.data!.items.map((i) => i.id).sort();
    expect(byOwner).toEqual([ids.colleagueTrack, ids.timeEntry].sort());
    const byKind = (await feed(owner, { orderBy: 'kind', isDescending: false })).data!.data!.items.map((i) => i.kind);
    expect(byKind).toEqual([...byKind].sort());
    const byAmount = (await feed(owner, { orderBy: 'amount', isDescending: true })).data!.data!.items;
    expect(byAmount[0].id).toBe(ids.material);
    const byDuration = (await feed(owner, { orderBy: 'durationSeconds', isDescending: true })).data!.data!.items.slice(0, 3).map((i) => i.durationSeconds);
    expect(byDuration).toEqual([7200, 3600, 1800]);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await feed(owner, { page, pageSize: 3 })).data!.data!.items.map((i) => i.id));
    expect(pages).toEqual((await feed(owner)).data!.data!.items.map((i) => i.id));
    expect((await feed(owner, { page: 4, pageSize: 3 })).data!.data!).toMatchObject({ totalCount: 7, items: [] });
  });

  it('filters by processed and archived state; a confirmation is processed once all it covers is', async () => {
    await markProcessed('information', [ids.note]);
    let done = (await feed(owner, { includeUnprocessed: false })).data!.data!.items.map((i) => i.id);
    expect(done).toEqual([ids.note]);
    await markProcessed('tracks', [ids.track], true);
    done = (await feed(owner, { includeUnprocessed: false })).data!.data!.items.map((i) => i.id);
    expect(done.sort()).toEqual([ids.confirmation, ids.note, ids.track].sort());
    const open = (await feed(owner, { includeProcessed: false })).data!.data!.items.map((i) => i.id);
    expect(open).not.toContain(ids.confirmation);
    expect(open).toHaveLength(4);
    expect((await feed(owner, { includeUnprocessed: false, archived: 'only' })).data!.data!.items.map((i) => i.id)).toEqual([ids.track]);
    expect((await feed(owner, { includeUnprocessed: false, archived: 'exclude' })).data!.data!.items.map((i) => i.id).sort()).toEqual([ids.confirmation, ids.note].sort());
    const confirmation = (await feed(owner)).data!.data!.items.find((i) => i.id === ids.confirmation)!;
    expect(confirmation).toMatchObject({ processed: true, archived: false });
  });

  it('narrows the feed to the kinds asked for', async () => {
    expect((await feed(owner, { kind: ['confirmation'] })).data!.data!.items.map((i) => i.id)).toEqual([ids.confirmation]);
    expect((await feed(owner, { kind: ['timeEntry', 'time'] })).data!.data!.items.map((i) => i.kind)).toEqual(['timeEntry', 'time', 'time']);
    expect((await feed(owner, { kind: ['note', 'image'] })).data!.data!.items.map((i) => i.id)).toEqual([ids.image, ids.note]);
    const single = await fetch(`${server.baseUrl}/api/CustomerActivities/ByCustomer?customerId=${customer.id}&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true&kind=material`, { headers: owner.auth });
    expect((await single.json()).data.items.map((i: { id: string }) => i.id)).toEqual([ids.material]);
  });

  it('lists all customers\' activity without a customer id (the library)', async () => {
    const all = await owner.api.GET('/api/CustomerActivities/ByCustomer', {
      params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 5 } },
    });
    expect(all.data!.data!.totalCount).toBe(8);
    expect(all.data!.data!.items[0]).toMatchObject({ id: ids.otherNote, customerId: ids.otherCustomer, customerName: 'Zweitkunde AG' });
    const named = await owner.api.GET('/api/CustomerActivities/ByCustomer', {
      params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: false, page: 1, pageSize: 50, orderBy: 'customerName', filter: 'AG' } },
    });
    expect(named.data!.data!.items.map((i) => i.customerName)).toContain('Zweitkunde AG');
  });

  it('answers 404 for an unknown or another tenant\'s customer and shows another tenant nothing', async () => {
    expect((await feed(owner, { customerId: crypto.randomUUID() })).response.status).toBe(404);
    expect((await feed(other.owner)).response.status).toBe(404);
    const all = await other.owner.api.GET('/api/CustomerActivities/ByCustomer', {
      params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 5 } },
    });
    expect(all.data!.data!.totalCount).toBe(0);
  });

  it('answers an empty page, not 404, for a customer of the firm without entries or without matches', async () => {
    const quiet = await newCustomer(owner, 'Ruhiger Kunde GmbH');
    const empty = await feed(owner, { customerId: quiet.id });
    expect(empty.response.status).toBe(200);
    expect(empty.data!.data).toMatchObject({ totalCount: 0, items: [] });
    const nothingMatches = await feed(owner, { filter: 'kein treffer weit und breit' });
    expect(nothingMatches.response.status).toBe(200);
    expect(nothingMatches.data!.data!.totalCount).toBe(0);
    // A page beyond the last of a customer with entries: still the customer's, no 404.
    const beyond = await feed(owner, { page: 99 });
    expect(beyond.response.status).toBe(200);
    expect(beyond.data!.data!.items).toEqual([]);
  });

  it('refuses a wrong archived filter and missing flags with field errors', async () => {
    const response = await fetch(`${server.baseUrl}/api/CustomerActivities/ByCustomer?customerId=${customer.id}&page=1&pageSize=10&isDescending=true&archived=maybe`, { headers: owner.auth });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.errors).sort()).toEqual(['archived', 'includeProcessed', 'includeUnprocessed']);
  });

  it('finds entries by customer and member name the same way when more than a thousand names match', async () => {
    // Up to 1,000 found names go into the query as a list; beyond, each branch looks them up itself.
    const library = (filter: string) => feed(owner, { customerId: undefined, filter, pageSize: 50 });
    const idsOf = async (filter: string) => {
      const answer = (await library(filter)).data!.data!;
      return { totalCount: answer.totalCount, ids: answer.items.map((i) => i.id) };
    };
    const before = { feed: await idsOf('feed'), zweit: await idsOf('zweitkunde'), none: await idsOf('kein treffer') };
    expect(before.feed.totalCount).toBeGreaterThanOrEqual(7);
    expect(before.zweit.ids).toEqual([ids.otherNote]);
    await server.database.withTenant(firm.tenantId, (tx) =>
      tx.execute(sql`insert into customers (tenant_id, company_name) select ${firm.tenantId}, 'Feed Filiale ' || i from generate_series(1, 1001) as i`),
    );
    expect(await idsOf('feed')).toEqual(before.feed);
    expect(await idsOf('zweitkunde')).toEqual(before.zweit);
    expect(await idsOf('kein treffer')).toEqual(before.none);
  });
});

describe('CustomerActivities/GetTotals', () => {
  let totalsFirm: TestTenant;
  let boss: Member;
  let worker: Member;
  let shop: { id: string };

  beforeAll(async () => {
    totalsFirm = await createTenant(server);
    boss = totalsFirm.owner;
    worker = await totalsFirm.member('Employee');
    shop = await newCustomer(boss, 'Laden Eins');
    // The shop has its own rate; the workshop is billed at the firm's default (60 €/h).
    const rated = await boss.api.PUT('/api/Customers/Update', { body: { id: shop.id, companyName: 'Laden Eins', country: 'DE', hourlyRate: 58.5 } });
    expect(rated.response.status).toBe(200);
    const workshop = await newCustomer(boss, 'Werkstatt Zwei');
    await insertTimeTrack(server, worker, shop.id, { startedAt: new Date('2026-11-02T07:00:00Z'), seconds: 3600 });
    await insertTimeTrack(server, worker, shop.id, { startedAt: new Date('2026-11-02T23:30:00Z'), seconds: 1800 }); // 3 Nov in Berlin
    await insertTimeTrack(server, boss, workshop.id, { startedAt: new Date('2026-11-04T08:00:00Z'), seconds: 7200 });
    await insertTimeTrack(server, worker, shop.id, { startedAt: new Date('2026-11-05T08:00:00Z'), running: true });
    await newEntry(worker, { customerId: shop.id, subType: 'time', durationSeconds: 900, occurredAtUtc: '2026-11-04T12:00:00Z' });
    await newEntry(worker, { customerId: shop.id, subType: 'material', text: 'Schrauben', unit: 'Pkg', quantity: 2, unitPrice: 4.5, occurredAtUtc: '2026-11-04T12:00:00Z' });
    await newEntry(worker, { customerId: workshop.id, subType: 'note', text: 'keine Position', occurredAtUtc: '2026-11-04T12:00:00Z' });
  });

  const totals = (member: Member, query: { fromDate?: string; toDate?: string; customerId?: string } = {}) =>
    member.api.GET('/api/CustomerActivities/GetTotals', { params: { query } });

  it('sums new customers, new entries and working time, per day in the tenant\'s zone and per member', async () => {
    const { data, response } = await totals(boss, { fromDate: '2026-11-01T23:00:00Z', toDate: '2026-11-05T23:00:00Z' });
    expect(response.status).toBe(200);
    const t = data!.data!;
    expect(t).toMatchObject({ newCustomersCount: 0, newInformationsCount: 0, totalWorkingSeconds: 3600 + 1800 + 7200 + 900 });
    expect(t.workingSecondsPerDay).toEqual([
      { date: '2026-11-02', seconds: 3600 },
      { date: '2026-11-03', seconds: 1800 },
      { date: '2026-11-04', seconds: 7200 + 900 },
      { date: '2026-11-05', seconds: 0 },
    ]);
    expect(t.workingSecondsPerMember).toEqual([
      { memberId: boss.userId, memberName: boss.email, seconds: 7200 },
      { memberId: worker.userId, memberName: worker.email, seconds: 6300 },
    ]);
    // Highest open value first. Workshop: 2:00 h = 8 quarter hours × 60 € / 4 = 120,00 €. Shop: 1:45 h
    // = 7 quarter hours × 58,50 € / 4 = 102,375 → 102,38 € plus 9,00 € of material.
    expect(t.openPositionsPerCustomer).toEqual([
      expect.objectContaining({ customerName: 'Werkstatt Zwei', positions: 1, workingSeconds: 7200, materialAmount: 0, labourAmount: 120, openAmount: 120 }),
      { customerId: shop.id, customerName: 'Laden Eins', positions: 4, workingSeconds: 6300, materialAmount: 9, labourAmount: 102.38, openAmount: 111.38 },
    ]);
    // The same labour value as the invoice of those entries.
    const invoice = await boss.api.POST('/api/Invoice/CreatePreviewFromActivities', {
      body: { customerId: shop.id, fromDate: '2026-11-01T23:00:00Z', toDate: '2026-11-05T23:00:00Z', language: 'de', outputFormat: 'json' },
    });
    expect(invoice.data!.data!.positions.find((p) => p.kind === 'labour')!.net).toBe(102.38);
  });

  it('counts customers and entries created in the period, for one customer on request', async () => {
    const all = (await totals(boss)).data!.data!;
    expect(all).toMatchObject({ newCustomersCount: 2, newInformationsCount: 3, totalWorkingSeconds: 13500 });
    const one = (await totals(boss, { customerId: shop.id })).data!.data!;
    expect(one).toMatchObject({ newCustomersCount: 1, newInformationsCount: 2, totalWorkingSeconds: 6300 });
    const empty = (await totals(boss, { fromDate: '2019-12-31T23:00:00Z', toDate: '2020-01-02T23:00:00Z' })).data!.data!;
    expect(empty).toMatchObject({ newCustomersCount: 0, newInformationsCount: 0, totalWorkingSeconds: 0, workingSecondsPerMember: [], openPositionsPerCustomer: [] });
    expect(empty.workingSecondsPerDay).toEqual([{ date: '2020-01-01', seconds: 0 }, { date: '2020-01-02', seconds: 0 }]);
  });

  it('counts in the default zone (Europe/Berlin) when the stored zone is unknown, as every other figure of the firm does', async () => {
    const inBerlin = (await totals(boss)).data!.data!;
    await server.database.withTenant(totalsFirm.tenantId, (tx) => tx.update(tenants).set({ timeZone: 'Nowhere/Atlantis' }).where(eq(tenants.tenantId, totalsFirm.tenantId)));
    try {
      const t = (await totals(boss)).data!.data!;
      expect(t.totalWorkingSeconds).toBeGreaterThan(0);
      expect(t).toEqual(inBerlin);
    } finally {
      await server.database.withTenant(totalsFirm.tenantId, (tx) => tx.update(tenants).set({ timeZone: 'Europe/Berlin' }).where(eq(tenants.tenantId, totalsFirm.tenantId)));
    }
  });

  it('is for the back office only (403 for an Employee) and sees only its own tenant', async () => {
    expect((await totals(worker)).response.status).toBe(403);
    expect((await totals(other.owner)).data!.data!).toMatchObject({ newCustomersCount: 0, totalWorkingSeconds: 0 });
    expect((await totals(boss, { customerId: customer.id })).data!.data!).toMatchObject({ newCustomersCount: 0, totalWorkingSeconds: 0 });
  });
});
