/**
 * Route guards for `beforeLoad`. The layout route runs `requireAuth`, `requireAccountChecks` and
 * `requireLiveSession`; the dashboard adds `requireDashboard`.
 *
 * The decisions are pure functions of the session (`authDecision`, `accountDecision`,
 * `dashboardDecision`, `nextPathAfterSignIn`), so they can be tested without a router; the guards
 * turn them into redirects.
 */
import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { localisationGetTextOverridesOptions, managementGetTenantOptions } from '../../generated/api/@tanstack/react-query.gen';
import { setFirmTimeZone } from './firm-time-zone';
import { ensureFreshToken } from './api-interceptors';
import { RefreshTokenError } from './api-error';
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

/** Every role a member of a firm can have. */
const MEMBER_ROLES: readonly Role[] = ['Owner', 'Admin', 'Manager', 'Employee'];

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

/** The firm's own texts: the shell applies them on every screen. */
export const textOverridesQuery = () => ({ ...localisationGetTextOverridesOptions(), staleTime: 5 * 60_000 });

/** The firm's profile: periods everywhere count in the firm's time zone (asked once per start). */
const tenantQuery = () => ({ ...managementGetTenantOptions(), meta: { silent: true } });

/** Whether the signed-in layout will ask the server if the session is alive (see `requireLiveSession`). */
function checksLiveSession(session: Session): boolean {
  return hasRoles(MEMBER_ROLES, 'any', session) && onlineManager.isOnline();
}

/**
 * Starts the signed-in layout's two first calls (the firm's texts, which prove the session alive,
 * and the firm's profile) as soon as the app's code runs, beside loading the catalog, restoring the
 * kept data and the first render, instead of after them (decision 0049). Only for a page of a
 * signed-in screen (the server marks it, server/platform/app-shell.ts) with a session that passes the
 * layout's own checks; `requireLiveSession` then finds the calls under way.
 */
export function startLiveSessionCheck(queryClient: QueryClient): void {
  const session = getSession();
  if (!document.documentElement.hasAttribute('data-route-signed-in')) return;
  if (authDecision(session) === 'login' || accountDecision(session) || !checksLiveSession(session)) return;
  // Settled either way: the layout's check reads the outcome, and a page that never gets there
  // (another guard redirects first) leaves no unhandled rejection.
  const texts = queryClient.fetchQuery(liveTextsQuery());
  startedChecks.set(queryClient, texts.then(() => undefined, (error: unknown) => ({ error })));
  void queryClient.prefetchQuery(tenantQuery());
}

/** The check `startLiveSessionCheck` sent, per query client, until the layout reads it. */
const startedChecks = new WeakMap<QueryClient, Promise<{ error: unknown } | undefined>>();

/**
 * The query clients whose session the server confirmed during this page's life. Until then the
 * texts in the cache prove nothing: they may be the kept ones of an earlier visit (restored from
 * the device, decision 0038), which would open the screens of a session ended meanwhile.
 */
const confirmedClients = new WeakSet<QueryClient>();

/** The firm's texts as the live-session check asks them: from the server, whatever the cache holds. */
const liveTextsQuery = () => ({ ...textOverridesQuery(), staleTime: 0, meta: { silent: true } });

/**
 * The session must still be alive on the server before any screen renders: a session ended on
 * another device would otherwise show the screens and fire their calls into 401s before leaving.
 * The check is the firm's texts, which the shell loads first anyway (once; later navigations take
 * them from the cache). A refused session goes to /login; any other failure (offline, server
 * trouble) lets the screens say so themselves. The firm's profile is asked at the same time, not
 * after the texts (one round trip instead of two before the screen's own calls, decision 0049): a
 * refused session fails both with the one shared refresh.
 */
export async function requireLiveSession(queryClient: QueryClient, { location }: { location: ParsedLocation }): Promise<void> {
  // Without a role the app knows, the screens' guards sign out and send to /info; nothing to ask.
  // Without a connection nothing can be asked (queries wait for it): the screens open with what the
  // app has, and the check happens with the next navigation online (decision 0036).
  if (!checksLiveSession(getSession())) return;
  // The first check of this page asks the server (or takes the call `startLiveSessionCheck` sent),
  // also when texts kept on the device are in the cache; later navigations take them from the cache.
  const started = startedChecks.get(queryClient);
  startedChecks.delete(queryClient);
  const texts = confirmedClients.has(queryClient)
    ? queryClient.ensureQueryData({ ...textOverridesQuery(), meta: { silent: true } })
    : (started ?? queryClient.fetchQuery(liveTextsQuery()).then(() => undefined)).then((outcome) => {
        if (outcome) throw outcome.error;
        confirmedClients.add(queryClient);
      });
  const timeZone = queryClient.ensureQueryData(tenantQuery()).then(
    (answer) => answer.data?.timeZone,
    () => undefined,
  );
  try {
    await texts;
  } catch (error) {
    if (error instanceof RefreshTokenError || !getSession().token) {
      throw redirect({ to: '/login', search: { returnUrl: safeReturnUrl(location.href) } });
    }
  }
  // Once the session proved alive: the firm's time zone for the periods of every screen.
  setFirmTimeZone(await timeZone);
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
