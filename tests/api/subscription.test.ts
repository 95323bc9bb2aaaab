/**
 * Trial, licenses and subscription. Self-hosted (no payment provider): the Owner sets the number of
 * licenses, nothing expires. With Stripe: the real `stripe` client talks to a local fake that
 * follows Stripe's API; the fake's checkout is paid and its signed webhook events activate, renew,
 * change and cancel the subscription. After the trial every call of a member without a license is
 * refused (`NO_LICENSE`), and managers of an unpaid firm get `NO_ACTIVE_LICENSE_MANAGER_TRIAL` with
 * a checkout url; the Subscription calls and logout keep working so that it can be fixed.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { testClock, type TestClock } from '../support/clock';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../support/fake-stripe';
import { caller } from '../support/http';
import { newDeviceId } from '../support/api-client';
import { codeOf, createFirm, type Firm, type SignedIn } from './roles-support';
import { hashPassword } from '../../server/platform/passwords';
import * as accounts from '../../server/db/accounts';

const DAY = 86400_000;

const details = (member: SignedIn, tenantId = member.tenantId) =>
  member.call('GET', `/api/Subscription/GetSubscriptionDetails?tenantId=${tenantId}`);
const assign = (member: SignedIn, userId: string) => member.call('POST', '/api/Subscription/AssignLicense', { body: { userId } });
const remove = (member: SignedIn, userId: string) => member.call('POST', '/api/Subscription/RemoveLicenseAssignment', { body: { userId } });
const checkout = (member: SignedIn, licenseCount: number, returnPath?: string) =>
  member.call('POST', '/api/Subscription/CreateCheckout', { body: { licenseCount, ...(returnPath ? { returnPath } : {}) } });
const portal = (member: SignedIn) => member.call('POST', '/api/Subscription/CreatePortalSession', { body: {} });
/** Any ordinary call, to see whether the member may work. */
const work = (member: SignedIn) => member.call('GET', '/api/Customers/GetAll?page=1&pageSize=5&isDescending=false');

type Details = {
  status: string;
  trialEndDate: string | null;
  licenseCount: number;
  assignedCount: number;
  selfHosted: boolean;
  pricePerLicense: number | null;
  billingDate: string | null;
  runtime: string | null;
  licenses: { id: string; userId: string | null }[];
  members: { userId: string; hasLicense: boolean; roles: string[] }[];
};
const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;
const licensed = (d: Details, userId: string) => d.members.find((m) => m.userId === userId)?.hasLicense;

describe('self-hosted (no payment provider)', () => {
  let server: TestServer;
  let clock: TestClock;
  let firm: Firm;
  let other: Firm;

  beforeAll(async () => {
    clock = testClock(new Date());
    server = await startTestServer({}, { clock });
    firm = await createFirm(server, 'Elektro Schneider GmbH');
    other = await createFirm(server, 'Sanitär Braun KG');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an active firm without trial, every member licensed, for managing roles only and only for the own firm', async () => {
    const response = await details(firm.manager);
    expect(response.status).toBe(200);
    const d = data<Details>(response);
    expect(d).toMatchObject({ status: 'active', trialEndDate: null, selfHosted: true, pricePerLicense: null, billingDate: null, runtime: null, licenseCount: 4, assignedCount: 4, licenses: [] });
    expect(d.members.every((m) => m.hasLicense)).toBe(true);
    expect((await details(firm.employee)).status).toBe(403);
    const foreign = await details(firm.owner, other.tenantId);
    expect(foreign.status).toBe(404);
    expect(codeOf(foreign.body)).toBe('NOT_FOUND');
  });

  it('lets only the Owner set the number of licenses, without payment; seats go to the Owner first', async () => {
    for (const member of [firm.admin, firm.manager, firm.employee]) {
      expect((await checkout(member, 3)).status).toBe(403);
    }
    const set = await checkout(firm.owner, 3);
    expect(set.status).toBe(200);
    expect(data(set)).toEqual({ url: null, licenseCount: 3 });
    const d = data<Details>(await details(firm.owner));
    expect(d.status).toBe('active');
    expect(d.licenses).toHaveLength(3);
    // No trial self-hosted: the seats apply at once.
    expect(licensed(d, firm.employee.userId)).toBe(false);
    const holders = d.licenses.map((l) => l.userId);
    expect(holders).toContain(firm.owner.userId);
    expect(holders).toContain(firm.admin.userId);
    expect(holders).toContain(firm.manager.userId);
    expect(holders).not.toContain(firm.employee.userId);
  });

  it('after the trial refuses every call of a member without a license, while the Subscription calls and logout still work', async () => {
    clock.advance(31 * DAY);
    const refused = await work(firm.employee);
    expect(refused.status).toBe(403);
    expect(codeOf(refused.body)).toBe('NO_LICENSE');
    expect((await work(firm.manager)).status).toBe(200);
    const d = data<Details>(await details(firm.manager));
    expect(d.status).toBe('active');
    expect(licensed(d, firm.employee.userId)).toBe(false);
    expect(d.assignedCount).toBe(3);

    // All seats are taken.
    const full = await assign(firm.manager, firm.employee.userId);
    expect(full.status).toBe(400);
    expect(codeOf(full.body)).toBe('LICENSE_LIMIT_REACHED');

    // Take the Admin's back and give it to the Employee.
    const taken = await remove(firm.manager, firm.admin.userId);
    expect(taken.status).toBe(200);
    expect(licensed(data<Details>(taken), firm.admin.userId)).toBe(false);
    expect(codeOf((await work(firm.admin)).body)).toBe('NO_LICENSE');
    const given = await assign(firm.manager, firm.employee.userId);
    expect(given.status).toBe(200);
    expect(licensed(data<Details>(given), firm.employee.userId)).toBe(true);
    expect((await work(firm.employee)).status).toBe(200);
    // Twice changes nothing.
    expect(data<Details>(await assign(firm.manager, firm.employee.userId)).assignedCount).toBe(3);

    // The Admin without a license can still read and fix licensing (a managing role), and log out.
    expect((await details(firm.admin)).status).toBe(200);
    const session = data<{ sessions: { id: string; current: boolean }[] }>(await firm.manager.call('GET', `/api/Users/Get?id=${firm.manager.userId}`));
    expect(session.sessions.length).toBeGreaterThan(0);
  });

  it('protects the Owner\'s license and refuses fewer licenses than are assigned', async () => {
    const owner = await remove(firm.manager, firm.owner.userId);
    expect(owner.status).toBe(403);
    expect(codeOf(owner.body)).toBe('OWNER_PROTECTED');
    const fewer = await checkout(firm.owner, 2);
    expect(fewer.status).toBe(409);
    expect(codeOf(fewer.body)).toBe('CONFLICT');
    expect(data<Details>(await details(firm.owner)).licenses).toHaveLength(3);
  });

  it('frees the license of an archived member and refuses licenses for archived or unknown members', async () => {
    const before = data<Details>(await details(firm.owner));
    expect(licensed(before, firm.employee.userId)).toBe(true);
    const user = data<{ firstName: string | null; lastName: string | null }>(await firm.owner.call('GET', `/api/Users/Get?id=${firm.employee.userId}`));
    const archived = await firm.owner.call('PUT', '/api/Users/Update', {
      body: { id: firm.employee.userId, firstName: user.firstName ?? 'Eva', lastName: user.lastName ?? 'Berg', role: 'Employee', archived: true },
    });
    expect(archived.status).toBe(200);
    const after = data<Details>(await details(firm.owner));
    expect(after.licenses.filter((l) => l.userId === null)).toHaveLength(1);
    expect(after.members.some((m) => m.userId === firm.employee.userId)).toBe(false);
    const again = await assign(firm.owner, firm.employee.userId);
    expect(codeOf(again.body)).toBe('USER_ARCHIVED');
    const unknown = await assign(firm.owner, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    const foreign = await assign(firm.owner, other.employee.userId);
    expect(foreign.status).toBe(404);
    // The other firm is untouched: still everyone licensed, no seats.
    expect(data<Details>(await details(other.owner)).licenses).toEqual([]);
  });

  it('has no payment portal and no webhook without a provider', async () => {
    const response = await portal(firm.owner);
    expect(codeOf(response.body)).toBe('PAYMENT_PROVIDER_NOT_CONFIGURED');
    const hook = await caller(server.baseUrl)('POST', '/api/Subscription/StripeWebhook', {
      headers: { 'Stripe-Signature': 't=1,v1=00' },
      body: { id: 'evt_1', type: 'invoice.paid' },
    });
    expect(codeOf(hook.body)).toBe('PAYMENT_PROVIDER_NOT_CONFIGURED');
  });

  it('keeps licensing of the other firm apart: its trial members all work', async () => {
    // The other firm's trial ended too, but self-hosted without a set count nobody is refused.
    expect((await work(other.employee)).status).toBe(200);
    expect(data<Details>(await details(other.owner)).status).toBe('active');
  });
});

describe('with Stripe (a local fake following its API)', () => {
  let server: TestServer;
  let clock: TestClock;
  let stripe: FakeStripe;
  let firm: Firm;
  let other: Firm;
  let subscriptionId: string;
  /** A key the Owner made during the trial (decision 0044: keys are licensed like a Manager). */
  let apiKey: string;
  const workWithKey = () =>
    fetch(`${server.baseUrl}/api/Customers/GetAll?page=1&pageSize=5&isDescending=false`, { headers: { Authorization: `Bearer ${apiKey}` } }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as unknown,
    }));

  beforeAll(async () => {
    stripe = await startFakeStripe({ unitAmount: 1290 });
    clock = testClock(new Date());
    server = await startTestServer(stripeEnv(stripe), { clock });
    stripe.webhookUrl = `${server.baseUrl}/api/Subscription/StripeWebhook`;
    firm = await createFirm(server, 'Garten Krause GmbH');
    other = await createFirm(server, 'Maler Vogt');
    const made = await firm.owner.call('POST', '/api/ApiKeys/Create', { body: { name: 'Lohnbüro', scope: 'read', areas: ['customers'] } });
    apiKey = data<{ secret: string }>(made).secret;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('shows the trial with the price per license from Stripe', async () => {
    const d = data<Details>(await details(firm.owner));
    expect(d).toMatchObject({ status: 'trial', selfHosted: false, pricePerLicense: 12.9, licenseCount: 4, assignedCount: 4 });
  });

  it('after the trial sends managers to a checkout page (one page, reused) and refuses employees, at sign-in too', async () => {
    clock.advance(31 * DAY);
    const refused = await work(firm.manager);
    expect(refused.status).toBe(403);
    const message = (refused.body as { errorMessages: { code: string; meta?: { checkoutUrl?: string; role?: string } }[] }).errorMessages[0];
    expect(message.code).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
    expect(message.meta?.role).toBe('Manager');
    expect(message.meta?.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const again = await work(firm.owner);
    expect((again.body as { errorMessages: { meta?: { checkoutUrl?: string } }[] }).errorMessages[0].meta?.checkoutUrl).toBe(message.meta?.checkoutUrl);
    expect(stripe.calls.filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
    const session = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!.body as { line_items: { quantity: string }[]; client_reference_id: string };
    expect(session.line_items[0].quantity).toBe('4');
    expect(session.client_reference_id).toBe(firm.tenantId);

    const employee = await work(firm.employee);
    expect(codeOf(employee.body)).toBe('NO_LICENSE');

    // Sign-in with the right password is refused the same way.
    const email = firm.owner.email;
    await server.database.withTenant(firm.tenantId, async (tx) => {
      await accounts.updateUser(tx, firm.owner.userId, { passwordHash: await hashPassword('Sommer-Garten-2026!') });
    });
    const signIn = await caller(server.baseUrl)('POST', '/api/Auth/SignIn', {
      deviceId: newDeviceId(),
      body: { userNameOrEmail: email, password: 'Sommer-Garten-2026!' },
    });
    expect(signIn.status).toBe(403);
    expect(codeOf(signIn.body)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');

    // The Subscription calls still answer.
    expect(data<Details>(await details(firm.owner)).status).toBe('expired');
  });

  it("refuses the firm's API keys after the trial with the license error a Manager gets, and audits it", async () => {
    const refused = await workWithKey();
    expect(refused.status).toBe(403);
    expect(codeOf(refused.body)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
    const { rows } = await server.database.withTenant(firm.tenantId, (tx) => tx.execute(sql`select changes from audit_log where entity = 'api_key' and action = 'refused'`));
    expect(rows.map((r) => (r.changes as { reason: string }).reason)).toContain('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
  });

  it('buys licenses through the checkout: the paid webhook events activate the subscription and hand out the seats', async () => {
    const bought = await checkout(firm.owner, 3, '/profile?tab=2');
    expect(bought.status).toBe(200);
    const url = data<{ url: string }>(bought).url;
    expect(url).toMatch(new RegExp(`^${stripe.url}/c/pay/`));
    const sessionId = url.split('/').pop()!;
    expect(stripe.checkoutSessions.get(sessionId)?.success_url).toBe('http://localhost:3000/profile?tab=2');

    const subscription = await stripe.pay(sessionId);
    subscriptionId = subscription.id;
    expect(stripe.deliveries.map((d) => d.status)).toEqual([200, 200]);
    const d = data<Details>(await details(firm.owner));
    expect(d).toMatchObject({ status: 'active', runtime: 'monthly', licenseCount: 3, assignedCount: 3 });
    expect(new Date(d.billingDate!).getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
    expect(licensed(d, firm.owner.userId)).toBe(true);
    expect(licensed(d, firm.employee.userId)).toBe(false);
    expect((await work(firm.owner)).status).toBe(200);
    expect(codeOf((await work(firm.employee)).body)).toBe('NO_LICENSE');
    // The Owner holds a license again: the key made in their name works again.
    expect((await workWithKey()).status).toBe(200);
    // The other firm is still expired.
    expect(codeOf((await work(other.owner)).body)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
  });

  it('changes the number of licenses with proration, and refuses fewer than are assigned', async () => {
    const more = await checkout(firm.owner, 5);
    expect(data(more)).toEqual({ url: null, licenseCount: 5 });
    const update = stripe.calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`).pop()!;
    expect(update.body).toMatchObject({ proration_behavior: 'create_prorations', items: [{ quantity: '5' }] });
    const d = data<Details>(await details(firm.owner));
    expect(d.licenseCount).toBe(5);
    expect((await assign(firm.manager, firm.employee.userId)).status).toBe(200);
    expect((await work(firm.employee)).status).toBe(200);

    const fewer = await checkout(firm.owner, 2);
    expect(fewer.status).toBe(409);
    expect(data<Details>(await details(firm.owner)).licenseCount).toBe(5);
  });

  it('opens the customer portal for the Owner only', async () => {
    const response = await portal(firm.owner);
    expect(response.status).toBe(200);
    expect(data<{ url: string }>(response).url).toMatch(new RegExp(`^${stripe.url}/p/session/`));
    expect((await portal(firm.admin)).status).toBe(403);
    expect(codeOf((await portal(other.owner)).body)).toBe('BAD_REQUEST');
  });

  it('refuses deliveries with a wrong, foreign or stale signature and changes nothing', async () => {
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const event = stripe.event('customer.subscription.updated', { ...sub, items: { ...sub.items, data: [{ ...sub.items.data[0], quantity: 1 }] } });
    const cases = [
      't=1,v1=deadbeef',
      stripe.sign(event.payload, 'whsec_someone_else'),
      stripe.sign(event.payload, undefined, Math.floor(Date.now() / 1000) - 3600),
      stripe.sign(event.payload.replace('"quantity":1', '"quantity":2')),
    ];
    for (const signature of cases) {
      const response = await stripe.deliver(event.payload, signature);
      expect(response.status).toBe(400);
      expect(codeOf(await response.json())).toBe('BAD_REQUEST');
    }
    expect(data<Details>(await details(firm.owner)).licenseCount).toBe(5);
  });

  it('applies each event once and follows Stripe\'s state, not an older event arriving late', async () => {
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const stale = stripe.event('customer.subscription.updated', { ...sub, items: { ...sub.items, data: [{ ...sub.items.data[0], quantity: 1 }] } }, Math.floor(Date.now() / 1000) - 120);
    expect((await stripe.deliver(stale.payload)).status).toBe(200);
    expect(data<Details>(await details(firm.owner)).licenseCount).toBe(5);

    // Stripe's state moves on to 6 seats, and says so.
    sub.items.data[0].quantity = 6;
    const fresh = stripe.event('customer.subscription.updated', { ...sub, items: { ...sub.items, data: [{ ...sub.items.data[0], quantity: 6 }] } }, Math.floor(Date.now() / 1000) + 5);
    expect((await stripe.deliver(fresh.payload)).status).toBe(200);
    expect(data<Details>(await details(firm.owner)).licenseCount).toBe(6);
    // The same event again (Stripe retries) after the seats were changed here: nothing happens.
    await server.database.withTenant(firm.tenantId, (tx) => tx.execute(sql`update subscriptions set last_event_at = null`));
    expect((await checkout(firm.owner, 5)).status).toBe(200);
    expect((await stripe.deliver(fresh.payload)).status).toBe(200);
    expect(data<Details>(await details(firm.owner)).licenseCount).toBe(5);
  });

  it('renews with the next billing date, and a cancellation ends it', async () => {
    const before = data<Details>(await details(firm.owner)).billingDate!;
    await stripe.renew(subscriptionId);
    const after = data<Details>(await details(firm.owner));
    expect(new Date(after.billingDate!).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect(after.status).toBe('active');

    await stripe.cancel(subscriptionId);
    const ended = data<Details>(await details(firm.owner));
    expect(ended.status).toBe('expired');
    expect(codeOf((await work(firm.owner)).body)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
    expect(codeOf((await work(firm.employee)).body)).toBe('NO_LICENSE');
  });

  it('ignores events it does not act on and events for unknown firms', async () => {
    const unknown = stripe.event('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await stripe.deliver(unknown.payload)).status).toBe(200);
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const stranger = stripe.event('customer.subscription.updated', { ...sub, status: 'active', metadata: { tenantId: crypto.randomUUID() } });
    expect((await stripe.deliver(stranger.payload)).status).toBe(200);
    expect(data<Details>(await details(firm.owner)).status).toBe('expired');
  });
});
