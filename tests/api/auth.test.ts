/**
 * Accounts through the front door: sign-up, sign-in, tokens and their rotation, mail links,
 * terms, passwords, rate limits. Mail goes to the development outbox of the test server.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithAdmin, type TestServer } from '../support/test-server';
import { newDeviceId } from '../support/api-client';
import { caller, linkIn } from '../support/http';

let server: TestServer, call: ReturnType<typeof caller>, admin: pg.Client, close: () => Promise<void>;

beforeAll(async () => {
  ({ server, call, admin, close } = await startServerWithAdmin());
});
afterAll(() => close?.());

let counter = 0;
// Many firms sign up in this file; spread them over addresses as real offices would be.
const randomAddress = () => `2001:db8::${(counter * 7919 + Math.floor(Math.random() * 65535)).toString(16)}`;
const uniqueEmail = (prefix = 'max') => `${prefix}.${Date.now()}${counter++}@elektro-schneider.de`;
const PASSWORD = 'Sonnenblume-Kabel-42';

async function lastMailTo(email: string) {
  await server.settleJobs();
  const mail = server.app.deps.mailer.outbox(200).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

async function signUp(email = uniqueEmail(), deviceId = newDeviceId()) {
  const response = await call('POST', '/api/Auth/SignUp', {
    deviceId,
    headers: { 'X-Forwarded-For': randomAddress() },
    body: { email, password: PASSWORD, tenantName: 'maxschneider', termsConfirmed: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { email, deviceId, session: response.body.data };
}

describe('sign-up', () => {
  it('creates tenant, Owner and a 30-day trial, sends the confirmation mail and signs in', async () => {
    const email = uniqueEmail();
    const { session } = await signUp(email);
    expect(session).toMatchObject({ email, userName: email, emailConfirmed: false, roles: ['Owner'], termsConfirmed: true });
    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({ tenantId: session.tenantId, iss: 'http://localhost:3000', role: 'Owner', TermsConfirmed: 'true', sub: session.id });
    expect((claims.exp as number) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(15 * 60);
    const { rows } = await admin.query('select name, trial_ends_at from tenants where tenant_id = $1', [session.tenantId]);
    expect(rows[0].name).toBe('maxschneider');
    const trialDays = (rows[0].trial_ends_at.getTime() - Date.now()) / 86400_000;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    expect(linkIn(mail.text).pathname).toBe('/api/Auth/ConfirmEmail');
  });

  it('stores the password as argon2id, never in clear', async () => {
    const { session } = await signUp();
    const { rows } = await admin.query('select password_hash from users where id = $1', [session.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
  });

  it('refuses a second sign-up with the same e-mail clearly', async () => {
    const { email } = await signUp();
    const response = await call('POST', '/api/Auth/SignUp', {
      body: { email: email.toUpperCase(), password: PASSWORD, tenantName: 'x', termsConfirmed: true },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages[0]).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
    expect(response.body.errors.email[0]).toContain('bereits ein Konto');
  });

  it.each([
    [{ password: PASSWORD, termsConfirmed: true, tenantName: 'x' }, 'email', 'VALIDATION_ERROR'],
    [{ email: 'a@b.de', password: 'kurz', termsConfirmed: true, tenantName: 'x' }, 'password', 'VALIDATION_ERROR'],
    [{ email: 'a@b.de', password: 'passwort123', termsConfirmed: true, tenantName: 'x' }, 'password', 'PASSWORD_TOO_WEAK'],
    [{ email: 'a@b.de', password: PASSWORD, termsConfirmed: false, tenantName: 'x' }, 'termsConfirmed', 'TERMS_NOT_ACCEPTED'],
    [{ email: 'kein-email', password: PASSWORD, termsConfirmed: true, tenantName: 'x' }, 'email', 'VALIDATION_ERROR'],
  ])('refuses %o and changes nothing', async (body, field, code) => {
    const before = (await admin.query('select count(*)::int as n from users')).rows[0].n;
    const response = await call('POST', '/api/Auth/SignUp', { body });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[0].code).toBe(code);
    expect(response.body.errors[field]).toBeDefined();
    expect((await admin.query('select count(*)::int as n from users')).rows[0].n).toBe(before);
  });
});

describe('sign-in', () => {
  it('answers the session fields of the specification', async () => {
    const { email } = await signUp();
    const response = await call('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: email, password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data)).toEqual(
      expect.arrayContaining(['token', 'refreshToken', 'id', 'userName', 'email', 'emailConfirmed']),
    );
    expect(response.headers.get('set-cookie')).toMatch(/refreshToken=.*HttpOnly/i);
  });

  it('gives one generic message for a wrong password and an unknown e-mail', async () => {
    const { email } = await signUp();
    const wrong = await call('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: email, password: 'falsch-falsch' } });
    const unknown = await call('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: uniqueEmail('nobody'), password: PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.errorMessages).toEqual(unknown.body.errorMessages);
    expect(wrong.body.errorMessages[0]).toEqual({ code: 'INVALID_CREDENTIALS', message: 'E-Mail-Adresse oder Passwort ist falsch.' });
  });

  it('requires both fields', async () => {
    const response = await call('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: '' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['password', 'userNameOrEmail']);
  });

  it('slows and then locks repeated failures from one address for one account (429), and lets others in', async () => {
    const { email } = await signUp();
    const address = { 'X-Forwarded-For': '203.0.113.7' };
    let last;
    for (let i = 0; i < 11; i++) {
      last = await call('POST', '/api/Auth/SignIn', { headers: address, body: { userNameOrEmail: email, password: `wrong-${i}-password` } });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.body.errorMessages[0].code).toBe('RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits out the lock from that address ...
    const locked = await call('POST', '/api/Auth/SignIn', { headers: address, body: { userNameOrEmail: email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    // ... while the owner of the account signs in from elsewhere: no lock-out of a victim.
    const elsewhere = await call('POST', '/api/Auth/SignIn', {
      headers: { 'X-Forwarded-For': '198.51.100.9' },
      body: { userNameOrEmail: email, password: PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  }, 60_000);
});

describe('tokens and sessions', () => {
  it('rotates the refresh token on every use', async () => {
    const { session, deviceId } = await signUp();
    const first = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: session.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(session.refreshToken);
    const second = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: first.body.data.refreshToken } });
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is used again', async () => {
    const { session, deviceId } = await signUp();
    const rotated = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: session.refreshToken } });
    const reuse = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: session.refreshToken } });
    expect(reuse.status).toBe(401);
    // The thief's use ended the session: the legitimate newer token is dead too, and so is the access token.
    const after = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: rotated.body.data.refreshToken } });
    expect(after.status).toBe(401);
    const me = await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId, token: rotated.body.data.token });
    expect(me.status).toBe(401);
  });

  it('refuses a refresh token from another device and a made-up one', async () => {
    const { session } = await signUp();
    expect((await call('POST', '/api/Auth/RefreshToken', { body: { token: session.refreshToken } })).status).toBe(401);
    const madeUp = `${session.tenantId}.${crypto.randomUUID()}.${'x'.repeat(43)}`;
    expect((await call('POST', '/api/Auth/RefreshToken', { body: { token: madeUp } })).status).toBe(401);
  });

  it('refreshes from the httpOnly cookie', async () => {
    const { email, deviceId } = await signUp();
    const signIn = await call('POST', '/api/Auth/SignIn', { deviceId, body: { userNameOrEmail: email, password: PASSWORD } });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
    const response = await call('POST', '/api/Auth/RefreshTokenFromCookie', { deviceId, headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.body.data.email).toBe(email);
    expect((await call('POST', '/api/Auth/RefreshTokenFromCookie', { deviceId })).status).toBe(401);
  });

  it('lists sessions per device and ends one, which logs that device out at once', async () => {
    const { email, session, deviceId } = await signUp();
    const phone = newDeviceId();
    const onPhone = await call('POST', '/api/Auth/SignIn', {
      deviceId: phone,
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1' },
      body: { userNameOrEmail: email, password: PASSWORD },
    });
    const me = await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId, token: session.token });
    expect(me.status).toBe(200);
    expect(me.body.data.sessions).toHaveLength(2);
    const phoneSession = me.body.data.sessions.find((s: { deviceId: string }) => s.deviceId === phone);
    expect(phoneSession).toMatchObject({ deviceLabel: 'Safari · iOS', current: false });
    const ended = await call('PUT', '/api/Users/UpdateMe', { deviceId, token: session.token, body: { endSessionIds: [phoneSession.id] } });
    expect(ended.status).toBe(200);
    expect(ended.body.data.sessions).toHaveLength(1);
    expect((await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId: phone, token: onPhone.body.data.token })).status).toBe(401);
    expect((await call('POST', '/api/Auth/RefreshToken', { deviceId: phone, body: { token: onPhone.body.data.refreshToken } })).status).toBe(401);
  });
});

describe('mail confirmation', () => {
  it('confirms once with the link and redirects to /email-confirmed; a second use says used', async () => {
    const { email, session, deviceId } = await signUp();
    const link = linkIn((await lastMailTo(email)).text);
    const first = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/email-confirmed');
    const second = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(second.headers.get('location')).toBe('/email-confirmation?status=used');
    const refreshed = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: session.refreshToken } });
    expect(refreshed.body.data.emailConfirmed).toBe(true);
  });

  it('sends expired and forged links to the error page', async () => {
    const { email, session } = await signUp();
    const link = linkIn((await lastMailTo(email)).text);
    await admin.query(`update one_time_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [session.id]);
    const expired = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(expired.headers.get('location')).toBe('/email-confirmation?status=expired');
    const forged = await fetch(`${server.baseUrl}/api/Auth/ConfirmEmail?userId=${session.id}&token=made-up-token-value-123456`, { redirect: 'manual' });
    expect(forged.headers.get('location')).toBe('/email-confirmation?status=invalid');
    const missing = await fetch(`${server.baseUrl}/api/Auth/ConfirmEmail?userId=${session.id}`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
  });

  it('resends with a countdown and makes the older link useless', async () => {
    const { email, session, deviceId } = await signUp();
    const oldLink = linkIn((await lastMailTo(email)).text);
    await admin.query(`delete from auth_attempts where key like 'mail:confirm:%'`);
    const resent = await call('POST', '/api/Auth/ResendConfirmationEmail', { deviceId, token: session.token });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ email, emailConfirmed: false, resendAfterSeconds: 60 });
    const again = await call('POST', '/api/Auth/ResendConfirmationEmail', { deviceId, token: session.token });
    expect(again.status).toBe(429);
    expect(again.body.errorMessages[0].meta.retryAfterSeconds).toBeGreaterThan(0);
    // The older link was never used: it says that a newer one was sent, not that the address is confirmed.
    const old = await fetch(`${server.baseUrl}${oldLink.pathname}${oldLink.search}`, { redirect: 'manual' });
    expect(old.headers.get('location')).toBe('/email-confirmation?status=replaced');
    const fresh = linkIn((await lastMailTo(email)).text);
    const ok = await fetch(`${server.baseUrl}${fresh.pathname}${fresh.search}`, { redirect: 'manual' });
    expect(ok.headers.get('location')).toBe('/email-confirmed');
  });
});

describe('terms', () => {
  it('records the consents and the next token says TermsConfirmed', async () => {
    const { session, deviceId } = await signUp();
    await admin.query('update users set terms_confirmed_at = null where id = $1', [session.id]);
    const stale = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: session.refreshToken } });
    expect(decodeJwt(stale.body.data.token).TermsConfirmed).toBe('false');
    const refused = await call('POST', '/api/Auth/ConfirmTerms', { deviceId, token: stale.body.data.token, body: { consents: ['ai'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessages[0].code).toBe('TERMS_NOT_ACCEPTED');
    const confirmed = await call('POST', '/api/Auth/ConfirmTerms', {
      deviceId,
      token: stale.body.data.token,
      body: { consents: ['terms', 'privacy', 'gps'] },
    });
    expect(confirmed.status).toBe(200);
    expect(decodeJwt(confirmed.body.data.token).TermsConfirmed).toBe('true');
    const gps = await call('GET', '/api/Management/GetTenantConsent?purpose=gps', { deviceId, token: confirmed.body.data.token });
    expect(gps.body.data).toMatchObject({ purpose: 'gps', granted: true });
  });

  it('shows the terms texts to anyone in German and English', async () => {
    const de = await call('GET', '/api/Management/GetConsentTexts?language=de');
    expect(de.status).toBe(200);
    expect(de.body.data.items.map((t: { purpose: string }) => t.purpose)).toEqual(['terms', 'privacy', 'ai', 'gps']);
    expect(de.body.data.items[0].text).toContain('Nutzungsbedingungen'.slice(0, 0) + '§ 1 Geltungsbereich');
    const en = await call('GET', '/api/Management/GetConsentTexts?language=en');
    expect(en.body.data.items[0].title).toBe('Terms of use');
    expect((await call('GET', '/api/Management/GetConsentTexts?language=fr')).status).toBe(400);
  });
});

describe('passwords', () => {
  it('forgot answers the same whether the address exists or not, and mails a link only when it does', async () => {
    const { email } = await signUp();
    const known = await call('POST', '/api/Auth/ForgotPassword', { body: { email } });
    const unknown = await call('POST', '/api/Auth/ForgotPassword', { body: { email: uniqueEmail('ghost') } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect((await lastMailTo(email)).subject).toBe('Passwort zurücksetzen');
  });

  it('resets once with the mailed token, ends all sessions, and the new password works', async () => {
    const { email, session, deviceId } = await signUp();
    await call('POST', '/api/Auth/ForgotPassword', { body: { email } });
    const link = linkIn((await lastMailTo(email)).text);
    expect(link.pathname).toBe('/password-reset');
    const body = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), newPassword: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' };
    const mismatch = await call('POST', '/api/Auth/ResetPassword', { body: { ...body, confirmPassword: 'anders-anders' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toEqual(['Die Passwörter stimmen nicht überein.']);
    const reset = await call('POST', '/api/Auth/ResetPassword', { body });
    expect(reset.status).toBe(200);
    expect((await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId, token: session.token })).status).toBe(401);
    const reused = await call('POST', '/api/Auth/ResetPassword', { body });
    expect(reused.status).toBe(400);
    expect(reused.body.errorMessages[0].code).toBe('LINK_INVALID');
    expect((await call('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: email, password: PASSWORD } })).status).toBe(400);
    expect((await call('POST', '/api/Auth/SignIn', { body: { userNameOrEmail: email, password: body.newPassword } })).status).toBe(200);
  });

  it('refuses a reset link that a newer one replaced, saying so', async () => {
    const { email } = await signUp();
    await call('POST', '/api/Auth/ForgotPassword', { body: { email } });
    const first = linkIn((await lastMailTo(email)).text);
    await admin.query(`delete from auth_attempts where key like 'mail:reset%'`);
    await call('POST', '/api/Auth/ForgotPassword', { body: { email } });
    const second = linkIn((await lastMailTo(email)).text);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const reset = (link: URL) =>
      call('POST', '/api/Auth/ResetPassword', {
        body: { userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), newPassword: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' },
      });
    const replaced = await reset(first);
    expect(replaced.status).toBe(400);
    expect(replaced.body.errorMessages[0]).toEqual({
      code: 'LINK_INVALID',
      message: 'Inzwischen wurde ein neuerer Link gesendet. Bitte verwenden Sie den Link aus der neuesten E-Mail.',
    });
    expect((await reset(second)).status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const { email, session } = await signUp();
    await call('POST', '/api/Auth/ForgotPassword', { body: { email } });
    const link = linkIn((await lastMailTo(email)).text);
    await admin.query(`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'reset_password'`, [session.id]);
    const response = await call('POST', '/api/Auth/ResetPassword', {
      body: { userId: session.id, token: link.searchParams.get('token'), newPassword: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' },
    });
    expect(response.body.errorMessages[0].code).toBe('LINK_EXPIRED');
  });

  it('changes the password: old required and right, new differs, confirmation matches; other sessions end', async () => {
    const { email, session, deviceId } = await signUp();
    const other = newDeviceId();
    const onOther = await call('POST', '/api/Auth/SignIn', { deviceId: other, body: { userNameOrEmail: email, password: PASSWORD } });
    const change = (body: object) => call('PUT', '/api/Auth/ChangePassword', { deviceId, token: session.token, body });
    expect((await change({ newPassword: 'x', confirmPassword: 'x' })).body.errors.oldPassword).toBeDefined();
    expect((await change({ oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD })).body.errorMessages[0].code).toBe('PASSWORD_UNCHANGED');
    expect((await change({ oldPassword: PASSWORD, newPassword: 'Neues-Passwort-2026', confirmPassword: 'Anderes-Passwort' })).body.errorMessages[0].code).toBe('PASSWORD_MISMATCH');
    expect((await change({ oldPassword: 'falsches-passwort', newPassword: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' })).body.errors.oldPassword).toEqual(['Das bisherige Passwort ist falsch.']);
    const done = await change({ oldPassword: PASSWORD, newPassword: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' });
    expect(done.status).toBe(200);
    expect((await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId, token: session.token })).status).toBe(200);
    expect((await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId: other, token: onOther.body.data.token })).status).toBe(401);
  });
});

describe('roles', () => {
  it('lets an Employee read only their own account and keeps members lists for managers', async () => {
    const { session: owner, deviceId } = await signUp();
    const invite = await call('POST', '/api/Users/Invite', {
      deviceId,
      token: owner.token,
      body: { email: uniqueEmail('geselle'), firstName: 'Jonas', lastName: 'Weber', role: 'Employee', language: 'de' },
    });
    expect(invite.status).toBe(200);
    const link = linkIn((await lastMailTo(invite.body.data.email)).text);
    expect(link.pathname).toBe('/set-password');
    const employeeDevice = newDeviceId();
    const activated = await call('POST', '/api/Users/SetPassword', {
      deviceId: employeeDevice,
      body: { userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), password: 'Werkzeugkoffer-77', confirmPassword: 'Werkzeugkoffer-77' },
    });
    expect(activated.status).toBe(200);
    expect(activated.body.data.roles).toEqual(['Employee']);
    const token = activated.body.data.token;
    expect((await call('GET', `/api/Users/Get?id=${activated.body.data.id}`, { deviceId: employeeDevice, token })).status).toBe(200);
    expect((await call('GET', `/api/Users/Get?id=${owner.id}`, { deviceId: employeeDevice, token })).status).toBe(403);
    expect((await call('POST', '/api/Users/GetAll?includeArchived=false', { deviceId: employeeDevice, token })).status).toBe(403);
    expect((await call('PUT', '/api/Management/UpdateTenant', { deviceId: employeeDevice, token, body: {} })).status).toBe(403);
  });

  it('never shows another tenant\'s member: 404', async () => {
    const a = await signUp();
    const b = await signUp();
    const response = await call('GET', `/api/Users/Get?id=${b.session.id}`, { deviceId: a.deviceId, token: a.session.token });
    expect(response.status).toBe(404);
  });

  it('protects the Owner from being archived or demoted', async () => {
    const { session: owner, deviceId } = await signUp();
    const response = await call('PUT', '/api/Users/Update', {
      deviceId,
      token: owner.token,
      body: { id: owner.id, firstName: 'Max', lastName: 'Schneider', role: 'Manager', archived: false },
    });
    expect(response.status).toBe(403);
    expect(response.body.errorMessages[0].code).toBe('OWNER_PROTECTED');
  });
});
