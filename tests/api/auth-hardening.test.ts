/**
 * Attacks on sign-in and links, each kept as a test: one-time links used by parallel requests, a
 * refresh token presented from a foreign device, archived members, guesses from many addresses,
 * account enumeration through sign-up and forgot-password, and a security-definer function the
 * app role must not call.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithAdmin, type TestServer } from '../support/test-server';
import { newDeviceId } from '../support/api-client';
import { caller, linkIn } from '../support/http';
import { SoftAuthenticator } from '../support/soft-authenticator';

let server: TestServer, call: ReturnType<typeof caller>, admin: pg.Client, close: () => Promise<void>;

beforeAll(async () => {
  ({ server, call, admin, close } = await startServerWithAdmin());
});
afterAll(() => close?.());

let counter = 0;
const nextAddress = () => `2001:db8:77::${(++counter).toString(16)}`;
const uniqueEmail = (prefix = 'meisterin') => `${prefix}.${Date.now()}${counter++}@sanitaer-krause.de`;
const PASSWORD = 'Rohrzange-Muffe-93';
const from = (address: string) => ({ 'X-Forwarded-For': address });

async function mailsTo(email: string) {
  await server.settleJobs();
  return server.app.deps.mailer.outbox(500).filter((m) => m.to === email);
}

async function signUp(email = uniqueEmail(), deviceId = newDeviceId()) {
  const response = await call('POST', '/api/Auth/SignUp', {
    deviceId,
    headers: from(nextAddress()),
    body: { email, password: PASSWORD, tenantName: 'krause', termsConfirmed: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { email, deviceId, session: response.body.data };
}

async function invite(owner: Awaited<ReturnType<typeof signUp>>) {
  const response = await call('POST', '/api/Users/Invite', {
    deviceId: owner.deviceId,
    token: owner.session.token,
    body: { email: uniqueEmail('azubi'), firstName: 'Lea', lastName: 'Krause', role: 'Employee', language: 'de' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const link = linkIn((await mailsTo(response.body.data.email))[0].text);
  return { email: response.body.data.email as string, userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! };
}

/**
 * Fires `n` requests while the user's row is locked, so that every request has read its link and
 * waits inside its transaction; then lets them go all at once. Without the lock, the password
 * hashing before each transaction spreads the requests out and hides the race.
 */
async function raceBehindUserLock<T>(userId: string, n: number, fire: () => Promise<T>): Promise<T[]> {
  const holder = new pg.Client({ connectionString: server.adminUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from users where id = $1 for update', [userId]);
    const answers = Promise.all(Array.from({ length: n }, fire));
    await expect
      .poll(async () => (await admin.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0].n, { timeout: 30_000, interval: 50 })
      .toBe(n);
    await holder.query('commit');
    return await answers;
  } finally {
    await holder.end();
  }
}

const sessionsOf = async (userId: string) =>
  (await admin.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [userId])).rows[0].n;

describe('one-time links used by parallel requests', () => {
  it('an invitation link opens exactly one session, however many requests race with it', async () => {
    const owner = await signUp();
    const link = await invite(owner);
    const body = { userId: link.userId, token: link.token, password: 'Werkbank-Hobel-51', confirmPassword: 'Werkbank-Hobel-51' };
    const answers = await raceBehindUserLock(link.userId, 4, () => call('POST', '/api/Users/SetPassword', { body }));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.body.errorMessages[0].code).toBe('LINK_INVALID');
    }
    expect(await sessionsOf(link.userId)).toBe(1);
  });

  it('a password-reset link resets once', async () => {
    const { email, session } = await signUp();
    const forgot = await call('POST', '/api/Auth/ForgotPassword', { headers: from(nextAddress()), body: { email } });
    expect(forgot.status).toBe(200);
    const link = linkIn((await mailsTo(email)).find((m) => m.subject === 'Passwort zurücksetzen')!.text);
    const body = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), newPassword: 'Neue-Leitung-2026', confirmPassword: 'Neue-Leitung-2026' };
    const answers = await raceBehindUserLock(session.id, 4, () => call('POST', '/api/Auth/ResetPassword', { body }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const used = await admin.query('select count(*)::int as n from one_time_tokens where user_id = $1 and purpose = $2 and used_at is not null', [session.id, 'reset_password']);
    expect(used.rows[0].n).toBe(1);
  });

  it('a mail-confirmation link confirms once; the others are told it was used', async () => {
    const { email, session } = await signUp();
    const link = linkIn((await mailsTo(email))[0].text);
    const answers = await raceBehindUserLock(session.id, 4, () => fetch(`${server.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' }));
    const locations = answers.map((a) => a.headers.get('location')).sort();
    expect(locations).toEqual(['/email-confirmation?status=used', '/email-confirmation?status=used', '/email-confirmation?status=used', '/email-confirmed']);
  });
});

describe('refresh tokens', () => {
  it('refuses a token from a foreign device without spending it: the owner keeps the session', async () => {
    const { session, deviceId } = await signUp();
    const stolen = await call('POST', '/api/Auth/RefreshToken', { deviceId: newDeviceId(), body: { token: session.refreshToken } });
    expect(stolen.status).toBe(401);
    expect(stolen.body.errorMessages[0].code).toBe('TOKEN_INVALID');
    const own = await call('POST', '/api/Auth/RefreshToken', { deviceId, body: { token: session.refreshToken } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await call('GET', `/api/Users/Get?id=${session.id}`, { deviceId, token: own.body.data.token })).status).toBe(200);
  });
});

describe('archived members', () => {
  it('get USER_ARCHIVED on sign-in with the right password and on refresh; a wrong password stays generic', async () => {
    const owner = await signUp();
    const link = await invite(owner);
    const memberDevice = newDeviceId();
    const activated = await call('POST', '/api/Users/SetPassword', {
      deviceId: memberDevice,
      body: { userId: link.userId, token: link.token, password: 'Werkbank-Hobel-51', confirmPassword: 'Werkbank-Hobel-51' },
    });
    expect(activated.status).toBe(200);
    await admin.query('update users set archived = true where id = $1', [link.userId]);

    const signIn = await call('POST', '/api/Auth/SignIn', { headers: from(nextAddress()), body: { userNameOrEmail: link.email, password: 'Werkbank-Hobel-51' } });
    expect(signIn.status).toBe(403);
    expect(signIn.body.errorMessages[0]).toEqual({ code: 'USER_ARCHIVED', message: 'Dieses Konto ist archiviert. Bitte wenden Sie sich an Ihre Firma.' });
    const wrong = await call('POST', '/api/Auth/SignIn', { headers: from(nextAddress()), body: { userNameOrEmail: link.email, password: 'falsch-falsch-falsch' } });
    expect(wrong.body.errorMessages[0].code).toBe('INVALID_CREDENTIALS');

    const refresh = await call('POST', '/api/Auth/RefreshToken', { deviceId: memberDevice, language: 'en', body: { token: activated.body.data.refreshToken } });
    expect(refresh.status).toBe(403);
    expect(refresh.body.errorMessages[0]).toEqual({ code: 'USER_ARCHIVED', message: 'This account is archived. Please contact your firm.' });
  });
});

describe('sign-in throttling per account', () => {
  it('caps guesses from many addresses at once, answers 429 with Retry-After, and the owner still gets in from a known device and with a passkey', async () => {
    const authenticator = new SoftAuthenticator('localhost', 'http://localhost:3000');
    const owner = await signUp();
    const begin = await call('POST', '/api/Auth/WebAuthnAddKeyBegin', { deviceId: owner.deviceId, token: owner.session.token, body: {} });
    expect(begin.status, JSON.stringify(begin.body)).toBe(200);
    const added = await call('POST', '/api/Auth/WebAuthnAddKeyComplete', {
      deviceId: owner.deviceId,
      token: owner.session.token,
      body: { challengeId: begin.body.data.challengeId, response: authenticator.create(begin.body.data.options), deviceName: 'Laptop' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // 40 guesses at once, each from its own address and device: far below every per-address cap.
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('POST', '/api/Auth/SignIn', { headers: from(nextAddress()), body: { userNameOrEmail: owner.email, password: `rate-mal-${i}-passwort` } }),
      ),
    );
    const refused = guesses.filter((g) => g.status === 429);
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(20);
    expect(refused).toHaveLength(20);
    expect(refused[0].body.errorMessages[0].code).toBe('RATE_LIMITED');
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0].body.errorMessages[0].meta.retryAfterSeconds).toBe(Number(refused[0].headers.get('retry-after')));

    // The right password from an unknown device waits too: the cap does not tell guesses apart.
    const stranger = await call('POST', '/api/Auth/SignIn', { headers: from(nextAddress()), body: { userNameOrEmail: owner.email, password: PASSWORD } });
    expect(stranger.status).toBe(429);
    // The owner's own device, which has held a session of the account, is not locked out ...
    const known = await call('POST', '/api/Auth/SignIn', { deviceId: owner.deviceId, headers: from(nextAddress()), body: { userNameOrEmail: owner.email, password: PASSWORD } });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    // ... and neither is the passkey.
    const loginBegin = await call('POST', '/api/Auth/WebAuthnLoginBegin');
    const passkey = await call('POST', '/api/Auth/WebAuthnLoginComplete', {
      body: { challengeId: loginBegin.body.data.challengeId, response: authenticator.get(loginBegin.body.data.options) },
    });
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(200);
  }, 120_000);

  it('keeps its count in PostgreSQL, so a second server process sees it', async () => {
    const owner = await signUp();
    await admin.query(`insert into auth_attempts (key, failures, window_started_at) values ($1, 20, now())`, [`signin:account:${owner.email}`]);
    const response = await call('POST', '/api/Auth/SignIn', { headers: from(nextAddress()), body: { userNameOrEmail: owner.email, password: PASSWORD } });
    expect(response.status).toBe(429);
  });
});

describe('account enumeration', () => {
  it('forgot-password answers the same for known and unknown addresses and mails only the known one', async () => {
    const { email } = await signUp();
    const ghost = uniqueEmail('ghost');
    const known = await call('POST', '/api/Auth/ForgotPassword', { headers: from(nextAddress()), body: { email } });
    const unknown = await call('POST', '/api/Auth/ForgotPassword', { headers: from(nextAddress()), body: { email: ghost } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await expect.poll(async () => (await mailsTo(email)).some((m) => m.subject === 'Passwort zurücksetzen')).toBe(true);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('sign-up with a taken address tells the owner by mail, creates nothing and does the same hashing work', async () => {
    const { email } = await signUp();
    const before = (await admin.query('select count(*)::int as n from tenants')).rows[0].n;
    const again = await call('POST', '/api/Auth/SignUp', {
      headers: from(nextAddress()),
      body: { email: email.toUpperCase(), password: 'Anderes-Passwort-77', tenantName: 'fremd', termsConfirmed: true },
    });
    expect(again.status).toBe(409);
    expect(again.body.errorMessages[0].code).toBe('EMAIL_ALREADY_REGISTERED');
    expect((await admin.query('select count(*)::int as n from tenants')).rows[0].n).toBe(before);
    const notice = (await mailsTo(email)).find((m) => m.subject === 'Jemand wollte sich mit Ihrer Adresse registrieren');
    expect(notice?.text).toContain('http://localhost:3000/login');
    // A second try within the hour sends no second notice (no mail bombing through sign-up).
    await call('POST', '/api/Auth/SignUp', { headers: from(nextAddress()), body: { email, password: 'Anderes-Passwort-77', tenantName: 'fremd', termsConfirmed: true } });
    expect((await mailsTo(email)).filter((m) => m.subject === notice!.subject)).toHaveLength(1);
  });
});

describe('the app role', () => {
  it('cannot remove entries of the account directory: auth_remove_account is gone', async () => {
    const { session } = await signUp();
    const appRole = new pg.Client({ connectionString: server.database.pool.options.connectionString });
    await appRole.connect();
    try {
      await expect(appRole.query('select auth_remove_account($1)', [session.id])).rejects.toThrow(/auth_remove_account/);
    } finally {
      await appRole.end();
    }
    const entry = await admin.query('select count(*)::int as n from account_directory where user_id = $1', [session.id]);
    expect(entry.rows[0].n).toBe(1);
  });
});
