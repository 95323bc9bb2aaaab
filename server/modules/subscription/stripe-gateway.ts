/**
 * The calls we make to Stripe, through the official client. Stripe is reached at its public API or,
 * in tests, at a local fake that follows it (STRIPE_API_URL). Nothing here touches our database.
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../../platform/config';
import { loadStripe } from '../../platform/heavy-modules';

/** What we keep of a Stripe subscription. */
export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string;
  status: string;
  quantity: number;
  itemId: string | null;
  currentPeriodEnd: Date | null;
  /** The firm it was bought for: the metadata our checkout sets (`subscription_data.metadata.tenantId`). */
  tenantId: string | null;
  /** When Stripe created it (seconds resolution), to tell the newest of a firm's subscriptions. */
  createdAt: Date;
}

/** Stripe's signature tolerance, in seconds, both ways: an event signed further in the past or the future is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const PRICE_CACHE_MS = 3600_000;

export class StripeGateway {
  private client?: Stripe;
  private price?: { euro: number | null; at: number };

  constructor(private readonly config: StripeConfig) {}

  private async stripe(): Promise<Stripe> {
    if (this.client) return this.client;
    const StripeClient = await loadStripe();
    const api = this.config.apiUrl ? new URL(this.config.apiUrl) : undefined;
    this.client = new StripeClient(this.config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' }
        : {}),
    });
    return this.client;
  }

  /** Net monthly price of one seat in euro, from the configured price (cached for an hour). */
  async pricePerLicense(): Promise<number | null> {
    if (this.price && Date.now() - this.price.at < PRICE_CACHE_MS) return this.price.euro;
    const price = await (await this.stripe()).prices.retrieve(this.config.priceId);
    const euro = price.unit_amount == null ? null : price.unit_amount / 100;
    this.price = { euro, at: Date.now() };
    return euro;
  }

  /** A hosted checkout page for a monthly per-seat subscription of the tenant. */
  async createCheckout(input: {
    tenantId: string;
    email: string;
    customerId: string | null;
    quantity: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; expiresAt: Date }> {
    const session = await (await this.stripe()).checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.config.priceId, quantity: input.quantity }],
      client_reference_id: input.tenantId,
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      metadata: { tenantId: input.tenantId },
      subscription_data: { metadata: { tenantId: input.tenantId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without url');
    return { url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  /** Changes the number of seats; Stripe prorates the difference on the next invoice. */
  async changeQuantity(subscriptionId: string, itemId: string, quantity: number): Promise<ProviderSubscription> {
    const updated = await (await this.stripe()).subscriptions.update(subscriptionId, {
      items: [{ id: itemId, quantity }],
      proration_behavior: 'create_prorations',
    });
    return toProviderSubscription(updated);
  }

  async subscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toProviderSubscription(await (await this.stripe()).subscriptions.retrieve(subscriptionId));
  }

  /** Every subscription of the customer, whatever its status (newest first, as Stripe lists them). */
  async customerSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const page = await (await this.stripe()).subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    return page.data.map(toProviderSubscription);
  }

  /** The checkout session as Stripe has it (not as an event's payload says). */
  async checkoutSession(sessionId: string): Promise<{ tenantId: string | null; metadataTenantId: string | null; subscriptionId: string | null; mode: string }> {
    const session = await (await this.stripe()).checkout.sessions.retrieve(sessionId);
    const sub = session.subscription;
    return {
      tenantId: session.client_reference_id ?? null,
      metadataTenantId: session.metadata?.tenantId ?? null,
      subscriptionId: sub ? (typeof sub === 'string' ? sub : sub.id) : null,
      mode: session.mode,
    };
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const session = await (await this.stripe()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  /**
   * The event of a webhook delivery, after its signature is checked; throws when it does not match
   * or was signed more than the tolerance away from now. Stripe's library refuses only signatures
   * too far in the past; one from the future is refused here (a replay window must not open ahead).
   */
  async verifyEvent(rawBody: Buffer, signature: string, nowMs = Date.now()): Promise<Stripe.Event> {
    const event = (await this.stripe()).webhooks.constructEvent(rawBody, signature, this.config.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, nowMs);
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || signedAt - Math.floor(nowMs / 1000) > SIGNATURE_TOLERANCE_SECONDS) {
      throw new Error('Timestamp outside the tolerance zone');
    }
    return event;
  }
}

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items?.data?.[0];
  const periodEnd = item?.current_period_end;
  return {
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    quantity: item?.quantity ?? 0,
    itemId: item?.id ?? null,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    tenantId: sub.metadata?.tenantId ?? null,
    createdAt: new Date(sub.created * 1000),
  };
}
