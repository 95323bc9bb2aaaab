/**
 * What every API call goes through: device id header, bearer token, a refresh
 * before a call with an expired token, one refresh and retry after a 401 of a signed-in call (the
 * session ends when that fails), capture of any refresh token in a JSON answer, the error mapping
 * (src/lib/api-error.ts), and the report of `NO_ACTIVE_LICENSE_MANAGER_TRIAL`
 * (src/lib/license-expired.ts). Kept apart from the generated client so it can be tested without it;
 * src/lib/api-client.ts registers these on the generated client.
 */
import {
  ApiError,
  RefreshTokenError,
  UNPARSABLE_MESSAGE,
  apiErrorFromResponse,
  isAbortError,
  toApiError,
} from './api-error';
import { reportLicenseExpired } from './license-expired';
import { getStoredLocale } from './locale';
import { clearSession, getDeviceId, getSession, isTokenExpired, setRefreshToken, setTokens } from './session';

export const DEVICE_ID_HEADER = 'X-Device-Id';
const REFRESH_TOKEN_PATH = '/api/Auth/RefreshToken';

let refreshing: Promise<string> | null = null;

async function requestNewTokens(): Promise<string> {
  const { refreshToken } = getSession();
  if (!refreshToken) throw new RefreshTokenError();
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(REFRESH_TOKEN_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', [DEVICE_ID_HEADER]: getDeviceId() },
      body: JSON.stringify({ token: refreshToken }),
    });
    body = await response.json();
  } catch (error) {
    throw new RefreshTokenError(error);
  }
  const envelope = body as { isSuccess?: unknown; data?: { token?: unknown; refreshToken?: unknown } } | null;
  const token = envelope?.data?.token;
  if (!response.ok || envelope?.isSuccess !== true || typeof token !== 'string' || !token) {
    throw new RefreshTokenError(body);
  }
  const next = envelope.data?.refreshToken;
  setTokens(token, typeof next === 'string' && next ? next : null);
  return token;
}

/**
 * Refreshes the token set now, whether the access token is expired or not (after a 401, or to
 * read claims that changed on the server, e.g. a confirmed email). One refresh at a time, shared
 * by the calls that wait for it. On failure the session is cleared and `Unable to refresh
 * tokenset` thrown.
 */
export function refreshTokens(): Promise<string> {
  refreshing ??= requestNewTokens()
    .catch((error: unknown) => {
      clearSession('expired');
      throw error instanceof RefreshTokenError ? error : new RefreshTokenError(error);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Refreshes the token set when the access token is expired (see `refreshTokens`).
 * Returns the token to send, or null when nobody is signed in.
 */
export async function ensureFreshToken(): Promise<string | null> {
  const session = getSession();
  if (!session.token) return null;
  if (!isTokenExpired(session)) return session.token;
  return refreshTokens();
}

/** Copies of signed-in requests, kept until their answer, to send once more after a 401. */
const retryCopies = new WeakMap<Request, Request>();

function isRefreshCall(request: Request): boolean {
  return new URL(request.url, 'http://localhost').pathname === REFRESH_TOKEN_PATH;
}

/** The security requirements of a generated call (`bearer` for signed-in calls). */
type Security = readonly { type: string; scheme?: string }[] | undefined;

/**
 * Request interceptor: device id, language, fresh bearer token. A signed-in call made while nobody
 * is signed in (a background refresh after sign-out, a screen still unmounting) is not sent: it
 * fails locally as aborted, which nothing reports, instead of earning a 401.
 */
export async function onRequest(request: Request, security?: Security): Promise<Request> {
  request.headers.set(DEVICE_ID_HEADER, getDeviceId());
  if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', getStoredLocale());
  if (isRefreshCall(request)) return request;
  const token = await ensureFreshToken();
  if (!token && security?.some((s) => s.type === 'http' && s.scheme === 'bearer')) {
    return new Request(request, { signal: AbortSignal.abort() });
  }
  // The generated SDK sets Authorization on secured calls from `auth`; after a refresh it must
  // carry the new token.
  if (token && request.headers.has('Authorization')) {
    request.headers.set('Authorization', `Bearer ${token}`);
    retryCopies.set(request, request.clone());
  }
  return request;
}

/**
 * A 401 of a call that carried a token: the access token may have been refused before its expiry
 * (e.g. the clock of the device is wrong). Refresh once and send the call again; when the refresh
 * fails, the session is cleared (the layout then opens /login) and the refresh error thrown.
 */
async function retryAfterUnauthorized(response: Response, request: Request | undefined): Promise<Response> {
  const copy = request ? retryCopies.get(request) : undefined;
  if (response.status !== 401 || !copy || !request || isRefreshCall(request) || !getSession().token) return response;
  retryCopies.delete(request);
  const token = await refreshTokens();
  copy.headers.set('Authorization', `Bearer ${token}`);
  return fetch(copy);
}

function isJson(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return /[/+]json\b/i.test(type);
}

/**
 * Response interceptor: stores any refresh token found in a JSON answer; a success answer whose
 * JSON cannot be parsed becomes an UNEXPECTED_ERROR.
 */
export async function onResponse(first: Response, request?: Request): Promise<Response> {
  const response = await retryAfterUnauthorized(first, request);
  if (request) retryCopies.delete(request);
  if (!isJson(response) || response.status === 204) return response;
  const text = await response.clone().text();
  if (!text) return response;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (response.ok) {
      throw new ApiError({ message: UNPARSABLE_MESSAGE, status: response.status, response, result: text, cause: error });
    }
    return response;
  }
  const data = (body as { data?: { refreshToken?: unknown } } | null)?.data;
  const refreshToken = data?.refreshToken ?? (body as { refreshToken?: unknown } | null)?.refreshToken;
  if (typeof refreshToken === 'string' && refreshToken && getSession().token) setRefreshToken(refreshToken);
  return response;
}

/**
 * Error interceptor: the client hands over the parsed JSON (or the text) of a failed answer, or the
 * exception of a failed fetch (then `response` is undefined). Aborted calls stay as they are.
 */
export function onError(error: unknown, response: Response | undefined): unknown {
  if (isAbortError(error) || error instanceof RefreshTokenError || error instanceof ApiError) return error;
  if (!response) return toApiError(error);
  const apiError = apiErrorFromResponse(error, response);
  reportLicenseExpired(apiError);
  return apiError;
}

/** The `auth` callback of the client: bearer token, or the device id for the apiKey scheme. */
export async function authToken(auth: { type: 'apiKey' | 'http'; name?: string }): Promise<string | undefined> {
  if (auth.type === 'apiKey') return auth.name === DEVICE_ID_HEADER ? getDeviceId() : undefined;
  return (await ensureFreshToken()) ?? undefined;
}
