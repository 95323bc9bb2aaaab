/**
 * A local stand-in for Stripe, for the calls the server makes through the official `stripe` client
 * (prices, checkout sessions, subscriptions and their list per customer, billing portal sessions), following Stripe's public
 * API: form-encoded requests with bracketed keys, bearer secret key, JSON objects with `object`
 * and `id`, errors as `{ error: { type, message } }`. Its hosted checkout page has a "Pay" button
 * that creates customer and subscription and delivers the webhook events Stripe would send, signed
 * as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 */
import crypto from 'node:crypto';
import http from 'node:http';

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  created: number;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; quantity: number; price: { id: string; object: 'price' }; current_period_start: number; current_period_end: number }[] };
}

interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  url: string | null;
  expires_at: number;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  quantity: number;
  price: string;
  subscriptionMetadata: Record<string, string>;
}

export interface StripeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Where events are delivered (the server's webhook call); set once the server runs. */
  webhookUrl: string;
  /** Every API call received, in order. */
  calls: StripeCall[];
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Deliveries answered by the webhook, in order. */
  deliveries: { type: string; status: number }[];
  /** Stripe answers every API call with this error while set (e.g. to test an outage). */
  failWith?: { status: number; type: string; message: string };
  /** Pays an open checkout session as the hosted page's button does; answers the subscription. */
  pay(sessionId: string): Promise<FakeSubscription>;
  /** A new billing period was paid: moves the period on and delivers `invoice.paid`. */
  renew(subscriptionId: string): Promise<void>;
  /** The customer cancelled in the portal: delivers `customer.subscription.deleted`. */
  cancel(subscriptionId: string): Promise<void>;
  /**
   * A subscription as Stripe would hold it after a purchase (no events sent), e.g. an older one of
   * the same firm; `createdAgo` in seconds.
   */
  addSubscription(input: { customer: string; tenantId: string; status?: string; quantity?: number; createdAgo?: number }): FakeSubscription;
  /** Builds an event around an object. */
  event(type: string, object: object, created?: number): { id: string; type: string; created: number; payload: string };
  /** Delivers a payload with a signature (a valid one unless given). */
  deliver(payload: string, signature?: string): Promise<Response>;
  sign(payload: string, secret?: string, timestamp?: number): string;
  close(): Promise<void>;
}

const MONTH_SECONDS = 30 * 86400;
const id = (prefix: string) => `${prefix}_test_${crypto.randomBytes(9).toString('base64url')}`;

/** Stripe's form encoding: `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return out;
}

export async function startFakeStripe(options: { unitAmount?: number } = {}): Promise<FakeStripe> {
  const fake = {
    secretKey: `sk_test_${crypto.randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${crypto.randomBytes(16).toString('hex')}`,
    priceId: 'price_test_seat_monthly',
    webhookUrl: '',
    calls: [] as StripeCall[],
    checkoutSessions: new Map<string, FakeCheckoutSession>(),
    subscriptions: new Map<string, FakeSubscription>(),
    deliveries: [] as { type: string; status: number }[],
  } as FakeStripe;
  const now = () => Math.floor(Date.now() / 1000);

  fake.sign = (payload, secret = fake.webhookSecret, timestamp = now()) => {
    const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  };
  fake.event = (type, object, created = now()) => {
    const eventId = id('evt');
    const payload = JSON.stringify({ id: eventId, object: 'event', api_version: '2026-10-28.endive', created, type, livemode: false, pending_webhooks: 1, data: { object } });
    return { id: eventId, type, created, payload };
  };
  fake.deliver = async (payload, signature) => {
    const response = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature ?? fake.sign(payload), 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    fake.deliveries.push({ type: (JSON.parse(payload) as { type?: string }).type ?? '', status: response.status });
    return response;
  };
  const send = async (type: string, object: object) => {
    const event = fake.event(type, object);
    const response = await fake.deliver(event.payload);
    await response.arrayBuffer();
  };

  fake.pay = async (sessionId) => {
    const session = fake.checkoutSessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`checkout session ${sessionId} is not open`);
    const customer = session.customer ?? id('cus');
    const start = now();
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      metadata: session.subscriptionMetadata,
      cancel_at_period_end: false,
      created: start,
      items: {
        object: 'list',
        data: [{ id: id('si'), object: 'subscription_item', quantity: session.quantity, price: { id: session.price, object: 'price' }, current_period_start: start, current_period_end: start + MONTH_SECONDS }],
      },
    };
    fake.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', customer, subscription: subscription.id, url: null });
    // The order Stripe documents no guarantee for: the subscription event may come first.
    await send('customer.subscription.created', subscription);
    await send('checkout.session.completed', { ...session, url: null });
    return subscription;
  };
  fake.renew = async (subscriptionId) => {
    const sub = fake.subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end += MONTH_SECONDS;
    await send('invoice.paid', {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    });
  };
  fake.addSubscription = (input) => {
    const created = now() - (input.createdAgo ?? 0);
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: input.customer,
      status: input.status ?? 'active',
      metadata: { tenantId: input.tenantId },
      cancel_at_period_end: false,
      created,
      items: {
        object: 'list',
        data: [{ id: id('si'), object: 'subscription_item', quantity: input.quantity ?? 1, price: { id: fake.priceId, object: 'price' }, current_period_start: created, current_period_end: created + MONTH_SECONDS }],
      },
    };
    fake.subscriptions.set(subscription.id, subscription);
    return subscription;
  };
  fake.cancel = async (subscriptionId) => {
    const sub = fake.subscriptions.get(subscriptionId)!;
    sub.status = 'canceled';
    await send('customer.subscription.deleted', sub);
  };

  const api = (method: string, path: string, body: Record<string, unknown>): [number, unknown] => {
    const [, , resource, key, action] = path.split('/');
    if (method === 'GET' && resource === 'prices' && key === fake.priceId) {
      return [200, { id: fake.priceId, object: 'price', active: true, currency: 'eur', unit_amount: options.unitAmount ?? 990, recurring: { interval: 'month', interval_count: 1 }, type: 'recurring' }];
    }
    if (method === 'POST' && resource === 'checkout' && key === 'sessions') {
      const items = body.line_items as { price: string; quantity: string }[] | undefined;
      if (body.mode !== 'subscription' || !items?.[0]?.price || !body.success_url) {
        return [400, { error: { type: 'invalid_request_error', message: 'mode, line_items and success_url are required' } }];
      }
      if (items[0].price !== fake.priceId) return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${items[0].price}'` } }];
      const sessionId = id('cs');
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        url: `${fake.url}/c/pay/${sessionId}`,
        expires_at: now() + 24 * 3600,
        client_reference_id: (body.client_reference_id as string) ?? null,
        customer: (body.customer as string) ?? null,
        customer_email: (body.customer_email as string) ?? null,
        subscription: null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        success_url: body.success_url as string,
        cancel_url: (body.cancel_url as string) ?? '',
        quantity: Number(items[0].quantity ?? 1),
        price: items[0].price,
        subscriptionMetadata: ((body.subscription_data as { metadata?: Record<string, string> })?.metadata) ?? {},
      };
      fake.checkoutSessions.set(sessionId, session);
      const { quantity: _q, price: _p, subscriptionMetadata: _m, ...visible } = session;
      return [200, visible];
    }
    if (method === 'GET' && resource === 'checkout' && key === 'sessions' && action) {
      const session = fake.checkoutSessions.get(action);
      if (!session) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${action}'` } }];
      const { quantity: _q, price: _p, subscriptionMetadata: _m, ...visible } = session;
      return [200, visible];
    }
    // The list: newest first; without `status` Stripe leaves out cancelled ones, `status=all` has every one.
    if (method === 'GET' && resource === 'subscriptions' && !key) {
      const status = (body.status as string | undefined) ?? null;
      const limit = Math.min(100, Number(body.limit ?? 10));
      const matching = [...fake.subscriptions.values()]
        .filter((s) => !body.customer || s.customer === body.customer)
        .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled' && s.status !== 'incomplete_expired'))
        .sort((a, b) => b.created - a.created);
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: matching.length > limit, data: matching.slice(0, limit) }];
    }
    if (resource === 'subscriptions' && key) {
      const sub = fake.subscriptions.get(key);
      if (!sub) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${key}'` } }];
      if (method === 'GET') return [200, sub];
      if (method === 'POST' && !action) {
        const items = body.items as { id: string; quantity: string }[] | undefined;
        for (const change of items ?? []) {
          const item = sub.items.data.find((i) => i.id === change.id);
          if (!item) return [400, { error: { type: 'invalid_request_error', message: `No such subscription item: '${change.id}'` } }];
          item.quantity = Number(change.quantity);
        }
        // Stripe announces the change by webhook as well, shortly after answering.
        setTimeout(() => void send('customer.subscription.updated', sub).catch(() => undefined), 10);
        return [200, sub];
      }
    }
    if (method === 'POST' && resource === 'billing_portal' && key === 'sessions') {
      if (!body.customer) return [400, { error: { type: 'invalid_request_error', message: 'Missing required param: customer.' } }];
      return [200, { id: id('bps'), object: 'billing_portal.session', customer: body.customer, return_url: body.return_url ?? null, url: `${fake.url}/p/session/${crypto.randomBytes(8).toString('hex')}` }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } }];
  };

  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') }).end(JSON.stringify(value));
      // The hosted checkout page and its button.
      const page = /^\/c\/pay\/([\w-]+)(\/complete)?$/.exec(url.pathname);
      if (page) {
        const session = fake.checkoutSessions.get(page[1]);
        if (!session) return response.writeHead(404).end('not found');
        if (request.method === 'POST' && page[2]) {
          fake
            .pay(session.id)
            .then(() => response.writeHead(303, { Location: session.success_url }).end())
            .catch((error: Error) => response.writeHead(409).end(error.message));
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1>` +
            `<p>${session.quantity} × seat, monthly</p><form method="post" action="/c/pay/${session.id}/complete"><button type="submit">Pay</button></form></main></body></html>`,
        );
        return;
      }
      if (!url.pathname.startsWith('/v1/')) return json(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
      if (request.headers.authorization !== `Bearer ${fake.secretKey}`) {
        return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      const body = request.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(text);
      fake.calls.push({ method: request.method ?? 'GET', path: url.pathname, body });
      if (fake.failWith) return json(fake.failWith.status, { error: { type: fake.failWith.type, message: fake.failWith.message } });
      const [status, value] = api(request.method ?? 'GET', url.pathname, body);
      json(status, value);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** The server's environment for a fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_PRICE_ID: fake.priceId, STRIPE_API_URL: fake.url };
}
