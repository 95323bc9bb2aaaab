/**
 * Stripe events in any order. Stripe guarantees neither the order nor a single delivery of its
 * events, and signs each delivery with a timestamp. Whatever arrives, the firm's license follows
 * what Stripe has now for the firm's current subscription (the newest paid one of the firm's
 * customer, else its newest one), fetched through the real `stripe` client from the local fake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { testClock, type TestClock } from '../support/clock';
import { startFakeStripe, stripeEnv, type FakeStripe, type FakeSubscription } from '../support/fake-stripe';
import { codeOf, createFirm, type Firm, type SignedIn } from './roles-support';

const DAY = 86400_000;
const HOUR_S = 3600;

type Details = { status: string; licenseCount: number; members: { userId: string; hasLicense: boolean }[] };
const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;
const details = async (member: SignedIn) =>
  data<Details>(await member.call('GET', `/api/Subscription/GetSubscriptionDetails?tenantId=${member.tenantId}`));
const work = (member: SignedIn) => member.call('GET', '/api/Customers/GetAll?page=1&pageSize=5&isDescending=false');
const nowS = () => Math.floor(Date.now() / 1000);

describe('Stripe events in any order, repeated, late or early', () => {
  let server: TestServer;
  let clock: TestClock;
  let stripe: FakeStripe;
  const firms = new Map<string, Firm>();
  const names = ['Elektro Late GmbH', 'Sanitär Spät KG', 'Maler Sekunde', 'Garten Wieder GmbH', 'Dach Zukunft', 'Fliesen Fremd', 'Bau Käufer GmbH'];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    clock = testClock(new Date());
    server = await startTestServer(stripeEnv(stripe), { clock });
    stripe.webhookUrl = `${server.baseUrl}/api/Subscription/StripeWebhook`;
    for (const name of names) firms.set(name, await createFirm(server, name));
    // Every firm's trial is over.
    clock.advance(31 * DAY);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  /** A firm past its trial that bought `seats` through the fake's checkout page. */
  async function payingFirm(name: string, seats = 4): Promise<{ firm: Firm; current: FakeSubscription }> {
    const firm = firms.get(name)!;
    const opened = await firm.owner.call('POST', '/api/Subscription/CreateCheckout', { body: { licenseCount: seats } });
    expect(opened.status).toBe(200);
    const current = await stripe.pay(data<{ url: string }>(opened).url.split('/').pop()!);
    expect((await details(firm.owner)).status).toBe('active');
    return { firm, current };
  }

  async function deliver(type: string, object: object, created = nowS()) {
    const event = stripe.event(type, object, created);
    const response = await stripe.deliver(event.payload);
    expect(response.status).toBe(200);
    return event;
  }

  it('keeps a cancelled firm expired when an update of an older subscription arrives after the deletion', async () => {
    const { firm, current } = await payingFirm('Elektro Late GmbH');
    // An older subscription of the same firm and customer, created an hour earlier and long cancelled.
    const older = stripe.addSubscription({ customer: current.customer, tenantId: firm.tenantId, status: 'canceled', quantity: 4, createdAgo: HOUR_S });
    const olderWhenActive = { ...older, status: 'active' };

    await stripe.cancel(current.id);
    expect((await details(firm.owner)).status).toBe('expired');

    // Stripe delivers, late, the update it sent while the older one was still active.
    await deliver('customer.subscription.updated', olderWhenActive, nowS() - 2 * HOUR_S + 60);
    await deliver('customer.subscription.updated', olderWhenActive);
    expect((await details(firm.owner)).status).toBe('expired');
    expect(codeOf((await work(firm.employee)).body)).toBe('NO_LICENSE');
    expect(codeOf((await work(firm.owner)).body)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
  });

  it('keeps a paying firm active when the deletion of an older subscription arrives late', async () => {
    const { firm, current } = await payingFirm('Sanitär Spät KG');
    const older = stripe.addSubscription({ customer: current.customer, tenantId: firm.tenantId, status: 'canceled', quantity: 1, createdAgo: HOUR_S });
    await deliver('customer.subscription.deleted', older);
    await deliver('customer.subscription.updated', { ...older, status: 'unpaid' });
    const d = await details(firm.owner);
    expect(d).toMatchObject({ status: 'active', licenseCount: 4 });
    expect((await work(firm.employee)).status).toBe(200);
  });

  it('ends with Stripe\'s state when two updates of one subscription in the same second arrive newest first', async () => {
    const { firm, current } = await payingFirm('Maler Sekunde', 4);
    const second = nowS();
    const withQuantity = (quantity: number) => ({ ...current, items: { ...current.items, data: [{ ...current.items.data[0], quantity }] } });
    // Stripe changed 4 → 6 → 5 within one second; its state is 5.
    current.items.data[0].quantity = 5;
    await deliver('customer.subscription.updated', withQuantity(5), second);
    await deliver('customer.subscription.updated', withQuantity(6), second);
    expect((await details(firm.owner)).licenseCount).toBe(5);
  });

  it('changes nothing when an event is delivered again after the state moved on', async () => {
    const { firm, current } = await payingFirm('Garten Wieder GmbH', 4);
    const withQuantity = (quantity: number) => ({ ...current, items: { ...current.items, data: [{ ...current.items.data[0], quantity }] } });
    current.items.data[0].quantity = 2;
    const first = await deliver('customer.subscription.updated', withQuantity(2), nowS() - 60);
    expect((await details(firm.owner)).licenseCount).toBe(2);
    current.items.data[0].quantity = 3;
    await deliver('customer.subscription.updated', withQuantity(3));
    expect((await details(firm.owner)).licenseCount).toBe(3);
    // Stripe retries the first delivery (same event, signed anew); a copy with a new id changes nothing either.
    expect((await stripe.deliver(first.payload)).status).toBe(200);
    await deliver('customer.subscription.updated', withQuantity(2), first.created);
    expect((await details(firm.owner)).licenseCount).toBe(3);
  });

  it('refuses an event signed an hour in the future and changes nothing', async () => {
    const { firm, current } = await payingFirm('Dach Zukunft', 4);
    const event = stripe.event('customer.subscription.deleted', { ...current, status: 'canceled' });
    current.status = 'canceled';
    const response = await stripe.deliver(event.payload, stripe.sign(event.payload, undefined, nowS() + HOUR_S));
    expect(response.status).toBe(400);
    expect(codeOf(await response.json())).toBe('BAD_REQUEST');
    current.status = 'active';
    expect((await details(firm.owner)).status).toBe('active');
    // A few seconds of clock difference are within Stripe's tolerance.
    const near = stripe.event('customer.subscription.updated', current);
    expect((await stripe.deliver(near.payload, stripe.sign(near.payload, undefined, nowS() + 30))).status).toBe(200);
  });

  it('binds a Stripe customer only to the firm its checkout session was opened for', async () => {
    const victim = firms.get('Fliesen Fremd')!;
    const buyer = firms.get('Bau Käufer GmbH')!;
    const opened = await buyer.owner.call('POST', '/api/Subscription/CreateCheckout', { body: { licenseCount: 2 } });
    const sessionId = data<{ url: string }>(opened).url.split('/').pop()!;
    // The subscription this session creates names the other firm.
    const session = stripe.checkoutSessions.get(sessionId)! as unknown as { subscriptionMetadata: Record<string, string> };
    session.subscriptionMetadata = { tenantId: victim.tenantId };
    const sub = await stripe.pay(sessionId);
    await deliver('customer.subscription.updated', sub);
    expect((await details(victim.owner)).status).toBe('expired');
    expect(codeOf((await work(victim.employee)).body)).toBe('NO_LICENSE');
    expect((await details(buyer.owner)).status).toBe('expired');

    // A checkout completed event of the buyer's session with the other firm as reference changes nothing either.
    const forged = stripe.event('checkout.session.completed', { ...stripe.checkoutSessions.get(sessionId), client_reference_id: victim.tenantId });
    expect((await stripe.deliver(forged.payload)).status).toBe(200);
    expect((await details(victim.owner)).status).toBe('expired');
  });
});
