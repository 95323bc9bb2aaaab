/**
 * Google and Apple sign-in with the OpenID Connect implicit flow: the button sends the browser
 * to the provider with a random `state` and `nonce` (kept in sessionStorage); the provider
 * returns to /login-success with `#id_token=...&state=...`. The page checks the state and the
 * token's `nonce` claim before the server verifies the token (HandleGoogleLogin/HandleAppleLogin).
 */
import type { AppConfig, ExternalProviderConfig } from '../../lib/app-config';
import { safeReturnUrl } from '../../lib/auth-guards';

export type ExternalProvider = 'google' | 'apple';

export const PENDING_LOGIN_KEY = 'fieldbook-external-login';
const CALLBACK_PATH = '/login-success';

export interface PendingLogin {
  provider: ExternalProvider;
  state: string;
  nonce: string;
  returnUrl?: string;
}

export type CallbackResult =
  | { ok: true; provider: ExternalProvider; idToken: string; returnUrl?: string }
  | { ok: false; provider?: ExternalProvider; reason: 'no-pending' | 'provider-error' | 'no-token' | 'state' | 'nonce' };

export function providerConfig(config: AppConfig, provider: ExternalProvider): ExternalProviderConfig | null {
  return config[provider] ?? null;
}

function randomToken(bytes = 16): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The provider's authorization url. Google: implicit flow (`response_type=id_token`) back to
 * /login-success with the token in the fragment. Apple asks for name and e-mail only with
 * `response_mode=form_post`; the server's /login-success/apple turns that POST into the same
 * fragment answer.
 */
export function authorizeUrl(
  provider: ExternalProviderConfig,
  origin: string,
  state: string,
  nonce: string,
  kind: ExternalProvider = 'google',
): string {
  const params =
    kind === 'apple'
      ? new URLSearchParams({
          client_id: provider.clientId,
          redirect_uri: `${origin}${CALLBACK_PATH}/apple`,
          response_type: 'code id_token',
          scope: 'name email',
          response_mode: 'form_post',
          state,
          nonce,
        })
      : new URLSearchParams({
          client_id: provider.clientId,
          redirect_uri: `${origin}${CALLBACK_PATH}`,
          response_type: 'id_token',
          scope: 'openid email profile',
          response_mode: 'fragment',
          state,
          nonce,
        });
  // URLSearchParams writes spaces as '+'; providers expect %20 in the scope.
  const query = params.toString().replace(/\+/g, '%20');
  return `${provider.authUrl}${provider.authUrl.includes('?') ? '&' : '?'}${query}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function savePendingLogin(pending: PendingLogin): void {
  storage()?.setItem(PENDING_LOGIN_KEY, JSON.stringify(pending));
}

/** Reads and removes the pending sign-in: a state is good for one answer only. */
export function takePendingLogin(): PendingLogin | null {
  const store = storage();
  const raw = store?.getItem(PENDING_LOGIN_KEY);
  store?.removeItem(PENDING_LOGIN_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingLogin>;
    if ((value.provider !== 'google' && value.provider !== 'apple') || !value.state || !value.nonce) return null;
    return { provider: value.provider, state: value.state, nonce: value.nonce, returnUrl: safeReturnUrl(value.returnUrl) };
  } catch {
    return null;
  }
}

/** Starts the sign-in: remembers state, nonce and provider, then leaves for the provider. */
export function startExternalLogin(
  provider: ExternalProvider,
  config: ExternalProviderConfig,
  returnUrl?: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  const pending: PendingLogin = { provider, state: randomToken(), nonce: randomToken(), returnUrl };
  savePendingLogin(pending);
  navigate(authorizeUrl(config, window.location.origin, pending.state, pending.nonce, provider));
}

/** The payload of a JWT, unverified (the server verifies the signature). */
function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks the provider's answer (the url fragment) against the pending sign-in: the same state,
 * an ID token, and the token's nonce claim equal to the one sent.
 */
export function checkCallback(fragment: string, pending: PendingLogin | null): CallbackResult {
  if (!pending) return { ok: false, reason: 'no-pending' };
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const provider = pending.provider;
  if (params.get('error')) return { ok: false, provider, reason: 'provider-error' };
  if (params.get('state') !== pending.state) return { ok: false, provider, reason: 'state' };
  const idToken = params.get('id_token');
  if (!idToken) return { ok: false, provider, reason: 'no-token' };
  if (decodeJwtPayload(idToken)?.nonce !== pending.nonce) return { ok: false, provider, reason: 'nonce' };
  return { ok: true, provider, idToken, returnUrl: pending.returnUrl };
}
