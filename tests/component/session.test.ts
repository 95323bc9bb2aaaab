import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getDeviceId,
  getSession,
  hasRoles,
  isLoggedIn,
  isTokenExpired,
  parseTokenClaims,
  reloadSession,
  startSession,
} from '../../src/lib/session';
import { ids } from './contract-data';
import { injectSession, makeJwt } from './helpers';

const MS_ROLE = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';

describe('token claims', () => {
  it('reads tenantId, exp, iss, a role list and TermsConfirmed', () => {
    const claims = parseTokenClaims(
      makeJwt({ tenantId: 't-1', exp: 2_000_000_000, iss: 'fieldbook', role: ['Manager', 'Admin'], TermsConfirmed: 'true' }),
    );
    expect(claims).toEqual({
      tenantId: 't-1',
      tokenExpiry: 2_000_000_000,
      tokenIssuer: 'fieldbook',
      roles: ['Manager', 'Admin'],
      termsConfirmed: true,
      sessionId: null,
      emailConfirmedClaim: null,
    });
  });

  it('reads the session id (sid) and the emailConfirmed claim, which wins over the stored value', () => {
    const claims = parseTokenClaims(makeJwt({ sid: 's-9', emailConfirmed: false }));
    expect(claims).toMatchObject({ sessionId: 's-9', emailConfirmedClaim: false });
    injectSession({ emailConfirmed: false });
    expect(getSession().emailConfirmed).toBe(false);
    injectSession();
    expect(getSession().emailConfirmed).toBe(true);
  });

  it('accepts TenantId, a single role and the long role claim name', () => {
    const single = parseTokenClaims(makeJwt({ TenantId: 't-2', role: 'Employee' }));
    expect(single?.tenantId).toBe('t-2');
    expect(single?.roles).toEqual(['Employee']);

    const long = parseTokenClaims(makeJwt({ [MS_ROLE]: ['Owner'] }));
    expect(long?.roles).toEqual(['Owner']);
    const longSingle = parseTokenClaims(makeJwt({ [MS_ROLE]: 'Admin' }));
    expect(longSingle?.roles).toEqual(['Admin']);
  });

  it('treats anything but "true" as terms not confirmed, and no exp as no expiry', () => {
    expect(parseTokenClaims(makeJwt({ TermsConfirmed: 'false' }))?.termsConfirmed).toBe(false);
    expect(parseTokenClaims(makeJwt({}))?.termsConfirmed).toBe(false);
    expect(parseTokenClaims(makeJwt({}))?.tokenExpiry).toBeNull();
  });

  it('decodes UTF-8 claims and rejects tokens that are not JWTs', () => {
    expect(parseTokenClaims(makeJwt({ iss: 'Müller & Söhne' }))?.tokenIssuer).toBe('Müller & Söhne');
    expect(parseTokenClaims('not-a-jwt')).toBeNull();
    expect(parseTokenClaims('a.%%%.c')).toBeNull();
    expect(parseTokenClaims(null)).toBeNull();
  });
});

describe('session store', () => {
  beforeEach(() => reloadSession());

  it('is logged out and expired without a token', () => {
    const session = getSession();
    expect(isLoggedIn(session)).toBe(false);
    expect(isTokenExpired(session)).toBe(true);
    expect(session.locale).toBe('de');
  });

  it('compares the expiry in seconds', () => {
    injectSession({ exp: 1_000 });
    expect(isTokenExpired(getSession(), 999)).toBe(false);
    expect(isTokenExpired(getSession(), 1_000)).toBe(true);
  });

  it('reads a session injected into localStorage', () => {
    injectSession({ roles: ['Manager'] });
    const session = getSession();
    expect(isLoggedIn(session)).toBe(true);
    expect(isTokenExpired(session)).toBe(false);
    expect(session.tenantId).toBe(ids.tenant);
    expect(session.roles).toEqual(['Manager']);
    expect(session.termsConfirmed).toBe(true);
    expect(session.userEmail).toBe('anna@elektro-schneider.de');
  });

  it('lets the Owner act as Manager, in any and all mode', () => {
    injectSession({ roles: ['Owner'] });
    expect(hasRoles(['Admin', 'Manager'], 'any')).toBe(true);
    expect(hasRoles(['Admin', 'Manager'], 'all')).toBe(false);
    injectSession({ roles: ['Employee'] });
    expect(hasRoles(['Admin', 'Manager'], 'any')).toBe(false);
  });

  it('starts from a sign-in answer and logout clears everything but device id and language', () => {
    const deviceId = getDeviceId();
    expect(deviceId).toMatch(/^backoffice_[0-9a-f-]{36}$/);
    window.localStorage.setItem('fieldbook-locale', 'en');
    startSession({
      token: makeJwt({ exp: 2_000_000_000, role: 'Manager', tenantId: 't' }),
      refreshToken: 'r-1',
      id: 'u-1',
      userName: 'max',
      email: 'max@example.com',
      emailConfirmed: false,
    });
    expect(getSession()).toMatchObject({ userId: 'u-1', userName: 'max', refreshToken: 'r-1', roles: ['Manager'] });
    expect(JSON.parse(window.localStorage.getItem('fieldbook-session') ?? '{}').refreshToken).toBe('r-1');

    clearSession();
    expect(window.localStorage.getItem('fieldbook-session')).toBeNull();
    expect(getSession().token).toBeNull();
    expect(getSession().roles).toEqual([]);
    expect(getDeviceId()).toBe(deviceId);
    expect(getSession().locale).toBe('en');
  });
});
