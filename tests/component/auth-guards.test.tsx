/**
 * The guard decisions as pure functions of the session, and what the router
 * makes of them.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountDecision,
  authDecision,
  dashboardDecision,
  landingPath,
  nextPathAfterSignIn,
  safeReturnUrl,
} from '../../src/lib/auth-guards';
import { getSession } from '../../src/lib/session';
import { emptyFirm, page } from './contract-data';
import { serveContract } from './contract-server';
import { inOneHour, injectSession, renderApp } from './helpers';

function sessionWith(options: Parameters<typeof injectSession>[0] = {}) {
  injectSession(options);
  return getSession();
}

describe('authDecision', () => {
  it('is login without a session', () => {
    expect(authDecision(getSession())).toBe('login');
  });

  it('is ok with a token that is not expired', () => {
    expect(authDecision(sessionWith({ exp: inOneHour() }))).toBe('ok');
  });

  it('refreshes an expired token when a refresh token is at hand, else login', () => {
    expect(authDecision(sessionWith({ exp: 1_000, refreshToken: 'r' }))).toBe('refresh');
    expect(authDecision(sessionWith({ exp: 1_000, refreshToken: null }))).toBe('login');
  });

  it('compares the expiry in seconds: expired at the very second', () => {
    const session = sessionWith({ exp: 2_000, refreshToken: null });
    expect(authDecision(session, 1_999)).toBe('ok');
    expect(authDecision(session, 2_000)).toBe('login');
  });
});

describe('accountDecision', () => {
  it('asks for the email confirmation first, then for the terms', () => {
    expect(accountDecision(sessionWith({ emailConfirmed: false, termsConfirmed: false }))).toBe('/missing-email-confirmation');
    expect(accountDecision(sessionWith({ emailConfirmed: true, termsConfirmed: false }))).toBe('/terms-confirmation');
    expect(accountDecision(sessionWith({ emailConfirmed: true, termsConfirmed: true }))).toBeNull();
  });
});

describe('dashboardDecision and landing', () => {
  it.each([
    [['Owner'], 'ok', '/'],
    [['Admin'], 'ok', '/'],
    [['Manager'], 'ok', '/'],
    [['Employee'], '/customerlist', '/customerlist'],
    [['Guest'], 'forbidden', '/'],
  ])('roles %j → %s, start at %s', (roles, decision, landing) => {
    const session = sessionWith({ roles });
    expect(dashboardDecision(session)).toBe(decision);
    expect(landingPath(session)).toBe(landing);
  });

  it('after sign-in: the missing step wins over the return url, which wins over the start page', () => {
    expect(nextPathAfterSignIn(sessionWith({ emailConfirmed: false }), '/library')).toBe('/missing-email-confirmation');
    expect(nextPathAfterSignIn(sessionWith({ termsConfirmed: false }), '/library')).toBe('/terms-confirmation');
    expect(nextPathAfterSignIn(sessionWith(), '/library?x=1')).toBe('/library?x=1');
    expect(nextPathAfterSignIn(sessionWith({ roles: ['Employee'] }))).toBe('/customerlist');
    expect(nextPathAfterSignIn(sessionWith(), 'https://evil.example/')).toBe('/');
  });

  it('accepts only same-app paths as return url', () => {
    expect(safeReturnUrl('/customer/1?tab=2')).toBe('/customer/1?tab=2');
    expect(safeReturnUrl('//evil.example')).toBeUndefined();
    expect(safeReturnUrl('/\\evil.example')).toBeUndefined();
    expect(safeReturnUrl('https://evil.example')).toBeUndefined();
    expect(safeReturnUrl(42)).toBeUndefined();
  });
});

describe('guards in the router', () => {
  it('sends an unconfirmed email to /missing-email-confirmation, keeping where the user wanted to go', async () => {
    injectSession({ emailConfirmed: false });
    const { router } = await renderApp('/library');
    await waitFor(() => expect(router.state.location.pathname).toBe('/missing-email-confirmation'));
    expect(router.state.location.search).toEqual({ returnUrl: '/library' });
    expect(await screen.findByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeInTheDocument();
  });

  it('sends unaccepted terms to /terms-confirmation', async () => {
    serveContract({ managementGetConsentTexts: page([]) });
    injectSession({ termsConfirmed: false });
    const { router } = await renderApp('/customerlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-confirmation'));
    expect(router.state.location.search).toEqual({ returnUrl: '/customerlist' });
  });

  it('moves on from an account step that is done already', async () => {
    serveContract(emptyFirm);
    injectSession({ roles: ['Employee'] });
    const { router } = await renderApp('/terms-confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerlist'));
  });

  it('needs a session on the account steps', async () => {
    const { router } = await renderApp('/missing-email-confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ returnUrl: '/missing-email-confirmation' });
  });
});
