/**
 * The local session: who is signed in, the token set and what the access token
 * says about the user. The access token is the source of truth for tenant, expiry, issuer, roles
 * and the terms flag; they are re-read from its claims whenever the token changes.
 *
 * Storage (tests and screenshot scripts may write these keys before the app loads):
 *
 * - `localStorage['fieldbook-session']`: JSON of {@link StoredSession}, for example
 *   ```json
 *   { "token": "<JWT>", "refreshToken": "r1", "userId": "3f0c2a9e-…", "userName": "anna",
 *     "userEmail": "anna@example.com", "emailConfirmed": true, "isMaster": false,
 *     "firstName": "Anna", "lastName": "Schneider", "showMenu": true }
 *   ```
 *   Only `token` is needed to count as signed in. The JWT's payload is read, its signature is
 *   not checked here (the server does that): `exp` (seconds) must lie in the future, roles come
 *   from `role` or `http://schemas.microsoft.com/ws/2008/06/identity/claims/role` (a string or a
 *   list), the tenant from `tenantId` or `TenantId`, `TermsConfirmed: "true"` marks accepted terms,
 *   `sid` names the server's session (logout ends it) and `emailConfirmed`, when present, wins over
 *   the stored value.
 * - `localStorage['fieldbook-device-id']`: `backoffice_<uuid>`, created once, kept across logouts.
 * - `localStorage['fieldbook-locale']`: `de` | `en` (see src/lib/locale.ts), kept across logouts.
 */
import { useSyncExternalStore } from 'react';
import { getStoredLocale, type Locale } from './locale';
import { readStorage, storageKeys, writeStorage } from './storage';

export type Role = 'Owner' | 'Admin' | 'Manager' | 'Employee' | (string & {});

/** What is written to localStorage. */
interface StoredSession {
  token: string | null;
  refreshToken: string | null;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  emailConfirmed: boolean;
  isMaster: boolean;
  firstName: string | null;
  lastName: string | null;
  showMenu: boolean;
}

/** The claims of the access token the app reads. */
interface TokenClaims {
  tenantId: string | null;
  /** Expiry in seconds since the epoch. */
  tokenExpiry: number | null;
  tokenIssuer: string | null;
  roles: Role[];
  termsConfirmed: boolean;
  /** The server's id of this sign-in (`sid`); logout ends it. */
  sessionId: string | null;
  /** The `emailConfirmed` claim; null when the token does not carry it. */
  emailConfirmedClaim: boolean | null;
}

export interface Session extends StoredSession, TokenClaims {
  deviceId: string;
  locale: Locale;
}

/** Why the session ended; the layout decides where to go from it. */
type SessionEndReason = 'logout' | 'expired' | 'forbidden';

const ROLE_CLAIM_URI = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';

const emptyStored: StoredSession = {
  token: null,
  refreshToken: null,
  userId: null,
  userName: null,
  userEmail: null,
  emailConfirmed: false,
  isMaster: false,
  firstName: null,
  lastName: null,
  showMenu: true,
};

const emptyClaims: TokenClaims = {
  tenantId: null,
  tokenExpiry: null,
  tokenIssuer: null,
  roles: [],
  termsConfirmed: false,
  sessionId: null,
  emailConfirmedClaim: null,
};

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Reads the claims the app needs from a JWT's payload; `null` when it is not a readable JWT. */
export function parseTokenClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length < 2) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const claims = payload as Record<string, unknown>;

  const rawRoles = claims.role ?? claims[ROLE_CLAIM_URI];
  const roles = (Array.isArray(rawRoles) ? rawRoles : [rawRoles]).filter(
    (r): r is string => typeof r === 'string' && r.length > 0,
  );
  const exp = typeof claims.exp === 'number' ? claims.exp : Number(claims.exp);
  const terms = claims.TermsConfirmed;
  const emailConfirmed = claims.emailConfirmed;

  return {
    tenantId: stringOrNull(claims.tenantId) ?? stringOrNull(claims.TenantId),
    tokenExpiry: Number.isFinite(exp) ? exp : null,
    tokenIssuer: stringOrNull(claims.iss),
    roles,
    termsConfirmed: terms === true || (typeof terms === 'string' && terms.toLowerCase() === 'true'),
    sessionId: stringOrNull(claims.sid),
    emailConfirmedClaim:
      typeof emailConfirmed === 'boolean'
        ? emailConfirmed
        : typeof emailConfirmed === 'string'
          ? emailConfirmed.toLowerCase() === 'true'
          : null,
  };
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; a phone on the LAN over plain http has none.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The device id (`backoffice_<uuid>`), created once and kept in localStorage. */
export function getDeviceId(): string {
  const stored = readStorage(storageKeys.deviceId);
  if (stored) return stored;
  const created = `backoffice_${randomUuid()}`;
  writeStorage(storageKeys.deviceId, created);
  return created;
}

function readStored(): StoredSession {
  const raw = readStorage(storageKeys.session);
  if (!raw) return { ...emptyStored };
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return {
      token: stringOrNull(parsed.token),
      refreshToken: stringOrNull(parsed.refreshToken),
      userId: stringOrNull(parsed.userId),
      userName: stringOrNull(parsed.userName),
      userEmail: stringOrNull(parsed.userEmail),
      emailConfirmed: parsed.emailConfirmed === true,
      isMaster: parsed.isMaster === true,
      firstName: stringOrNull(parsed.firstName),
      lastName: stringOrNull(parsed.lastName),
      showMenu: parsed.showMenu !== false,
    };
  } catch {
    return { ...emptyStored };
  }
}

function build(stored: StoredSession): Session {
  const claims = parseTokenClaims(stored.token) ?? emptyClaims;
  return {
    ...stored,
    ...claims,
    // A fresh token knows better than the stored answer (the link may have been opened since).
    emailConfirmed: claims.emailConfirmedClaim ?? stored.emailConfirmed,
    deviceId: getDeviceId(),
    locale: getStoredLocale(),
  };
}

let current: Session | null = null;
let lastEndReason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** The current session (a stable object until it changes). */
export function getSession(): Session {
  current ??= build(readStored());
  return current;
}

function write(stored: StoredSession) {
  writeStorage(storageKeys.session, stored.token || stored.refreshToken ? JSON.stringify(stored) : null);
  current = build(stored);
  emit();
}

function storedPart(session: Session): StoredSession {
  const { token, refreshToken, userId, userName, userEmail, emailConfirmed, isMaster, firstName, lastName, showMenu } =
    session;
  return { token, refreshToken, userId, userName, userEmail, emailConfirmed, isMaster, firstName, lastName, showMenu };
}

/** Merges values into the session and stores it. */
export function updateSession(values: Partial<StoredSession>): void {
  if ('token' in values && values.token) lastEndReason = null;
  write({ ...storedPart(getSession()), ...values });
}

/** The answer of SignIn. */
interface SignInResult {
  token: string;
  refreshToken: string;
  id: string;
  userName: string;
  email: string;
  emailConfirmed: boolean;
  firstName?: string | null;
  lastName?: string | null;
  isMaster?: boolean;
}

/** Starts a session from a sign-in answer. */
export function startSession(result: SignInResult): void {
  lastEndReason = null;
  write({
    ...emptyStored,
    token: result.token,
    refreshToken: result.refreshToken,
    userId: result.id,
    userName: result.userName,
    userEmail: result.email,
    emailConfirmed: result.emailConfirmed,
    firstName: result.firstName ?? null,
    lastName: result.lastName ?? null,
    isMaster: result.isMaster === true,
  });
}

export function setTokens(token: string, refreshToken: string | null): void {
  updateSession({ token, refreshToken: refreshToken ?? getSession().refreshToken });
}

export function setRefreshToken(refreshToken: string): void {
  if (getSession().refreshToken !== refreshToken) updateSession({ refreshToken });
}

/**
 * Clears every stored session value (logout). Device id and language stay.
 * Navigation to /login is done by the layout, which watches the session (see `getSessionEndReason`).
 */
export function clearSession(reason: SessionEndReason = 'logout'): void {
  lastEndReason = reason;
  write({ ...emptyStored });
}

export function getSessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

/** Re-reads localStorage (another tab, or a test that wrote the key). */
export function reloadSession(): void {
  current = build(readStored());
  emit();
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.session || event.key === null) reloadSession();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function isLoggedIn(session: Session = getSession()): boolean {
  return Boolean(session.token);
}

/** Expired when the expiry is past or absent; compared in seconds. */
export function isTokenExpired(session: Session = getSession(), now: number = nowInSeconds()): boolean {
  return session.tokenExpiry === null || session.tokenExpiry <= now;
}

/** The Owner has every right of a Manager (domain rules). */
export function hasRole(role: Role, session: Session = getSession()): boolean {
  if (session.roles.includes(role)) return true;
  return role === 'Manager' && session.roles.includes('Owner');
}

export function hasRoles(roles: readonly Role[], mode: 'any' | 'all' = 'any', session: Session = getSession()): boolean {
  if (roles.length === 0) return true;
  return mode === 'all' ? roles.every((r) => hasRole(r, session)) : roles.some((r) => hasRole(r, session));
}

/** Owner, Admin or Manager: who edits, archives and imports the catalog and marks activities. */
export function useIsBackOffice(): boolean {
  return hasRoles(['Admin', 'Manager'], 'any', useSession());
}

export function displayName(session: Session): string {
  const full = [session.firstName, session.lastName].filter(Boolean).join(' ');
  return full || session.userName || session.userEmail || '';
}
