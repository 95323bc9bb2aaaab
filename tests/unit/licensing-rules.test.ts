/** The licensing rules: trial, paid and self-hosted standing, and who is refused with which code. */
import { describe, expect, it } from 'vitest';
import { currentSubscription, licenseRefusal, seatOrder, standingOf } from '../../server/modules/subscription/subscription.rules';

const now = new Date('2026-11-24T12:00:00Z');
const trialRunning = new Date('2026-12-01T00:00:00Z');
const trialOver = new Date('2026-11-20T00:00:00Z');

describe('standingOf', () => {
  it('is the trial until its end, then expired without a paid subscription', () => {
    expect(standingOf({ now, trialEndsAt: trialRunning, subscription: null, selfHosted: false })).toEqual({ status: 'trial', seatsApply: false, inTrial: true });
    expect(standingOf({ now, trialEndsAt: trialOver, subscription: null, selfHosted: false }).status).toBe('expired');
    expect(standingOf({ now, trialEndsAt: null, subscription: null, selfHosted: false }).status).toBe('expired');
    // The trial ends at its instant exactly.
    expect(standingOf({ now: trialRunning, trialEndsAt: trialRunning, subscription: null, selfHosted: false }).status).toBe('expired');
  });

  it('is active with a subscription Stripe still counts as paid, also while it retries a payment', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(standingOf({ now, trialEndsAt: trialOver, subscription: { provider: 'stripe', status }, selfHosted: false })).toEqual({ status: 'active', seatsApply: true, inTrial: false });
    }
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(standingOf({ now, trialEndsAt: trialOver, subscription: { provider: 'stripe', status }, selfHosted: false }).status).toBe('expired');
    }
    // A self-hosted count does not pay for a firm on a server with Stripe.
    expect(standingOf({ now, trialEndsAt: trialOver, subscription: { provider: 'self', status: 'active' }, selfHosted: false }).status).toBe('expired');
  });

  it('has no trial and never expires self-hosted; seats apply as soon as the Owner set a count', () => {
    expect(standingOf({ now, trialEndsAt: trialOver, subscription: null, selfHosted: true })).toEqual({ status: 'active', seatsApply: false, inTrial: false });
    expect(standingOf({ now, trialEndsAt: trialRunning, subscription: null, selfHosted: true })).toEqual({ status: 'active', seatsApply: false, inTrial: false });
    expect(standingOf({ now, trialEndsAt: trialOver, subscription: { provider: 'self', status: 'active' }, selfHosted: true }).seatsApply).toBe(true);
    expect(standingOf({ now, trialEndsAt: trialRunning, subscription: { provider: 'self', status: 'active' }, selfHosted: true }).seatsApply).toBe(true);
  });
});

describe('licenseRefusal', () => {
  const expired = standingOf({ now, trialEndsAt: trialOver, subscription: null, selfHosted: false });
  const paid = standingOf({ now, trialEndsAt: trialOver, subscription: { provider: 'stripe', status: 'active' }, selfHosted: false });
  const trial = standingOf({ now, trialEndsAt: trialRunning, subscription: null, selfHosted: false });

  it('sends managing roles of an unpaid firm to checkout and refuses employees', () => {
    expect(licenseRefusal(expired, 'Owner', false)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
    expect(licenseRefusal(expired, 'Admin', true)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
    expect(licenseRefusal(expired, 'Manager', false)).toBe('NO_ACTIVE_LICENSE_MANAGER_TRIAL');
    expect(licenseRefusal(expired, 'Employee', true)).toBe('NO_LICENSE');
  });

  it('lets a paid firm\'s seat holders work and refuses the others with NO_LICENSE, whatever their role', () => {
    expect(licenseRefusal(paid, 'Employee', true)).toBeNull();
    expect(licenseRefusal(paid, 'Manager', false)).toBe('NO_LICENSE');
    expect(licenseRefusal(paid, 'Owner', false)).toBe('NO_LICENSE');
  });

  it('lets everyone work during the trial', () => {
    expect(licenseRefusal(trial, 'Employee', false)).toBeNull();
  });
});

describe('seatOrder', () => {
  it('puts the Owner first, then Admins, Managers and Employees, each oldest first', () => {
    const at = (day: number) => new Date(`2026-11-${String(day).padStart(2, '0')}T00:00:00Z`);
    const members = [
      { id: 'e2', role: 'Employee', createdAt: at(5) },
      { id: 'm1', role: 'Manager', createdAt: at(9) },
      { id: 'e1', role: 'Employee', createdAt: at(2) },
      { id: 'o', role: 'Owner', createdAt: at(10) },
      { id: 'a', role: 'Admin', createdAt: at(3) },
    ];
    expect(seatOrder(members).map((m) => m.id)).toEqual(['o', 'a', 'm1', 'e1', 'e2']);
  });
});

describe('currentSubscription', () => {
  const firm = 'f0000000-0000-4000-8000-000000000001';
  const sub = (subscriptionId: string, status: string, minutes: number, tenantId: string | null = firm) => ({
    subscriptionId,
    status,
    tenantId,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, minutes)),
  });

  it('takes the newest paid subscription of the firm, else the newest of any status', () => {
    expect(currentSubscription([sub('old', 'active', 0), sub('new', 'canceled', 60)], firm)?.subscriptionId).toBe('old');
    expect(currentSubscription([sub('old', 'canceled', 0), sub('new', 'canceled', 60)], firm)?.subscriptionId).toBe('new');
    expect(currentSubscription([sub('a', 'past_due', 0), sub('b', 'trialing', 5), sub('c', 'incomplete', 9)], firm)?.subscriptionId).toBe('b');
  });

  it('ignores subscriptions bought for another firm or for none, and decides ties by id whatever the order', () => {
    expect(currentSubscription([sub('x', 'active', 60, 'another'), sub('y', 'active', 70, null)], firm)).toBeNull();
    const tied = [sub('sub_a', 'active', 1), sub('sub_b', 'active', 1)];
    expect(currentSubscription(tied, firm)?.subscriptionId).toBe('sub_b');
    expect(currentSubscription([...tied].reverse(), firm)?.subscriptionId).toBe('sub_b');
  });
});
