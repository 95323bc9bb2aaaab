/**
 * Trial, subscription and seats: what the firm has, who holds a seat, buying and changing seats at
 * the payment provider (Stripe) or, self-hosted, directly; and the provider's webhook events.
 */
import type Stripe from 'stripe';
import type { Deps } from '../../platform/handler';
import type { components } from '../../../generated/server/openapi';
import type { Tx } from '../../db/database';
import { AppError, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import type { Role } from '../../platform/auth';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import { findTenant } from '../../db/tenant-settings';
import { findSubscription, releaseSeat, type SubscriptionRow } from '../../db/licenses';
import * as repo from './subscription.repository';
import { getUser } from '../../db/accounts';
import { currentSubscription, holdsSeats, isLicensed, licenseRefusal, standingOf, type Standing } from './subscription.rules';
import { StripeGateway, type ProviderSubscription } from './stripe-gateway';

type SubscriptionDetails = components['schemas']['SubscriptionDetails'];

const DAY = 24 * 3600_000;
const TRIAL_DAYS = 30;
/** A cached checkout page is reused while it stays open at least this long. */
const CHECKOUT_REUSE_MARGIN_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SubscriptionService {
  private readonly stripe?: StripeGateway;

  constructor(private readonly deps: Deps) {
    if (deps.config.stripe) this.stripe = new StripeGateway(deps.config.stripe);
  }

  get selfHosted() {
    return !this.stripe;
  }

  standing(trialEndsAt: Date | null, subscription: Pick<SubscriptionRow, 'provider' | 'status'> | null | undefined): Standing {
    return standingOf({ now: this.deps.clock.now(), trialEndsAt, subscription, selfHosted: this.selfHosted });
  }

  /** Whether each of the firm's members may work now (for the member list). */
  async licensedMembers(tx: Tx): Promise<(userId: string) => boolean> {
    const tenant = await findTenant(tx);
    const standing = this.standing(tenant?.trialEndsAt ?? null, await findSubscription(tx));
    const holders = new Set((await repo.listSeats(tx)).flatMap((s) => (s.userId ? [s.userId] : [])));
    return (userId) => isLicensed(standing, holders.has(userId));
  }

  /**
   * An invited member accepted: once seats apply they take a free one, if there is one (an open
   * invitation holds none). Without a free seat the member is refused like any other.
   */
  async seatOnAcceptance(tx: Tx, userId: string): Promise<void> {
    const sub = await findSubscription(tx);
    if (sub && (sub.provider === 'self' || sub.subscriptionId)) await repo.assignSeat(tx, userId);
  }

  /** The refusal of a member who may not work, as the error the caller gets (with a checkout page for managers). */
  async refusal(tx: Tx, tenantId: string, user: { id: string; role: string }): Promise<AppError | null> {
    const tenant = await findTenant(tx);
    const sub = await findSubscription(tx);
    const holders = await repo.listSeats(tx);
    const code = licenseRefusal(this.standing(tenant?.trialEndsAt ?? null, sub), user.role as Role, holders.some((s) => s.userId === user.id));
    return code ? this.refusalError(code, user.role as Role, tenantId, tx) : null;
  }

  async refusalError(code: 'NO_LICENSE' | 'NO_ACTIVE_LICENSE_MANAGER_TRIAL', role: Role, tenantId: string, tx?: Tx): Promise<AppError> {
    if (code === 'NO_LICENSE') return new AppError('NO_LICENSE');
    const checkoutUrl = tx
      ? await this.checkoutPage(tx, tenantId)
      : await inTenant(this.deps.database, { tenantId }, (t) => this.checkoutPage(t, tenantId));
    return new AppError('NO_ACTIVE_LICENSE_MANAGER_TRIAL', 'NO_ACTIVE_LICENSE_MANAGER_TRIAL', {
      meta: { role, ...(checkoutUrl ? { checkoutUrl } : {}) },
    });
  }

  /**
   * A checkout page for a firm whose trial ended: one seat per active member. The page is kept and
   * reused while it is open; when the provider cannot be reached the refusal goes out without it.
   */
  private async checkoutPage(tx: Tx, tenantId: string): Promise<string | undefined> {
    if (!this.stripe) return undefined;
    const sub = await findSubscription(tx);
    const now = Date.now();
    if (sub?.checkoutUrl && sub.checkoutExpiresAt && sub.checkoutExpiresAt.getTime() - now > CHECKOUT_REUSE_MARGIN_MS) {
      return sub.checkoutUrl;
    }
    try {
      const members = await repo.activeMembers(tx);
      const page = await this.stripe.createCheckout({
        tenantId,
        email: (await repo.ownerEmail(tx)) ?? '',
        customerId: sub?.customerId ?? null,
        quantity: Math.max(1, members.length),
        successUrl: this.appUrl('/'),
        cancelUrl: this.appUrl('/license-expired'),
      });
      await repo.upsertSubscription(tx, tenantId, { checkoutUrl: page.url, checkoutExpiresAt: page.expiresAt });
      return page.url;
    } catch {
      return undefined;
    }
  }

  private appUrl(path: string) {
    return `${this.deps.config.publicUrl}${path}`;
  }

  // ---- the calls ----

  async details(ctx: RequestContext, tenantId: string): Promise<SubscriptionDetails> {
    if (tenantId !== ctx.tenantId) throw notFound();
    const price = this.stripe ? await this.stripe.pricePerLicense().catch(() => null) : null;
    return inTenant(this.deps.database, ctx, (tx) => this.detailsIn(tx, ctx.tenantId, price));
  }

  private async detailsIn(tx: Tx, tenantId: string, pricePerLicense: number | null): Promise<SubscriptionDetails> {
    const tenant = await findTenant(tx);
    if (!tenant) throw notFound();
    const sub = await findSubscription(tx);
    const standing = this.standing(tenant.trialEndsAt, sub);
    const seats = await repo.listSeats(tx);
    const members = await repo.activeMembers(tx);
    const holders = new Set(seats.flatMap((s) => (s.userId ? [s.userId] : [])));
    const licensed = (id: string) => isLicensed(standing, holders.has(id));
    const seatsCount = standing.seatsApply && standing.status !== 'expired';
    const paid = standing.status === 'active' && sub?.provider === 'stripe';
    const trialEnd = tenant.trialEndsAt ?? new Date(tenant.createdAt.getTime() + TRIAL_DAYS * DAY);
    return {
      tenantId,
      status: standing.status,
      startDate: tenant.createdAt.toISOString(),
      trialEndDate: this.selfHosted ? null : trialEnd.toISOString(),
      billingDate: paid ? (sub?.currentPeriodEnd?.toISOString() ?? null) : null,
      runtime: paid ? 'monthly' : null,
      licenseCount: seatsCount ? seats.length : standing.status === 'expired' ? 0 : members.length,
      assignedCount: members.filter((m) => licensed(m.id)).length,
      pricePerLicense: this.stripe ? pricePerLicense : null,
      selfHosted: this.selfHosted,
      licenses: seats.map((s) => ({ id: s.id, userId: s.userId ?? null, assignedAtUtc: s.assignedAt?.toISOString() ?? null })),
      members: members.map((m) => ({
        userId: m.id,
        firstName: m.firstName ?? null,
        lastName: m.lastName ?? null,
        email: m.email,
        roles: [m.role as Role],
        hasLicense: licensed(m.id),
        invitationPending: !holdsSeats(m),
      })),
    };
  }

  async assign(ctx: RequestContext, body: BodyOf<'subscriptionAssignLicense'>): Promise<SubscriptionDetails> {
    return this.changeSeat(ctx, body.userId, async (tx, member) => {
      if (!holdsSeats(member)) throw new AppError('CONFLICT', 'subscription.invitationPending');
      if ((await repo.assignSeat(tx, body.userId)) === 'none') {
        throw new AppError('LICENSE_LIMIT_REACHED', this.selfHosted ? 'subscription.limitSelfHosted' : 'LICENSE_LIMIT_REACHED');
      }
    });
  }

  async remove(ctx: RequestContext, body: BodyOf<'subscriptionRemoveLicenseAssignment'>): Promise<SubscriptionDetails> {
    return this.changeSeat(ctx, body.userId, async (tx, member) => {
      if (member.role === 'Owner') throw new AppError('OWNER_PROTECTED', 'subscription.ownerKeepsLicense');
      await releaseSeat(tx, body.userId);
    });
  }

  /** Seats exist once a subscription does (or the Owner set a count); before that everyone is licensed and nothing changes. */
  private async changeSeat(
    ctx: RequestContext,
    userId: string,
    change: (tx: Tx, member: { role: string; invitedAt: Date | null; activatedAt: Date | null }) => Promise<void>,
  ): Promise<SubscriptionDetails> {
    const price = this.stripe ? await this.stripe.pricePerLicense().catch(() => null) : null;
    return inTenant(this.deps.database, ctx, async (tx) => {
      const member = await getUser(tx, userId);
      if (!member) throw notFound();
      if (member.archived) throw new AppError('USER_ARCHIVED', 'subscription.memberArchived');
      const sub = await findSubscription(tx);
      if (sub && (sub.provider === 'self' || sub.subscriptionId)) await change(tx, member);
      return this.detailsIn(tx, ctx.tenantId, price);
    });
  }

  /** Buys seats, changes their number, or (self-hosted) sets it. */
  async checkout(ctx: RequestContext, body: BodyOf<'subscriptionCreateCheckout'>) {
    const count = body.licenseCount;
    const returnUrl = this.appUrl(body.returnPath ?? '/profile?tab=2');
    return inTenant(this.deps.database, ctx, async (tx) => {
      const sub = await findSubscription(tx);
      const seats = await repo.listSeats(tx);
      const assigned = seats.filter((s) => s.userId).length;
      if (count < assigned) {
        throw new AppError('CONFLICT', 'subscription.fewerThanAssigned', { params: { assigned }, fieldErrors: { licenseCount: ['subscription.fewerThanAssigned'] } });
      }
      if (!this.stripe) {
        const first = !sub;
        await repo.upsertSubscription(tx, ctx.tenantId, { provider: 'self', status: 'active', licenseCount: count });
        await repo.setSeatCount(tx, ctx.tenantId, count);
        if (first) await repo.fillFreeSeats(tx);
        return { url: null, licenseCount: count };
      }
      const tenant = await findTenant(tx);
      const paid = sub?.subscriptionId && sub.subscriptionItemId && this.standing(tenant?.trialEndsAt ?? null, sub).status === 'active';
      if (paid) {
        const updated = await this.stripe.changeQuantity(sub.subscriptionId!, sub.subscriptionItemId!, count);
        await this.applySubscription(tx, ctx.tenantId, updated, null);
        return { url: null, licenseCount: count };
      }
      const page = await this.stripe.createCheckout({
        tenantId: ctx.tenantId,
        email: (await repo.ownerEmail(tx)) ?? '',
        customerId: sub?.customerId ?? null,
        quantity: count,
        successUrl: returnUrl,
        cancelUrl: returnUrl,
      });
      await repo.upsertSubscription(tx, ctx.tenantId, { checkoutUrl: page.url, checkoutExpiresAt: page.expiresAt });
      return { url: page.url, licenseCount: count };
    });
  }

  async portal(ctx: RequestContext, body: BodyOf<'subscriptionCreatePortalSession'>) {
    if (!this.stripe) throw new AppError('PAYMENT_PROVIDER_NOT_CONFIGURED');
    const sub = await inTenant(this.deps.database, ctx, (tx) => findSubscription(tx));
    if (!sub?.customerId) throw new AppError('BAD_REQUEST', 'subscription.neverSubscribed');
    return { url: await this.stripe.createPortal(sub.customerId, this.appUrl(body.returnPath ?? '/profile?tab=2')) };
  }

  // ---- the provider's webhook ----

  /**
   * One webhook delivery. The signature must match and be fresh (both ways); each event is handled
   * once. An event is only a hint that something changed: the firm's license follows what Stripe
   * has *now* for the firm's current subscription (`currentSubscription`: of the subscriptions of
   * the firm's Stripe customer bought for the firm, the newest paid one, else the newest), fetched
   * from Stripe, never the event's payload, so the order, repetition or age of events cannot move
   * it. A Stripe customer becomes the firm's only through a completed checkout opened for the firm.
   */
  async webhook(rawBody: Buffer | undefined, signature: string): Promise<{ received: boolean }> {
    if (!this.stripe) throw new AppError('PAYMENT_PROVIDER_NOT_CONFIGURED');
    let event: Stripe.Event;
    try {
      event = await this.stripe.verifyEvent(rawBody ?? Buffer.alloc(0), signature);
    } catch {
      throw new AppError('BAD_REQUEST', 'subscription.signatureInvalid');
    }
    const touched = await this.subscriptionOfEvent(event);
    if (!touched) return { received: true };
    const { subscription, tenantId, bindsCustomer } = touched;
    if (!UUID.test(tenantId)) return { received: true };
    await inTenant(this.deps.database, { tenantId }, async (tx) => {
      if (!(await findTenant(tx))) return;
      if (!(await repo.recordEvent(tx, tenantId, event.id, event.type))) return;
      // One delivery of the firm at a time: the last to look at Stripe is the last to write.
      const stored = await repo.lockSubscription(tx);
      if (!bindsCustomer && stored?.customerId !== subscription.customerId) return;
      const current = currentSubscription(await this.stripe!.customerSubscriptions(subscription.customerId), tenantId);
      if (current) await this.applySubscription(tx, tenantId, current, new Date(event.created * 1000));
    });
    return { received: true };
  }

  /**
   * The subscription an event is about, fetched from Stripe, and the firm it names; null for events
   * we do not act on. A completed checkout binds its customer to the firm it was opened for: the
   * session (as Stripe has it: `client_reference_id` and `metadata.tenantId`, both set when we
   * opened it) and the subscription it created (`metadata.tenantId`) must all name that firm.
   */
  private async subscriptionOfEvent(
    event: Stripe.Event,
  ): Promise<{ subscription: ProviderSubscription; tenantId: string; bindsCustomer: boolean } | null> {
    const stripe = this.stripe!;
    const about = async (id: string) => {
      const subscription = await stripe.subscription(id);
      return subscription.tenantId ? { subscription, tenantId: subscription.tenantId, bindsCustomer: false } : null;
    };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = await stripe.checkoutSession(event.data.object.id);
        if (session.mode !== 'subscription' || !session.subscriptionId || !session.tenantId) return null;
        if (session.metadataTenantId !== session.tenantId) return null;
        const subscription = await stripe.subscription(session.subscriptionId);
        if (subscription.tenantId !== session.tenantId) return null;
        return { subscription, tenantId: session.tenantId, bindsCustomer: true };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return about(event.data.object.id);
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const ref = event.data.object.parent?.subscription_details?.subscription;
        return ref ? about(typeof ref === 'string' ? ref : ref.id) : null;
      }
      default:
        return null;
    }
  }

  /** Copies the provider's subscription and makes the seats match its quantity. */
  private async applySubscription(tx: Tx, tenantId: string, provider: ProviderSubscription, eventAt: Date | null) {
    const before = await findSubscription(tx);
    const firstActivation = !before?.subscriptionId || before.status !== 'active';
    await repo.upsertSubscription(tx, tenantId, {
      provider: 'stripe',
      status: provider.status,
      licenseCount: provider.quantity,
      customerId: provider.customerId,
      subscriptionId: provider.subscriptionId,
      subscriptionItemId: provider.itemId,
      currentPeriodEnd: provider.currentPeriodEnd,
      ...(eventAt ? { lastEventAt: eventAt } : {}),
      checkoutUrl: null,
      checkoutExpiresAt: null,
    });
    // A cancelled or unpaid subscription keeps its seats as they were, for when it is renewed.
    if (this.standing(null, { provider: 'stripe', status: provider.status }).status !== 'active') return;
    await repo.setSeatCount(tx, tenantId, provider.quantity);
    if (firstActivation) await repo.fillFreeSeats(tx);
  }
}
