/**
 * Issuing invoices and their register (decision 0031): gapless, unique numbers under concurrency
 * (also when some issues fail midway), the yearly restart, byte-identical documents, entries bound
 * to the invoice (409 naming it on every change), drafts that change nothing, undoing "mark
 * processed", roles and another tenant's ids.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../server/db/schema';
import { rawCall } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { testClock, type TestClock } from '../support/clock';
import { insertTimeTrack, newCustomer, newEntry } from './activity-support';
import { completeProfile, createTenant, type Member, type TestTenant } from './factories';

let server: TestServer;
let clock: TestClock;
let firm: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  clock = testClock('2026-11-20T09:00:00Z');
  // Fifty issues at once queue for the test server's five connections and the sequence row while
  // each renders its PDFs: the waits are longer than the default 5 s a request may wait.
  server = await startTestServer({ DATABASE_CONNECT_TIMEOUT_MS: '120000', DATABASE_STATEMENT_TIMEOUT_MS: '120000' }, { clock });
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  other = await createTenant(server);
  for (const t of [firm, other]) await setProfile(t.tenantId, completeProfile);
});
afterAll(async () => {
  await server?.close();
});

async function setProfile(tenantId: string, values: Partial<typeof tenants.$inferInsert>) {
  await server.database.withTenant(tenantId, (tx) => tx.update(tenants).set(values).where(eq(tenants.tenantId, tenantId)));
}

const PERIOD = { fromDate: '2026-10-01T00:00:00Z', toDate: '2026-11-01T00:00:00Z' };
const at = (day: number) => new Date(Date.UTC(2026, 9, day, 8, 0, 0));

/** A customer (with an e-mail for XRechnung) with an hour of work and some cable in October. */
async function billable(member: Member, email: string | null = 'einkauf@kunde.de') {
  const customer = await newCustomer(member);
  const { response } = await member.api.PUT('/api/Customers/Update', {
    body: { id: customer.id, companyName: customer.companyName, country: 'DE', street: 'Hauptstr. 1', zip: '80331', city: 'München', email, hourlyRate: 60 },
  });
  expect(response.status).toBe(200);
  const trackId = await insertTimeTrack(server, member, customer.id, { startedAt: at(2), seconds: 3600 });
  const material = await newEntry(member, { customerId: customer.id, subType: 'material', text: 'Kabel NYM', quantity: 10, unit: 'm', unitPrice: 1.5, vatRate: 19, occurredAtUtc: at(3).toISOString() });
  return { customerId: customer.id, trackId, materialId: material.id };
}

const issue = (member: Member, body: Record<string, unknown>) =>
  rawCall(server.baseUrl, 'POST', '/api/Invoice/Issue', { body: JSON.stringify({ ...PERIOD, format: 'pdf', ...body }), headers: { ...member.auth, 'Content-Type': 'application/json' } });

async function entryState(tenantId: string, table: 'information_entries' | 'time_tracks', id: string) {
  const result = await server.database.withTenant(tenantId, (tx) =>
    tx.execute<{ invoice_id: string | null; processed: boolean }>(sql`select invoice_id, processed_at is not null as processed from ${sql.raw(table)} where id = ${id}`),
  );
  return result.rows[0];
}

describe('issuing', () => {
  it('issues with the next number, stores the documents byte-identical and binds the entries', async () => {
    const { customerId, trackId, materialId } = await billable(firm.owner);
    const draft = await firm.owner.api.POST('/api/Invoice/CreatePreviewFromActivities', { body: { customerId, ...PERIOD, outputFormat: 'pdf' } });
    expect(draft.response.status).toBe(200);
    // The draft changed nothing: the entries are still open.
    expect(await entryState(firm.tenantId, 'time_tracks', trackId)).toEqual({ invoice_id: null, processed: false });

    const issued = await issue(firm.owner, { customerId, format: 'xrechnung' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const invoice = issued.body.data;
    expect(invoice.summary).toMatchObject({ number: 'RE-2026-0001', kind: 'invoice', status: 'open', invoiceDate: '2026-11-20', dueDate: '2026-12-04', net: 75, gross: 89.25 });
    expect(invoice.positions.map((p: { kind: string }) => p.kind).sort()).toEqual(['labour', 'material']);
    expect(invoice.documents.map((d: { document: string }) => d.document)).toEqual(['pdf', 'xml']);
    expect(invoice.history).toEqual([expect.objectContaining({ action: 'issued' })]);

    for (const doc of invoice.documents as { document: string; sha256: string }[]) {
      const first = await fetch(`${server.baseUrl}/api/Invoices/${invoice.summary.id}/Documents/${doc.document}`, { headers: firm.owner.auth });
      expect(first.status).toBe(200);
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(doc.sha256);
      clock.advance(60_000);
      const again = Buffer.from(await (await fetch(`${server.baseUrl}/api/Invoices/${invoice.summary.id}/Documents/${doc.document}`, { headers: firm.owner.auth })).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
    }
    const xml = Buffer.from(await (await fetch(`${server.baseUrl}/api/Invoices/${invoice.summary.id}/Documents/xml`, { headers: firm.owner.auth })).arrayBuffer()).toString('utf8');
    expect(xml).toContain('RE-2026-0001');
    // Each download is in the audit trail, shown in the invoice's history with the file's name.
    const detail = (await firm.owner.api.GET('/api/Invoices/{id}', { params: { path: { id: invoice.summary.id } } })).data!.data!;
    const files = Object.fromEntries((invoice.documents as { document: string; fileName: string }[]).map((d) => [d.document, d.fileName]));
    expect(detail.history.map((h) => [h.action, h.details])).toEqual([
      ['issued', null],
      ['downloaded', files.pdf],
      ['downloaded', files.pdf],
      ['downloaded', files.xml],
      ['downloaded', files.xml],
      ['downloaded', files.xml],
    ]);

    expect(await entryState(firm.tenantId, 'time_tracks', trackId)).toEqual({ invoice_id: invoice.summary.id, processed: true });
    expect(await entryState(firm.tenantId, 'information_entries', materialId)).toEqual({ invoice_id: invoice.summary.id, processed: true });

    // Billed again: 409 naming the invoice.
    const again = await issue(firm.owner, { customerId, timeTrackIds: [trackId] });
    expect(again.status).toBe(409);
    expect(again.body.errorMessages[0]).toMatchObject({ code: 'ENTRY_INVOICED', message: expect.stringContaining('RE-2026-0001') });
    const preview = await rawCall(server.baseUrl, 'POST', '/api/Invoice/CreatePreviewFromActivities', {
      body: JSON.stringify({ customerId, ...PERIOD, outputFormat: 'json', informationIds: [materialId] }),
      headers: { ...firm.owner.auth, 'Content-Type': 'application/json' },
    });
    expect(preview.status).toBe(409);
    expect(preview.body.errorMessages[0].message).toContain('RE-2026-0001');
  });

  it('refuses to change or delete a billed entry through the calls, naming the invoice', async () => {
    const { customerId, materialId, trackId } = await billable(firm.owner);
    const issued = await issue(firm.owner, { customerId });
    expect(issued.status).toBe(200);
    const number = issued.body.data.summary.number;
    const headers = { ...firm.owner.auth, 'Content-Type': 'application/json' };
    const update = await rawCall(server.baseUrl, 'PUT', '/api/Information/Update', {
      body: JSON.stringify({ id: materialId, text: 'Kabel anders', quantity: 99, unit: 'm', unitPrice: 1.5, vatRate: 19 }),
      headers,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(409);
    expect(update.body.errorMessages[0]).toMatchObject({ code: 'ENTRY_INVOICED', message: expect.stringContaining(number) });
    const removed = await rawCall(server.baseUrl, 'DELETE', `/api/Information/Delete/${materialId}`, { headers: firm.owner.auth });
    expect(removed.status, JSON.stringify(removed.body)).toBe(409);
    expect(removed.body.errorMessages[0].message).toContain(number);
    const byFilter = await rawCall(server.baseUrl, 'DELETE', '/api/Invoice/DeleteActivitiesByFilter', {
      body: JSON.stringify({ customerId, ...PERIOD, onlyProcessed: false, dryRun: false }),
      headers,
    });
    expect(byFilter.status, JSON.stringify(byFilter.body)).toBe(200);
    expect(byFilter.body.data).toMatchObject({ informationCount: 0, timeTrackCount: 0 });
    expect(await entryState(firm.tenantId, 'time_tracks', trackId)).toMatchObject({ invoice_id: issued.body.data.summary.id });
    const unmark = await rawCall(server.baseUrl, 'POST', '/api/Invoice/UnmarkActivitiesAsProcessed', { body: JSON.stringify({ informationIds: [materialId], timeTrackIds: [] }), headers });
    expect(unmark.status, JSON.stringify(unmark.body)).toBe(409);
    expect(unmark.body.errorMessages[0].message).toContain(number);
  });

  it('gives 50 parallel issues 50 consecutive numbers, none twice, none skipped, also when some fail midway', async () => {
    const t = await createTenant(server);
    await setProfile(t.tenantId, { ...completeProfile, invoiceNumberFormat: 'R{YY}-{NNN}' });
    const good = await Promise.all(Array.from({ length: 40 }, () => billable(t.owner)));
    // No e-mail: the XRechnung fails after the number was taken, inside the issuing transaction.
    const failing = await Promise.all(Array.from({ length: 10 }, () => billable(t.owner, null)));
    const requests = [
      ...good.map((g) => issue(t.owner, { customerId: g.customerId, format: 'pdf' })),
      ...failing.map((f) => issue(t.owner, { customerId: f.customerId, format: 'xrechnung' })),
    ];
    const answers = await Promise.all(requests);
    expect(answers.slice(0, 40).map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(answers.slice(40).map((a) => a.status)).toEqual(Array(10).fill(400));
    const numbers = answers.slice(0, 40).map((a) => a.body.data.summary.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => `R26-${String(i + 1).padStart(3, '0')}`));
    // The failed customers' entries are still open.
    expect(await entryState(t.tenantId, 'time_tracks', failing[0]!.trackId)).toEqual({ invoice_id: null, processed: false });
    const next = await issue(t.owner, { customerId: failing[0]!.customerId, format: 'pdf' });
    expect(next.body.data.summary.number).toBe('R26-041');
  }, 300_000);

  it('restarts the sequence in a new year when set, and continues it when not', async () => {
    const yearly = await createTenant(server);
    const running = await createTenant(server);
    await setProfile(yearly.tenantId, completeProfile);
    await setProfile(running.tenantId, { ...completeProfile, invoiceNumberYearly: false, invoiceNumberFormat: 'F-{YYYY}-{NNNNN}' });
    const issueOne = async (member: Member) => {
      const { customerId } = await billable(member);
      const answer = await issue(member, { customerId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.summary.number as string;
    };
    try {
      clock.set('2026-12-31T10:00:00Z');
      expect([await issueOne(yearly.owner), await issueOne(yearly.owner)]).toEqual(['RE-2026-0001', 'RE-2026-0002']);
      expect(await issueOne(running.owner)).toBe('F-2026-00001');
      // New Year in the firm's zone (Berlin): 23:30 UTC on 31 December is already 2027 there.
      clock.set('2026-12-31T23:30:00Z');
      expect(await issueOne(yearly.owner)).toBe('RE-2027-0001');
      expect(await issueOne(running.owner)).toBe('F-2027-00002');
    } finally {
      clock.set('2026-11-20T09:00:00Z');
    }
  });

  it('checks the number format on the company tab', async () => {
    const t = await createTenant(server, { lang: 'en' });
    const profile = (await t.owner.api.GET('/api/Management/GetTenant')).data!.data!;
    const save = (values: Record<string, unknown>) =>
      rawCall(server.baseUrl, 'PUT', '/api/Management/UpdateTenant', {
        body: JSON.stringify({ ...pickUpdate(profile), ...values }),
        headers: { ...t.owner.auth, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      });
    const noYear = await save({ invoiceNumberFormat: 'RE-{NNNN}', invoiceNumberYearly: true });
    expect(noYear.status).toBe(400);
    expect(noYear.body.errors.invoiceNumberFormat[0]).toContain('{YYYY}');
    expect((await save({ invoiceNumberFormat: 'RE-{YYYY}' })).status).toBe(400);
    const fine = await save({ invoiceNumberFormat: 'RE-{NNNN}', invoiceNumberYearly: false, invoiceIssuer: 'fieldbook' });
    expect(fine.status).toBe(200);
    expect(fine.body.data).toMatchObject({ invoiceNumberFormat: 'RE-{NNNN}', invoiceNumberYearly: false, invoiceIssuer: 'fieldbook' });
  });

  it('assigns no number for a firm that issues in lexoffice', async () => {
    const t = await createTenant(server);
    await setProfile(t.tenantId, { ...completeProfile, invoiceIssuer: 'lexoffice' });
    const { customerId, trackId } = await billable(t.owner);
    const answer = await issue(t.owner, { customerId });
    expect(answer.status).toBe(409);
    expect(answer.body.errorMessages[0].code).toBe('INVOICE_ISSUED_ELSEWHERE');
    expect(await entryState(t.tenantId, 'time_tracks', trackId)).toEqual({ invoice_id: null, processed: false });
  });
});

describe('mark processed and its undo', () => {
  it('opens entries marked processed again, and refuses it to an Employee', async () => {
    const { materialId } = await billable(firm.owner);
    expect((await firm.owner.api.POST('/api/Invoice/MarkActivitiesAsProcessed', { body: { informationIds: [materialId], timeTrackIds: [], archive: false } })).response.status).toBe(200);
    const employee = await firm.member('Employee');
    const refused = await rawCall(server.baseUrl, 'POST', '/api/Invoice/UnmarkActivitiesAsProcessed', {
      body: JSON.stringify({ informationIds: [materialId], timeTrackIds: [] }),
      headers: { ...employee.auth, 'Content-Type': 'application/json' },
    });
    expect(refused.status).toBe(403);
    const manager = await firm.member('Manager');
    const opened = await manager.api.POST('/api/Invoice/UnmarkActivitiesAsProcessed', { body: { informationIds: [materialId], timeTrackIds: [], archive: false } });
    expect(opened.data!.data).toMatchObject({ informationCount: 1 });
    expect(await entryState(firm.tenantId, 'information_entries', materialId)).toEqual({ invoice_id: null, processed: false });
  });
});

describe('cancellation', () => {
  it('issues a credit note with its own number, releases exactly the original\'s entries, and they bill again', async () => {
    const t = await createTenant(server);
    await setProfile(t.tenantId, completeProfile);
    const a = await billable(t.owner);
    const b = await billable(t.owner);
    const first = (await issue(t.owner, { customerId: a.customerId })).body.data;
    const second = (await issue(t.owner, { customerId: b.customerId })).body.data;
    const cancel = (id: string) => rawCall(server.baseUrl, 'POST', `/api/Invoices/${id}/Cancel`, { headers: t.owner.auth });
    const cancelled = await cancel(first.summary.id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.summary).toMatchObject({ number: 'RE-2026-0003', kind: 'cancellation', cancelsId: first.summary.id, gross: -first.summary.gross, status: 'cancelled' });
    expect(cancelled.body.data.cancels).toMatchObject({ id: first.summary.id, number: 'RE-2026-0001' });
    const original = (await t.owner.api.GET('/api/Invoices/{id}', { params: { path: { id: first.summary.id } } })).data!.data!;
    expect(original.summary.status).toBe('cancelled');
    expect(original.cancellation).toMatchObject({ number: 'RE-2026-0003' });
    expect(original.history.map((h) => h.action)).toEqual(['issued', 'cancelled']);
    // Exactly the original's entries are open again; the other invoice keeps its own.
    expect(await entryState(t.tenantId, 'time_tracks', a.trackId)).toEqual({ invoice_id: null, processed: false });
    expect(await entryState(t.tenantId, 'information_entries', a.materialId)).toEqual({ invoice_id: null, processed: false });
    expect(await entryState(t.tenantId, 'time_tracks', b.trackId)).toEqual({ invoice_id: second.summary.id, processed: true });
    const pdf = await fetch(`${server.baseUrl}/api/Invoices/${cancelled.body.data.summary.id}/Documents/pdf`, { headers: t.owner.auth });
    expect(pdf.status).toBe(200);
    expect((await cancel(first.summary.id)).status).toBe(409);
    expect((await cancel(cancelled.body.data.summary.id)).status).toBe(409);
    const rebilled = await issue(t.owner, { customerId: a.customerId });
    expect(rebilled.status).toBe(200);
    expect(rebilled.body.data.summary).toMatchObject({ number: 'RE-2026-0004', gross: first.summary.gross });
  });
});

describe('the register', () => {
  it('lists, filters, searches and pages; roles; another tenant\'s ids 404', async () => {
    const t = await createTenant(server);
    await setProfile(t.tenantId, completeProfile);
    const issuedIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { customerId } = await billable(t.owner);
      const answer = await issue(t.owner, { customerId });
      issuedIds.push(answer.body.data.summary.id);
    }
    const page = await t.owner.api.GET('/api/Invoices', { params: { query: { page: 1, pageSize: 2 } } });
    expect(page.data!.data!.totalCount).toBe(3);
    expect(page.data!.data!.items.map((i) => i.number)).toEqual(['RE-2026-0003', 'RE-2026-0002']);
    const searched = await t.owner.api.GET('/api/Invoices', { params: { query: { page: 1, pageSize: 10, filter: '0001' } } });
    expect(searched.data!.data!.items.map((i) => i.number)).toEqual(['RE-2026-0001']);
    const open = await t.owner.api.GET('/api/Invoices', { params: { query: { page: 1, pageSize: 10, status: 'open' } } });
    expect(open.data!.data!.totalCount).toBe(3);
    const overdue = await t.owner.api.GET('/api/Invoices', { params: { query: { page: 1, pageSize: 10, status: 'overdue' } } });
    expect(overdue.data!.data!.totalCount).toBe(0);

    const employee = await t.member('Employee');
    for (const [method, path] of [
      ['GET', '/api/Invoices?page=1&pageSize=10'],
      ['GET', `/api/Invoices/${issuedIds[0]}`],
      ['GET', `/api/Invoices/${issuedIds[0]}/Documents/pdf`],
      ['POST', `/api/Invoices/${issuedIds[0]}/Cancel`],
    ] as const) {
      expect((await rawCall(server.baseUrl, method, path, { headers: employee.auth })).status, path).toBe(403);
      expect((await rawCall(server.baseUrl, method, path, { headers: other.owner.auth })).status, path).toBe(method === 'GET' && path.endsWith('pageSize=10') ? 200 : 404);
    }
    const foreign = await other.owner.api.GET('/api/Invoices', { params: { query: { page: 1, pageSize: 10 } } });
    expect(foreign.data!.data!.items.map((i) => i.id)).not.toContain(issuedIds[0]);
  });
});

/** The update body of the company tab from the profile as read. */
function pickUpdate(profile: Record<string, unknown>) {
  const { id: _id, accountingConnection: _a, logoUpdatedAtUtc: _l, createdAtUtc: _c, ...rest } = profile;
  return rest;
}
