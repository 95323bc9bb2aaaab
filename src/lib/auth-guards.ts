/**
 * Route guards for `beforeLoad`. The layout route runs `requireAuth` and then
 * `requireAccountChecks`; the dashboard adds `requireDashboard`.
 *
 * The decisions are pure functions of the session (`authDecision`, `accountDecision`,
 * `dashboardDecision`, `nextPathAfterSignIn`), so they can be tested without a router; the guards
 * turn them into redirects.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { ensureFreshToken } from './api-interceptors';
import {
  clearSession,
  getSession,
  hasRole,
  hasRoles,
  isLoggedIn,
  isTokenExpired,
  nowInSeconds,
  type Role,
  type Session,
} from './session';

/** Only same-app paths may be used as a return url (no `//host`, no scheme). */
export function safeReturnUrl(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : undefined;
}

/** The roles that see the dashboard (the Owner counts as Manager). */
const DASHBOARD_ROLES: readonly Role[] = ['Admin', 'Manager'];

/**
 * - `ok`: signed in with a token that is not expired;
 * - `refresh`: the token is expired but a refresh token is at hand;
 * - `login`: not signed in, or expired without a way to refresh.
 */
export function authDecision(session: Session, now: number = nowInSeconds()): 'ok' | 'refresh' | 'login' {
  if (!isLoggedIn(session)) return 'login';
  if (!isTokenExpired(session, now)) return 'ok';
  return session.refreshToken ? 'refresh' : 'login';
}

/**
 * What a signed-in user must do before using the app: confirm the email address first (the
 * link in the mail), then accept the terms. `null` when nothing is missing.
 */
export function accountDecision(session: Session): '/missing-email-confirmation' | '/terms-confirmation' | null {
  if (!session.emailConfirmed) return '/missing-email-confirmation';
  if (!session.termsConfirmed) return '/terms-confirmation';
  return null;
}

/**
 * The dashboard is for Admin and Manager (and the Owner). An Employee has none and goes to the
 * customer list; anyone without a known role is signed out and sent to /info.
 */
export function dashboardDecision(session: Session): 'ok' | '/customerlist' | 'forbidden' {
  if (hasRoles(DASHBOARD_ROLES, 'any', session)) return 'ok';
  if (hasRole('Employee', session)) return '/customerlist';
  return 'forbidden';
}

/** Where a signed-in user starts: the dashboard, or the customer list for an Employee. */
export function landingPath(session: Session): '/' | '/customerlist' {
  return dashboardDecision(session) === '/customerlist' ? '/customerlist' : '/';
}

/** After sign-in (any method): the missing account step, else the return url, else the start page. */
export function nextPathAfterSignIn(session: Session, returnUrl?: string): string {
  return accountDecision(session) ?? safeReturnUrl(returnUrl) ?? landingPath(session);
}

/**
 * Signed in with a token that is not expired, else /login?returnUrl=<where the user wanted to go>.
 * An expired token is refreshed first when a refresh token is at hand.
 */
export async function requireAuth({ location }: { location: ParsedLocation }): Promise<void> {
  const decision = authDecision(getSession());
  if (decision === 'ok') return;
  if (decision === 'refresh') {
    try {
      await ensureFreshToken();
      return;
    } catch {
      // Falls through to the login page; the session is cleared already.
    }
  }
  throw redirect({ to: '/login', search: { returnUrl: safeReturnUrl(location.href) } });
}

/** The dashboard's guard: Employees go to the customer list, unknown roles to /info. */
export function requireDashboard(): void {
  const decision = dashboardDecision(getSession());
  if (decision === 'ok') return;
  if (decision === '/customerlist') throw redirect({ to: '/customerlist', replace: true });
  clearSession('forbidden');
  throw redirect({ to: '/info' });
}

/**
 * The account checks run after `requireAuth` on every route inside the layout: email confirmed
 * (else /missing-email-confirmation), terms confirmed (else /terms-confirmation). The page keeps
 * where the user wanted to go. A license that ended shows up as `NO_ACTIVE_LICENSE_MANAGER_TRIAL`
 * on the calls (src/lib/license-expired.ts).
 */
export function requireAccountChecks({ location }: { location: ParsedLocation }): void {
  const to = accountDecision(getSession());
  if (!to) return;
  const returnUrl = safeReturnUrl(location.href);
  throw redirect({ to, search: { returnUrl: returnUrl === '/' ? undefined : returnUrl } });
}
