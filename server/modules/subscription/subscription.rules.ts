/**
 * Who may work: the trial, a paid (or self-hosted) subscription and the seats of its members. Pure
 * rules; the per-request check (auth.service `assertSessionOpen`) and the subscription screen use the
 * same ones.
 */
import type { Role } from '../../platform/auth';

export type SubscriptionStatus = 'trial' | 'active' | 'expired';

/** Stripe statuses that keep a subscription usable (past_due: Stripe is still retrying the payment). */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);

const MANAGING_ROLES: readonly Role[] = ['Owner', 'Admin', 'Manager'];

export interface StoredSubscription {
  provider: string;
  status: string;
}

export interface Standing {
  status: SubscriptionStatus;
  /** Seats decide who may work; else every active member may (trial, or self-hosted without a count). */
  seatsApply: boolean;
  inTrial: boolean;
}

export function standingOf(input: {
  now: Date;
  trialEndsAt: Date | null;
  subscription: StoredSubscription | null | undefined;
  selfHosted: boolean;
}): Standing {
  const inTrial = !!input.trialEndsAt && input.now.getTime() < input.trialEndsAt.getTime();
  const sub = input.subscription ?? null;
  if (input.selfHosted) {
    // No payment provider: no trial and nothing expires; once the Owner sets a license count, seats apply.
    return { status: 'active', seatsApply: !!sub, inTrial: false };
  }
  const paid = !!sub && sub.provider === 'stripe' && isPaidStatus(sub.status);
  const status: SubscriptionStatus = paid ? 'active' : inTrial ? 'trial' : 'expired';
  return { status, seatsApply: !inTrial, inTrial };
}

export function isPaidStatus(status: string): boolean {
  return PAID_STATUSES.has(status);
}

/**
 * The firm's current subscription among what Stripe has: of the subscriptions bought for the firm
 * (their metadata names it), the newest one that is paid (active, trialing, past_due); when none
 * is paid, the newest one of any status. "Newest" is Stripe's creation time, then the id, so the
 * choice never depends on the order or the age of the events that made us look.
 */
export function currentSubscription<T extends { tenantId: string | null; status: string; createdAt: Date; subscriptionId: string }>(
  subscriptions: readonly T[],
  tenantId: string,
): T | null {
  const newestFirst = subscriptions
    .filter((s) => s.tenantId === tenantId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.subscriptionId < b.subscriptionId ? 1 : a.subscriptionId > b.subscriptionId ? -1 : 0));
  return newestFirst.find((s) => isPaidStatus(s.status)) ?? newestFirst[0] ?? null;
}

export function isLicensed(standing: Standing, hasSeat: boolean): boolean {
  if (standing.status === 'expired') return false;
  return !standing.seatsApply || hasSeat;
}

/** The refusal for a member's calls, or null when they may work. */
export function licenseRefusal(standing: Standing, role: Role, hasSeat: boolean): 'NO_LICENSE' | 'NO_ACTIVE_LICENSE_MANAGER_TRIAL' | null {
  if (isLicensed(standing, hasSeat)) return null;
  if (standing.status === 'expired' && MANAGING_ROLES.includes(role)) return 'NO_ACTIVE_LICENSE_MANAGER_TRIAL';
  return 'NO_LICENSE';
}

/** An invited member who has not accepted yet holds no seat: seats go to members who work. */
export function holdsSeats(member: { invitedAt: Date | null; activatedAt: Date | null }): boolean {
  return !member.invitedAt || !!member.activatedAt;
}

/** Order in which seats go to members when a subscription starts: Owner first, then by role and age. */
const ROLE_ORDER: Record<string, number> = { Owner: 0, Admin: 1, Manager: 2, Employee: 3 };

export function seatOrder<T extends { role: string; createdAt: Date }>(members: T[]): T[] {
  return [...members].sort((a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) || a.createdAt.getTime() - b.createdAt.getTime());
}
