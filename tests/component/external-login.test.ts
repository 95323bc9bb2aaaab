/** Google and Apple sign-in: the OpenID Connect request and the checks of state and nonce. */
import { describe, expect, it, vi } from 'vitest';
import {
  PENDING_LOGIN_KEY,
  authorizeUrl,
  checkCallback,
  startExternalLogin,
  takePendingLogin,
  type PendingLogin,
} from '../../src/features/auth/external-login';
import { readAppConfig } from '../../src/lib/app-config';
import { makeJwt } from './helpers';

const google = { clientId: 'client-123.apps.googleusercontent.com', authUrl: 'https://accounts.example/authorize' };
const pending: PendingLogin = { provider: 'google', state: 'state-1', nonce: 'nonce-1', returnUrl: '/library' };

describe('app configuration', () => {
  it('treats a missing /app-config.js as nothing configured', () => {
    expect(readAppConfig(undefined)).toEqual({});
    expect(readAppConfig({ google: null, apple: null, development: true })).toEqual({ google: null, apple: null, development: true });
    expect(readAppConfig({ google: { clientId: '', authUrl: 'x' } }).google).toBeNull();
    expect(readAppConfig({ google }).google).toEqual(google);
  });
});

describe('the authorization request', () => {
  it('asks for an ID token in the fragment, back to /login-success, with state and nonce', () => {
    const url = new URL(authorizeUrl(google, 'http://localhost:5173', 'st', 'no'));
    expect(url.origin + url.pathname).toBe(google.authUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.clientId,
      redirect_uri: 'http://localhost:5173/login-success',
      response_type: 'id_token',
      scope: 'openid email profile',
      response_mode: 'fragment',
      state: 'st',
      nonce: 'no',
    });
    expect(url.search).toContain('scope=openid%20email%20profile');
  });

  it('asks Apple for name and e-mail with form_post to the server route that turns it into a fragment', () => {
    const apple = { clientId: 'de.fieldbook.app', authUrl: 'https://appleid.apple.com/auth/authorize' };
    const url = new URL(authorizeUrl(apple, 'https://zeit.example.de', 'st', 'no', 'apple'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: apple.clientId,
      redirect_uri: 'https://zeit.example.de/login-success/apple',
      response_type: 'code id_token',
      scope: 'name email',
      response_mode: 'form_post',
      state: 'st',
      nonce: 'no',
    });
  });

  it('remembers provider, random state and nonce and the return url, then leaves for the provider', () => {
    const go = vi.fn();
    startExternalLogin('google', google, '/library', go);
    const stored = JSON.parse(window.sessionStorage.getItem(PENDING_LOGIN_KEY)!) as PendingLogin;
    expect(stored).toMatchObject({ provider: 'google', returnUrl: '/library' });
    expect(stored.state).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.state).not.toBe(stored.nonce);
    const url = new URL(go.mock.calls[0][0] as string);
    expect(url.searchParams.get('state')).toBe(stored.state);
    expect(url.searchParams.get('nonce')).toBe(stored.nonce);
  });

  it('keeps a pending sign-in for one answer only, and drops a foreign return url', () => {
    window.sessionStorage.setItem(PENDING_LOGIN_KEY, JSON.stringify({ ...pending, returnUrl: '//evil.example' }));
    expect(takePendingLogin()).toEqual({ ...pending, returnUrl: undefined });
    expect(takePendingLogin()).toBeNull();
  });
});

describe('the answer on /login-success', () => {
  const idToken = (nonce: unknown) => makeJwt({ iss: 'https://accounts.google.com', nonce, email: 'lena@gmail.com' });

  it('accepts the same state and the nonce that was sent', () => {
    const token = idToken('nonce-1');
    expect(checkCallback(`#id_token=${token}&state=state-1`, pending)).toEqual({
      ok: true,
      provider: 'google',
      idToken: token,
      returnUrl: '/library',
    });
  });

  it.each([
    ['another state', `#id_token=${idToken('nonce-1')}&state=state-2`, 'state'],
    ['no state', `#id_token=${idToken('nonce-1')}`, 'state'],
    ['another nonce', `#id_token=${idToken('nonce-2')}&state=state-1`, 'nonce'],
    ['no nonce', `#id_token=${idToken(undefined)}&state=state-1`, 'nonce'],
    ['no token', '#state=state-1', 'no-token'],
    ['a token that is not a JWT', '#id_token=garbage&state=state-1', 'nonce'],
    ['an error of the provider', '#error=access_denied&state=state-1', 'provider-error'],
  ])('refuses %s', (_name, fragment, reason) => {
    expect(checkCallback(fragment, pending)).toEqual({ ok: false, provider: 'google', reason });
  });

  it('refuses an answer nobody asked for', () => {
    expect(checkCallback(`#id_token=${idToken('nonce-1')}&state=state-1`, null)).toEqual({ ok: false, reason: 'no-pending' });
  });
});
