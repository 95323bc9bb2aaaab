/**
 * What every API call goes through (spec section 7): device id header, bearer token, a refresh
 * before a call with an expired token, capture of any refresh token in a JSON answer, and the
 * error mapping of section 8. Kept apart from the generated client so it can be tested without it;
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
import { getStoredLocale } from './locale';
import { clearSession, getDeviceId, getSession, isTokenExpired, setRefreshToken, setTokens } from './session';

export const DEVICE_ID_HEADER = 'X-Device-Id';
export const REFRESH_TOKEN_PATH = '/api/Auth/RefreshToken';

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
 * Refreshes the token set when the access token is expired; one refresh at a time, shared by the
 * calls that wait for it. On failure the session is cleared and `Unable to refresh tokenset` thrown.
 * Returns the token to send, or null when nobody is signed in.
 */
export async function ensureFreshToken(): Promise<string | null> {
  const session = getSession();
  if (!session.token) return null;
  if (!isTokenExpired(session)) return session.token;
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

function isRefreshCall(request: Request): boolean {
  return new URL(request.url, 'http://localhost').pathname === REFRESH_TOKEN_PATH;
}

/** Request interceptor: device id, language, fresh bearer token. */
export async function onRequest(request: Request): Promise<Request> {
  request.headers.set(DEVICE_ID_HEADER, getDeviceId());
  if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', getStoredLocale());
  if (isRefreshCall(request)) return request;
  const token = await ensureFreshToken();
  // The generated SDK sets Authorization on secured calls from `auth`; after a refresh it must
  // carry the new token.
  if (token && request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

function isJson(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return /[/+]json\b/i.test(type);
}

/**
 * Response interceptor: stores any refresh token found in a JSON answer; a success answer whose
 * JSON cannot be parsed becomes an UNEXPECTED_ERROR.
 */
export async function onResponse(response: Response): Promise<Response> {
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
  return apiErrorFromResponse(error, response);
}

/** The `auth` callback of the client: bearer token, or the device id for the apiKey scheme. */
export async function authToken(auth: { type: 'apiKey' | 'http'; name?: string }): Promise<string | undefined> {
  if (auth.type === 'apiKey') return auth.name === DEVICE_ID_HEADER ? getDeviceId() : undefined;
  return (await ensureFreshToken()) ?? undefined;
}
