/** Passkeys: sign-up with a passkey, sign-in with it, add, list and delete keys. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { newDeviceId } from '../support/api-client';
import { caller } from '../support/http';
import { SoftAuthenticator } from '../support/soft-authenticator';

let server: TestServer;
let call: ReturnType<typeof caller>;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server.baseUrl);
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
const email = () => `passkey.${Date.now()}${n++}@elektro-schneider.de`;

async function signUpWithPasskey(authenticator: SoftAuthenticator, address = email()) {
  const begin = await call('POST', '/api/Auth/WebAuthnRegisterBegin', { body: { email: address, tenantName: 'passkeyfirma', termsConfirmed: true } });
  expect(begin.status, JSON.stringify(begin.body)).toBe(200);
  expect(begin.body.data.options.rp).toEqual({ name: 'Fieldbook', id: 'localhost' });
  const response = authenticator.create(begin.body.data.options);
  const complete = await call('POST', '/api/Auth/WebAuthnRegisterComplete', {
    body: { challengeId: begin.body.data.challengeId, response, deviceName: 'Pixel 9' },
  });
  expect(complete.status, JSON.stringify(complete.body)).toBe(200);
  return complete.body.data;
}

async function loginWithPasskey(authenticator: SoftAuthenticator, deviceId = newDeviceId()) {
  const begin = await call('POST', '/api/Auth/WebAuthnLoginBegin', { deviceId });
  expect(begin.status).toBe(200);
  expect(begin.body.data.options.allowCredentials ?? []).toEqual([]);
  return call('POST', '/api/Auth/WebAuthnLoginComplete', {
    deviceId,
    body: { challengeId: begin.body.data.challengeId, response: authenticator.get(begin.body.data.options) },
  });
}

describe('passkeys', () => {
  it('signs up with a passkey instead of a password and signs in with it, no e-mail typed', async () => {
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    const session = await signUpWithPasskey(authenticator);
    expect(session.roles).toEqual(['Owner']);
    const login = await loginWithPasskey(authenticator);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.id).toBe(session.id);
  });

  it('refuses a challenge used twice, a foreign origin and an unknown key', async () => {
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    await signUpWithPasskey(authenticator);
    const begin = await call('POST', '/api/Auth/WebAuthnLoginBegin');
    const response = authenticator.get(begin.body.data.options);
    expect((await call('POST', '/api/Auth/WebAuthnLoginComplete', { body: { challengeId: begin.body.data.challengeId, response } })).status).toBe(200);
    const replay = await call('POST', '/api/Auth/WebAuthnLoginComplete', { body: { challengeId: begin.body.data.challengeId, response } });
    expect(replay.status).toBe(400);
    expect(replay.body.errorMessages[0].code).toBe('PASSKEY_TIMEOUT');

    const phishing = new SoftAuthenticator('localhost', 'https://evil.example');
    const registerBegin = await call('POST', '/api/Auth/WebAuthnRegisterBegin', { body: { email: email(), tenantName: 'x', termsConfirmed: true } });
    const bad = await call('POST', '/api/Auth/WebAuthnRegisterComplete', {
      body: { challengeId: registerBegin.body.data.challengeId, response: phishing.create(registerBegin.body.data.options), deviceName: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessages[0].code).toBe('PASSKEY_INVALID');

    const stranger = new SoftAuthenticator('localhost', ORIGIN);
    stranger.create({ challenge: 'x', user: { id: Buffer.alloc(16, 7).toString('base64url') } });
    const unknownBegin = await call('POST', '/api/Auth/WebAuthnLoginBegin');
    const unknown = await call('POST', '/api/Auth/WebAuthnLoginComplete', {
      body: { challengeId: unknownBegin.body.data.challengeId, response: stranger.get(unknownBegin.body.data.options) },
    });
    expect(unknown.status).toBe(400);
  });

  it('adds, lists and deletes keys; the last key of an account without password stays', async () => {
    const phone = new SoftAuthenticator('localhost', ORIGIN);
    const session = await signUpWithPasskey(phone);
    const auth = { token: session.token };
    let keys = await call('GET', '/api/Auth/WebAuthnGetKeys', auth);
    expect(keys.body.data.items).toHaveLength(1);
    const only = keys.body.data.items[0];
    const last = await call('DELETE', '/api/Auth/WebAuthnDeleteKey', { ...auth, body: { id: only.id } });
    expect(last.status).toBe(409);

    const laptop = new SoftAuthenticator('localhost', ORIGIN);
    const begin = await call('POST', '/api/Auth/WebAuthnAddKeyBegin', { ...auth, body: {} });
    expect(begin.body.data.options.excludeCredentials).toHaveLength(1);
    const added = await call('POST', '/api/Auth/WebAuthnAddKeyComplete', {
      ...auth,
      body: { challengeId: begin.body.data.challengeId, response: laptop.create(begin.body.data.options), deviceName: 'MacBook' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.deviceName).toBe('MacBook');
    keys = await call('GET', '/api/Auth/WebAuthnGetKeys', auth);
    expect(keys.body.data.items.map((k: { deviceName: string }) => k.deviceName).sort()).toEqual(['MacBook', 'Pixel 9']);
    expect((await call('DELETE', '/api/Auth/WebAuthnDeleteKey', { ...auth, body: { id: only.id } })).status).toBe(200);
    expect((await loginWithPasskey(laptop)).status).toBe(200);
    expect((await call('DELETE', '/api/Auth/WebAuthnDeleteKey', { ...auth, body: { id: only.id } })).status).toBe(404);
  });

  it('refuses to register the same key twice, and key calls of signed-out callers', async () => {
    const phone = new SoftAuthenticator('localhost', ORIGIN);
    const session = await signUpWithPasskey(phone);
    const begin = await call('POST', '/api/Auth/WebAuthnAddKeyBegin', { token: session.token, body: {} });
    const again = phone.create(begin.body.data.options, { reuse: phone.credentialIds[0] });
    const duplicate = await call('POST', '/api/Auth/WebAuthnAddKeyComplete', {
      token: session.token,
      body: { challengeId: begin.body.data.challengeId, response: again, deviceName: 'x' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errorMessages[0]).toEqual({ code: 'PASSKEY_EXISTS', message: 'Dieser Passkey ist bereits registriert.' });
    expect((await call('GET', '/api/Auth/WebAuthnGetKeys', { token: session.token })).body.data.items).toHaveLength(1);
    expect((await call('GET', '/api/Auth/WebAuthnGetKeys')).status).toBe(401);
    expect((await call('POST', '/api/Auth/WebAuthnAddKeyBegin', { body: {} })).status).toBe(401);
  });
});
