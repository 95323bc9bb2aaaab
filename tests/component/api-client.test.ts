import { i18n } from '@lingui/core';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authSignIn, customersGetAll } from '../../generated/api/sdk.gen';
import {
  ApiError,
  GENERIC_400_MESSAGE,
  GENERIC_STATUS_MESSAGE,
  RefreshTokenError,
  UNPARSABLE_MESSAGE,
  apiErrorFromResponse,
  isAbortError,
} from '../../src/lib/api-error';
import { describeApiError } from '../../src/lib/error-messages';
import { activateLocale } from '../../src/lib/i18n';
import { notifyError } from '../../src/lib/query-client';
import { onLicenseExpired } from '../../src/lib/license-expired';
import { getSession, reloadSession } from '../../src/lib/session';
import { authSession, page } from './contract-data';
import { envelope, errorEnvelope, failure, inTurn, offline, serveContract, unchecked, type ContractServer } from './contract-server';
import { inOneHour, injectSession, makeJwt } from './helpers';

const emptyPage = page([], { pageSize: 10 });
const pageOfCustomers = envelope(emptyPage);
const customersQuery = { query: { page: 1, pageSize: 10, isDescending: false } };

let server: ContractServer;
const operations = () => server.calls().map((c) => c.operationId);

beforeEach(async () => {
  await activateLocale('en');
  reloadSession();
  server = serveContract();
});

describe('error mapping', () => {
  it('turns an envelope into an ApiError with codes, messages and field errors', () => {
    const body = errorEnvelope('VALIDATION_ERROR', 'Email is invalid', { errors: { email: ['Email is invalid'] } });
    const response = new Response(null, { status: 400, headers: { 'X-Request-Id': 'r1' } });
    const error = apiErrorFromResponse(body, response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.codes).toEqual(['VALIDATION_ERROR']);
    expect(error.message).toBe('Email is invalid');
    expect(error.fieldErrors).toEqual({ email: ['Email is invalid'] });
    expect(error.result).toBe(body);
    expect(error.response).toBe(response);
    expect(error.headers?.get('X-Request-Id')).toBe('r1');
    expect(error.isBusinessError).toBe(true);
  });

  it('gives 400 without a body the generic server-side message', () => {
    const error = apiErrorFromResponse('', new Response(null, { status: 400 }));
    expect(error.message).toBe(GENERIC_400_MESSAGE);
    expect(error.codes).toEqual(['UNEXPECTED_ERROR']);
    expect(error.isBusinessError).toBe(false);
  });

  it('gives any other status without an envelope the unexpected server error, keeping the body', () => {
    const error = apiErrorFromResponse('<html>Bad gateway</html>', new Response(null, { status: 502 }));
    expect(error.message).toBe(GENERIC_STATUS_MESSAGE);
    expect(error.status).toBe(502);
    expect(error.result).toBe('<html>Bad gateway</html>');
    expect(error.isBusinessError).toBe(false);
  });

  it('throws an ApiError from a generated call that answers with an envelope (e.g. 501)', async () => {
    server.use({ authSignIn: failure(501, 'FEATURE_NOT_IMPLEMENTED', 'SignIn is not built yet.') });
    const call = authSignIn({ body: { userNameOrEmail: 'anna', password: 'secret' } });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await call.catch((error: ApiError) => {
      expect(error.status).toBe(501);
      expect(error.codes).toEqual(['FEATURE_NOT_IMPLEMENTED']);
      // The server words its answers: its message is shown, not the app's text of the code.
      expect(describeApiError(i18n, error)).toEqual(['SignIn is not built yet.']);
    });
  });

  it('falls back to the app\'s text of the code when the envelope carries no message', async () => {
    server.use({ authSignIn: failure(501, 'FEATURE_NOT_IMPLEMENTED', '') });
    const error = (await authSignIn({ body: { userNameOrEmail: 'anna', password: 'secret' } }).catch((e: unknown) => e)) as ApiError;
    expect(describeApiError(i18n, error)).toEqual(['This feature is not available yet.']);
  });

  it('maps an unparsable success answer to UNEXPECTED_ERROR', async () => {
    injectSession();
    server.use({ customersGetAll: unchecked(200, '{"isSuccess": tru') });
    const error = await customersGetAll(customersQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(UNPARSABLE_MESSAGE);
    expect((error as ApiError).codes).toEqual(['UNEXPECTED_ERROR']);
  });

  it('maps a network failure to UNEXPECTED_ERROR', async () => {
    injectSession();
    server.use({ customersGetAll: offline() });
    const error = await customersGetAll(customersQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe(UNPARSABLE_MESSAGE);
  });
});

describe('request handling', () => {
  it('sends the device id and the bearer token', async () => {
    const token = injectSession();
    server.use({ customersGetAll: emptyPage });
    await customersGetAll(customersQuery);
    const { request } = server.calls()[0];
    expect(request.headers.get('X-Device-Id')).toMatch(/^backoffice_/);
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Accept-Language')).toBe('en');
  });

  it('refreshes an expired token before the call and stores the new token set', async () => {
    injectSession({ exp: 1_000, refreshToken: 'rt_old-refresh-token' });
    const fresh = makeJwt({ exp: inOneHour(), role: ['Manager'], tenantId: 'tenant-1' });
    server.use({ authRefreshToken: authSession(fresh, { refreshToken: 'rt_new-refresh-token' }), customersGetAll: emptyPage });

    await customersGetAll(customersQuery);

    expect(operations()).toEqual(['authRefreshToken', 'customersGetAll']);
    const [refresh, call] = server.calls();
    expect(refresh.url.pathname).toBe('/api/Auth/RefreshToken');
    expect(refresh.body).toEqual({ token: 'rt_old-refresh-token' });
    expect(call.request.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getSession().token).toBe(fresh);
    expect(getSession().refreshToken).toBe('rt_new-refresh-token');
  });

  it('fails with "Unable to refresh tokenset" and clears the session when the refresh fails', async () => {
    injectSession({ exp: 1_000 });
    server.use({ authRefreshToken: failure(401, 'TOKEN_INVALID', 'Spent') });
    const error = await customersGetAll(customersQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshTokenError);
    expect((error as Error).message).toBe('Unable to refresh tokenset');
    expect(getSession().token).toBeNull();
    expect(operations()).toEqual(['authRefreshToken']);
  });

  it('after a 401 of a signed-in call refreshes once and sends the call again', async () => {
    injectSession({ refreshToken: 'rt_first-refresh-token' });
    const fresh = makeJwt({ exp: inOneHour(), role: ['Manager'], tenantId: 'tenant-1' });
    server.use({
      customersGetAll: inTurn(failure(401, 'TOKEN_INVALID', 'Refused'), emptyPage),
      authRefreshToken: authSession(fresh, { refreshToken: 'rt_second-refresh-token' }),
    });
    const { data } = await customersGetAll(customersQuery);
    expect(data).toEqual(pageOfCustomers);
    expect(operations()).toEqual(['customersGetAll', 'authRefreshToken', 'customersGetAll']);
    const retried = server.calls()[2];
    expect(retried.url.pathname).toBe('/api/Customers/GetAll');
    expect(retried.request.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getSession().refreshToken).toBe('rt_second-refresh-token');
  });

  it('ends the session when a 401 cannot be cured by a refresh', async () => {
    injectSession({ refreshToken: 'rt_first-refresh-token' });
    server.use({
      customersGetAll: failure(401, 'TOKEN_INVALID', 'Session ended'),
      authRefreshToken: failure(401, 'TOKEN_INVALID', 'Session ended'),
    });
    const error = await customersGetAll(customersQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshTokenError);
    expect(getSession().token).toBeNull();
    expect(operations()).toEqual(['customersGetAll', 'authRefreshToken']);
  });

  it('does not retry a 401 of a call without a session (e.g. a wrong sign-in)', async () => {
    server.use({ authSignIn: failure(401, 'INVALID_CREDENTIALS', 'No') });
    const error = await authSignIn({ body: { userNameOrEmail: 'anna', password: 'falsch' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(operations()).toEqual(['authSignIn']);
  });

  it('reports NO_ACTIVE_LICENSE_MANAGER_TRIAL of any call with the checkout url and the role', async () => {
    injectSession();
    const seen: unknown[] = [];
    const stop = onLicenseExpired((search) => seen.push(search));
    server.use({ customersGetAll: failure(403, 'NO_ACTIVE_LICENSE_MANAGER_TRIAL', 'Trial ended', { meta: { checkoutUrl: 'https://pay.example/c/1' } }) });
    await customersGetAll(customersQuery).catch(() => undefined);
    stop();
    expect(seen).toEqual([{ reason: 'trial', role: 'Manager', checkoutUrl: 'https://pay.example/c/1' }]);
  });

  it('reports NO_LICENSE of any call as a missing license of this member, without a toast', async () => {
    injectSession();
    const seen: unknown[] = [];
    const stop = onLicenseExpired((search) => seen.push(search));
    server.use({ customersGetAll: failure(403, 'NO_LICENSE', 'No license') });
    await customersGetAll(customersQuery).catch(() => undefined);
    stop();
    expect(seen).toEqual([{ reason: 'license' }]);
  });

  it('stores a refresh token found in any JSON answer', async () => {
    injectSession({ refreshToken: 'rt_old-refresh-token' });
    server.use({ authSignIn: authSession(makeJwt({ exp: inOneHour() }), { refreshToken: 'rt_new-refresh-token' }) });
    await authSignIn({ body: { userNameOrEmail: 'anna', password: 'geheim123' } });
    expect(getSession().refreshToken).toBe('rt_new-refresh-token');
  });
});

describe('signed out', () => {
  it('does not send a signed-in call without a session: it fails locally as aborted, no 401 is earned', async () => {
    // No session at all (after sign-out); a background refresh of a list still asks.
    const error = await customersGetAll({ ...customersQuery, throwOnError: true }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(operations()).toEqual([]);
  });

  it('still sends the calls that need no session', async () => {
    server.use({ authSignIn: failure(401, 'INVALID_CREDENTIALS', 'No') });
    await authSignIn({ body: { userNameOrEmail: 'a@example.com', password: 'x' } }).catch(() => undefined);
    expect(operations()).toEqual(['authSignIn']);
  });
});

describe('error toasts', () => {
  it('shows business errors as "Failed" with the messages on separate lines, 5 s', () => {
    const show = vi.spyOn(notifications, 'show');
    const body = {
      ...errorEnvelope('ENTRY_LOCKED', 'locked'),
      errorMessages: [
        { code: 'ENTRY_LOCKED', message: 'locked' },
        { code: 'CUSTOMER_ARCHIVED', message: 'archived' },
      ],
    };
    notifyError(apiErrorFromResponse(body, new Response(null, { status: 409 })));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({
      title: 'Failed',
      color: 'red',
      autoClose: 5000,
      message: 'locked\narchived',
    });
  });

  it('shows anything else as "Unexpected error", 5 s', () => {
    const show = vi.spyOn(notifications, 'show');
    notifyError(new TypeError('boom'));
    expect(show.mock.calls[0][0]).toMatchObject({
      title: 'Unexpected error',
      autoClose: 5000,
      message: 'An unexpected error occurred.',
    });
  });

  it('shows no toast for NO_ACTIVE_LICENSE_MANAGER_TRIAL', () => {
    const show = vi.spyOn(notifications, 'show');
    notifyError(apiErrorFromResponse(errorEnvelope('NO_ACTIVE_LICENSE_MANAGER_TRIAL', 'Trial ended'), new Response(null, { status: 403 })));
    expect(show).not.toHaveBeenCalled();
  });

  it("translates the toast into German (the app's own text where the envelope has no message)", async () => {
    await activateLocale('de');
    const show = vi.spyOn(notifications, 'show');
    notifyError(apiErrorFromResponse(errorEnvelope('FEATURE_NOT_IMPLEMENTED', ''), new Response(null, { status: 501 })));
    expect(show.mock.calls[0][0]).toMatchObject({
      title: 'Fehlgeschlagen',
      message: 'Diese Funktion ist noch nicht verfügbar.',
    });
  });
});
