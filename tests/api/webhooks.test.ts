/**
 * Webhooks (decision 0044) against a real server and a local receiver: the secret is answered
 * once and stored sealed; each event is delivered once per webhook, signed by the documented
 * recipe; failed attempts are retried and the answers shown; a webhook failing for a day is paused
 * and its Owner mailed (the server's test clock moves the day); re-send; roles and other firms.
 * Addresses outside the public internet: `tests/unit/webhook-signature.test.ts` (this server
 * allows them, as a self-hosted one may, to reach the local receiver).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, startScene } from './factories';
import { insertTimeTrack, newEntry, postConfirmation } from './activity-support';
import { newDeviceId, rawCall } from '../support/api-client';
import { codeOf } from './roles-support';
import { testClock } from '../support/clock';
import { startWebhookReceiver, type FakeWebhookReceiver, type ReceivedWebhook } from '../support/fake-webhook-receiver';
import type { Member } from './factories';
import type { components } from '../../generated/server/openapi';

type WebhookEvent = components['schemas']['WebhookEvent'];

const clock = testClock('2026-11-20T09:00:00Z');
let scene: Awaited<ReturnType<typeof startScene<'admin' | 'manager' | 'employee', 'mueller'>>>;
let receiver: FakeWebhookReceiver;
let admin: pg.Client;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  scene = await startScene({
    members: { admin: 'Admin', manager: 'Manager', employee: 'Employee' },
    customers: { mueller: 'Müller Haustechnik' },
    profile: completeProfile,
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' },
    server: { clock },
  });
  admin = new pg.Client({ connectionString: scene.server.adminUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await scene?.server.close();
  await receiver?.close();
});

async function register(member: Member, path: string, events: WebhookEvent[]) {
  const { data, response } = await member.api.POST('/api/Webhooks/Create', { body: { url: `${receiver.url}${path}`, events } });
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);

/** The signature check an integrator writes from the contract's description. */
function verifies(request: ReceivedWebhook, secret: string) {
  const timestamp = String(request.headers['fieldbook-webhook-timestamp']);
  const expected = 'v1=' + crypto.createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex');
  const given = String(request.headers['fieldbook-webhook-signature']);
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function deliveries(member: Member, webhookId: string) {
  const { data, response } = await member.api.GET('/api/Webhooks/GetDeliveries/{id}', { params: { path: { id: webhookId } } });
  expect(response.status).toBe(200);
  return data!.data!.items;
}

describe('webhooks', () => {
  it('answers the secret once, stores it sealed, and delivers each event once, signed', async () => {
    const { webhook, secret } = await register(scene.owner, '/customers', ['customer.created']);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(webhook).toMatchObject({ events: ['customer.created'], secretHint: secret.slice(-4), pausedAt: null, pausedBecause: null });
    const { rows } = await admin.query('select * from webhooks where id = $1', [webhook.id]);
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(6));
    const listed = await scene.owner.api.GET('/api/Webhooks/GetAll');
    expect(JSON.stringify(listed.data)).not.toContain(secret);

    const created = await scene.owner.api.POST('/api/Customers/Create', { body: { companyName: 'Neu Bau GmbH', country: 'DE' } });
    const customerId = created.data!.data!.id;
    // A change is another event, which this webhook does not want.
    await scene.owner.api.PUT('/api/Customers/Update', { body: { id: customerId, companyName: 'Neu Bau AG', country: 'DE' } });
    await scene.server.settleJobs();

    const got = receivedAt('/customers');
    expect(got).toHaveLength(1);
    expect(verifies(got[0], secret)).toBe(true);
    expect(verifies(got[0], secret + 'x')).toBe(false);
    expect(got[0].headers['fieldbook-webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    const body = JSON.parse(got[0].body) as { id: string; type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'customer.created', data: { customerId } });
    expect(got[0].headers['fieldbook-webhook-id']).toBe(body.id);
    expect(got[0].headers['fieldbook-webhook-event']).toBe('customer.created');

    const [delivery] = await deliveries(scene.owner, webhook.id);
    expect(delivery).toMatchObject({ eventId: body.id, event: 'customer.created', state: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
  });

  it('delivers a time entry of the feed, a signed confirmation, an invoice issued, paid and cancelled, and a member who joined, once each with the ids the contract names', async () => {
    const { webhook, secret } = await register(scene.owner, '/lifecycle', ['time_entry.created', 'work_confirmation.signed', 'invoice.issued', 'invoice.paid', 'invoice.cancelled', 'member.joined']);
    const customerId = scene.customers.mueller.id;
    const { response: updated } = await scene.owner.api.PUT('/api/Customers/Update', {
      body: { id: customerId, companyName: 'Müller Haustechnik', country: 'DE', street: 'Hauptstr. 1', zip: '80331', city: 'München', hourlyRate: 60 },
    });
    expect(updated.status).toBe(200);
    await insertTimeTrack(scene.server, scene.owner, customerId, { startedAt: new Date('2026-10-02T08:00:00Z'), seconds: 3600 });
    const material = await newEntry(scene.owner, { customerId, subType: 'material', text: 'Kabel NYM', quantity: 10, unit: 'm', unitPrice: 1.5, vatRate: 19, occurredAtUtc: '2026-10-03T08:00:00Z' });

    const timeEntry = await newEntry(scene.owner, { customerId, subType: 'time', text: 'Fehlersuche', durationSeconds: 2700, occurredAtUtc: '2026-10-04T08:00:00Z' });

    const signed = await postConfirmation(scene.server, scene.owner, customerId, { infoIds: [material.id] });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const issue = () =>
      rawCall(scene.server.baseUrl, 'POST', '/api/Invoice/Issue', {
        body: JSON.stringify({ customerId, fromDate: '2026-10-01T00:00:00Z', toDate: '2026-11-01T00:00:00Z', format: 'pdf' }),
        headers: { ...scene.owner.auth, 'Content-Type': 'application/json' },
      });
    const issued = await issue();
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const invoice = issued.body.data.summary as { id: string; number: string; gross: number };
    // Two payments: only the one that settles the rest makes the invoice paid.
    for (const amount of [50, invoice.gross - 50]) {
      const paid = await scene.owner.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-20', amount, method: 'transfer' } });
      expect(paid.response.status).toBe(200);
    }
    const cancelled = await rawCall(scene.server.baseUrl, 'POST', `/api/Invoices/${invoice.id}/Cancel`, { headers: scene.owner.auth });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const creditNoteId = cancelled.body.data.summary.id as string;

    const email = `lena.${Date.now()}@elektro-schneider.de`;
    const invited = await scene.owner.api.POST('/api/Users/Invite', { body: { email, firstName: 'Lena', lastName: 'Hoffmann', role: 'Employee', language: 'de' } });
    expect(invited.response.status).toBe(200);
    await scene.server.settleJobs();
    const mail = scene.server.app.deps.mailer.outbox(500).find((m) => m.to === email)!;
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    const joined = await rawCall(scene.server.baseUrl, 'POST', '/api/Users/SetPassword', {
      body: JSON.stringify({ userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), password: 'Werkzeugkoffer-77', confirmPassword: 'Werkzeugkoffer-77' }),
      headers: { 'Content-Type': 'application/json', 'X-Device-Id': newDeviceId() },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    await scene.server.settleJobs();

    const got = receivedAt('/lifecycle');
    expect(got.every((request) => verifies(request, secret))).toBe(true);
    const bodies = got.map((request) => JSON.parse(request.body) as { id: string; type: string; data: Record<string, unknown> });
    expect(new Set(bodies.map((b) => b.id)).size).toBe(bodies.length);
    expect(bodies.map((b) => [b.type, b.data]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['invoice.cancelled', { invoiceId: invoice.id, number: invoice.number, creditNoteId }],
      ['invoice.issued', { invoiceId: invoice.id, number: invoice.number }],
      ['invoice.paid', { invoiceId: invoice.id, number: invoice.number }],
      ['member.joined', { userId: link.searchParams.get('userId') }],
      ['time_entry.created', { informationId: timeEntry.id, customerId }],
      ['work_confirmation.signed', { workConfirmationId: signed.body.data.id, customerId }],
    ]);
    expect((await deliveries(scene.owner, webhook.id)).every((d) => d.state === 'delivered')).toBe(true);
  });

  it('stores nothing to deliver when the event is rolled back', async () => {
    await register(scene.owner, '/rolled-back', ['customer.created']);
    const refused = await scene.owner.api.POST('/api/Customers/Create', { body: { companyName: '', country: 'DE' } });
    expect(refused.response.status).toBe(400);
    await scene.server.settleJobs();
    expect(receivedAt('/rolled-back')).toHaveLength(0);
  });

  it('retries after 500s with growing pauses until the receiver takes it, showing the last answer', async () => {
    const { webhook, secret } = await register(scene.firm.members.admin, '/flaky', ['time_entry.created']);
    receiver.answers.set('/flaky', [500, 503]);
    const { response } = await scene.owner.api.POST('/api/TimeTracks/Create', {
      body: { customerId: scene.customers.mueller.id, startedAtUtc: '2026-11-19T08:00:00Z', endedAtUtc: '2026-11-19T10:00:00Z' },
    });
    expect(response.status).toBe(200);
    await scene.server.settleJobs();

    const got = receivedAt('/flaky');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['fieldbook-webhook-id'])).size).toBe(1);
    expect(got.every((r) => r.body === got[0].body && verifies(r, secret))).toBe(true);
    const [delivery] = await deliveries(scene.owner, webhook.id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200, nextAttemptAt: null });
  });

  it('pauses a webhook whose address failed for a day, mails the Owner, and resumes on request', async () => {
    const { webhook } = await register(scene.owner, '/down', ['customer.updated']);
    receiver.answers.set('/down', Array.from({ length: 20 }, () => 500));
    const customer = scene.customers.mueller;
    await scene.owner.api.PUT('/api/Customers/Update', { body: { id: customer.id, companyName: customer.companyName ?? 'Müller', country: 'DE' } });
    await expect.poll(() => receivedAt('/down').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await deliveries(scene.owner, webhook.id))[0].lastStatus, { timeout: 10_000 }).toBe(500);
    const [pending] = await deliveries(scene.owner, webhook.id);
    expect(pending).toMatchObject({ state: 'pending', lastError: 'failed with 500' });
    expect(pending.nextAttemptAt).not.toBeNull();

    clock.advance(25 * 60 * 60 * 1000);
    await scene.server.settleJobs();
    const [failed] = await deliveries(scene.owner, webhook.id);
    expect(failed).toMatchObject({ state: 'failed', lastStatus: 500 });
    const listed = (await scene.owner.api.GET('/api/Webhooks/GetAll')).data!.data!.items.find((w) => w.id === webhook.id)!;
    expect(listed).toMatchObject({ pausedBecause: 'failing' });
    const mail = scene.server.app.deps.mailer.outbox(50).find((m) => m.to === scene.owner.email && m.subject.includes('pausiert'));
    expect(mail?.text).toContain(`${receiver.url}/down`);

    // Paused: new events are not stored for it, and a re-send is refused.
    const before = receivedAt('/down').length;
    await scene.owner.api.PUT('/api/Customers/Update', { body: { id: customer.id, companyName: customer.companyName ?? 'Müller', country: 'DE' } });
    const resendPaused = await scene.owner.api.POST('/api/Webhooks/Resend/{id}', { params: { path: { id: failed.id } } });
    expect(resendPaused.response.status).toBe(409);
    await scene.server.settleJobs();
    expect(receivedAt('/down').length).toBe(before);
    expect(await deliveries(scene.owner, webhook.id)).toHaveLength(1);

    // Resumed, the receiver fixed: the failed delivery is re-sent with the same event id.
    receiver.answers.set('/down', []);
    const resumed = await scene.owner.api.POST('/api/Webhooks/Update/{id}', { params: { path: { id: webhook.id } }, body: { paused: false } });
    expect(resumed.data!.data).toMatchObject({ pausedAt: null, pausedBecause: null });
    const resent = await scene.owner.api.POST('/api/Webhooks/Resend/{id}', { params: { path: { id: failed.id } } });
    expect(resent.response.status).toBe(200);
    expect(resent.data!.data).toMatchObject({ eventId: failed.eventId, state: 'pending' });
    await scene.server.settleJobs();
    const last = receivedAt('/down').at(-1)!;
    expect(last.headers['fieldbook-webhook-id']).toBe(failed.eventId);
    expect((await deliveries(scene.owner, webhook.id))[0]).toMatchObject({ id: resent.data!.data!.id, state: 'delivered' });
  });

  it('pauses by hand: no deliveries while paused', async () => {
    const { webhook } = await register(scene.owner, '/held', ['customer.created']);
    const paused = await scene.owner.api.POST('/api/Webhooks/Update/{id}', { params: { path: { id: webhook.id } }, body: { paused: true } });
    expect(paused.data!.data).toMatchObject({ pausedBecause: 'member' });
    await scene.owner.api.POST('/api/Customers/Create', { body: { companyName: 'Still GmbH', country: 'DE' } });
    await scene.server.settleJobs();
    expect(receivedAt('/held')).toHaveLength(0);
  });

  it("answers 404 for another firm's webhook and delivery ids and changes nothing", async () => {
    const { webhook } = await register(scene.owner, '/mine', ['customer.created']);
    await scene.owner.api.POST('/api/Customers/Create', { body: { companyName: 'Zwei GmbH', country: 'DE' } });
    await scene.server.settleJobs();
    const [delivery] = await deliveries(scene.owner, webhook.id);
    const other = scene.other.owner;
    const id = webhook.id;
    expect((await other.api.POST('/api/Webhooks/Update/{id}', { params: { path: { id } }, body: { paused: true } })).response.status).toBe(404);
    expect((await other.api.DELETE('/api/Webhooks/Delete/{id}', { params: { path: { id } } })).response.status).toBe(404);
    expect((await other.api.GET('/api/Webhooks/GetDeliveries/{id}', { params: { path: { id } } })).response.status).toBe(404);
    expect((await other.api.POST('/api/Webhooks/Resend/{id}', { params: { path: { id: delivery.id } } })).response.status).toBe(404);
    expect((await other.api.GET('/api/Webhooks/GetAll')).data!.data!.items).toEqual([]);
    const mine = (await scene.owner.api.GET('/api/Webhooks/GetAll')).data!.data!.items.find((w) => w.id === id)!;
    expect(mine.pausedAt).toBeNull();
    expect(await deliveries(scene.owner, id)).toHaveLength(1);
  });

  it('lets only Owner and Admin manage webhooks', async () => {
    for (const member of [scene.members.manager, scene.members.employee]) {
      const list = await member.api.GET('/api/Webhooks/GetAll');
      expect(list.response.status).toBe(403);
      const create = await member.api.POST('/api/Webhooks/Create', { body: { url: `${receiver.url}/x`, events: ['invoice.paid'] } });
      expect(create.response.status).toBe(403);
      expect(codeOf(create.data ?? create.error)).toBe('FORBIDDEN');
    }
  });

  it('refuses bad input with the envelope and registers nothing; deletes with its deliveries', async () => {
    const before = (await scene.owner.api.GET('/api/Webhooks/GetAll')).data!.data!.items.length;
    for (const body of [
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ['customer.deleted'] },
      { events: ['invoice.paid'] },
      { url: 'ftp://example.com/x', events: ['invoice.paid'] },
      { url: `${receiver.url}/x`, events: ['invoice.paid'], secret: 'mine' },
    ]) {
      const { response, error } = await scene.owner.api.POST('/api/Webhooks/Create', { body: body as never });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(error)).toBe('VALIDATION_ERROR');
    }
    expect((await scene.owner.api.GET('/api/Webhooks/GetAll')).data!.data!.items).toHaveLength(before);

    const { webhook } = await register(scene.owner, '/gone', ['customer.created']);
    const deleted = await scene.owner.api.DELETE('/api/Webhooks/Delete/{id}', { params: { path: { id: webhook.id } } });
    expect(deleted.response.status).toBe(200);
    expect((await scene.owner.api.GET('/api/Webhooks/GetDeliveries/{id}', { params: { path: { id: webhook.id } } })).response.status).toBe(404);
  });
});
