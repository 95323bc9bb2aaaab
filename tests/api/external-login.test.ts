/** Google and Apple sign-in against local key sets that follow the providers' published format. */
import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { caller } from '../support/http';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../support/fake-identity-provider';

const GOOGLE_CLIENT = '1234567890-fieldbook.apps.googleusercontent.com';
const APPLE_CLIENT = 'de.fieldbook.app';
let server: TestServer;
let google: FakeIdentityProvider;
let apple: FakeIdentityProvider;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  google = await startFakeIdentityProvider({ issuer: 'https://accounts.google.com', audience: GOOGLE_CLIENT });
  apple = await startFakeIdentityProvider({ issuer: 'https://appleid.apple.com', audience: APPLE_CLIENT });
  server = await startTestServer({
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
    GOOGLE_JWKS_URL: google.jwksUrl,
    APPLE_CLIENT_ID: APPLE_CLIENT,
    APPLE_JWKS_URL: apple.jwksUrl,
  });
  call = caller(server.baseUrl);
});
afterAll(async () => {
  await server?.close();
  await google?.close();
  await apple?.close();
});

const email = () => `lena.${crypto.randomBytes(4).toString('hex')}@gmail.com`;

describe('Google sign-in', () => {
  it('creates a firm for an unknown verified e-mail; terms are still to confirm', async () => {
    const address = email();
    const idToken = await google.issue({ sub: `g-${address}`, email: address, email_verified: true, given_name: 'Lena', family_name: 'Huber' });
    const response = await call('POST', '/api/Auth/HandleGoogleLogin', { body: { idToken } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ email: address, emailConfirmed: true, termsConfirmed: false, firstName: 'Lena', lastName: 'Huber', roles: ['Owner'] });
    expect(decodeJwt(response.body.data.token).TermsConfirmed).toBe('false');
    const again = await call('POST', '/api/Auth/HandleGoogleLogin', { body: { idToken } });
    expect(again.body.data.id).toBe(response.body.data.id);
  });

  it('signs in an existing account with the same e-mail', async () => {
    const address = email();
    const signUp = await call('POST', '/api/Auth/SignUp', { body: { email: address, password: 'Sonnenblume-Kabel-42', tenantName: 'x', termsConfirmed: true } });
    const idToken = await google.issue({ sub: 'google-subject-1', email: address, email_verified: true });
    const response = await call('POST', '/api/Auth/HandleGoogleLogin', { body: { idToken } });
    expect(response.body.data.id).toBe(signUp.body.data.id);
    expect(response.body.data.emailConfirmed).toBe(true);
  });

  it.each([
    ['a token for another app', { audience: 'someone-else.apps.googleusercontent.com' }, { email_verified: true }],
    ['a token from another issuer', { issuer: 'https://evil.example' }, { email_verified: true }],
    ['an expired token', { expiresIn: '-1m' }, { email_verified: true }],
    ['a token signed by another key', { foreignKey: true }, { email_verified: true }],
    ['an unverified e-mail', {}, { email_verified: false }],
  ])('refuses %s', async (_name, options, claims) => {
    const idToken = await google.issue({ sub: 'x', email: email(), ...claims }, options);
    const response = await call('POST', '/api/Auth/HandleGoogleLogin', { body: { idToken } });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[0]).toEqual({ code: 'GOOGLE_LOGIN_FAILED', message: 'Die Anmeldung mit Google ist fehlgeschlagen.' });
  });
});

describe('Apple sign-in', () => {
  it('takes the name from the first sign-in body, which Apple sends only once', async () => {
    const address = `${crypto.randomBytes(4).toString('hex')}@privaterelay.appleid.com`;
    const idToken = await apple.issue({ sub: 'apple-001', email: address, email_verified: 'true' });
    const response = await call('POST', '/api/Auth/HandleAppleLogin', { body: { idToken, firstName: 'Jonas', lastName: 'Weber', language: 'en' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ firstName: 'Jonas', lastName: 'Weber', language: 'en' });
  });

  it('refuses a Google token', async () => {
    const idToken = await google.issue({ sub: 'x', email: email(), email_verified: true });
    const response = await call('POST', '/api/Auth/HandleAppleLogin', { body: { idToken } });
    expect(response.body.errorMessages[0].code).toBe('APPLE_LOGIN_FAILED');
  });
});

describe('without configuration', () => {
  it('answers that the sign-in is not set up', async () => {
    const plain = await startTestServer();
    try {
      const response = await caller(plain.baseUrl)('POST', '/api/Auth/HandleGoogleLogin', { body: { idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU' } });
      expect(response.status).toBe(400);
      expect(response.body.errorMessages[0].code).toBe('EXTERNAL_LOGIN_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});

describe('Apple form_post answer', () => {
  it('turns the POST into the fragment answer the app reads', async () => {
    const idToken = await apple.issue({ sub: 'apple-002', email: 'x@privaterelay.appleid.com', email_verified: 'true' });
    const response = await fetch(`${server.baseUrl}/login-success/apple`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: idToken, state: 'abc123', code: 'c0de', user: '{"name":{"firstName":"Jonas"}}' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, server.baseUrl);
    expect(location.pathname).toBe('/login-success');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('id_token')).toBe(idToken);
    expect(fragment.get('state')).toBe('abc123');
    expect(fragment.get('code')).toBeNull();
  });

  it('accepts form bodies on that route only', async () => {
    const response = await fetch(`${server.baseUrl}/api/Auth/SignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Device-Id': `backoffice_${crypto.randomUUID()}` },
      body: 'userNameOrEmail=a%40b.de&password=x',
    });
    expect(response.status).toBe(415);
  });
});
