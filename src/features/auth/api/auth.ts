/**
 * The sign-in flows that take more than one call or touch the local session: password sign-in
 * and sign-up, passkey sign-up and sign-in (`@simplewebauthn/browser` between the begin and
 * complete calls), Google and Apple (the ID token from /login-success). Each answers a session,
 * which is stored; the UI switches to the account's language.
 * Failures throw an ApiError (or the browser's WebAuthn error); the mutation cache shows the toast.
 * The passkey ceremony's code loads while its begin call is under way, not with the login screen.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import {
  authHandleAppleLogin,
  authHandleGoogleLogin,
  authSignIn,
  authSignUp,
  authWebAuthnLoginBegin,
  authWebAuthnLoginComplete,
  authWebAuthnRegisterBegin,
  authWebAuthnRegisterComplete,
} from '../../../../generated/api/sdk.gen';
import type {
  AuthSession,
  WebAuthnAuthenticationResponse,
  WebAuthnRegistrationResponse,
} from '../../../../generated/api/types.gen';
import { refreshTokens } from '../../../lib/api-interceptors';
import { activateLocale } from '../../../lib/i18n';
import { getStoredLocale } from '../../../lib/locale';
import { getSession, startSession, type Session } from '../../../lib/session';
import { deriveTenantName } from '../tenant-name';
import { guessDeviceName } from '../device-name';
import type { ExternalProvider } from '../external-login';

export interface SignInValues {
  userNameOrEmail: string;
  password: string;
}

export interface SignUpValues {
  email: string;
  password: string;
  tenantName: string;
  termsConfirmed: boolean;
}

type PasskeySignUpValues = Omit<SignUpValues, 'password'>;

/** Stores the session of a sign-in answer and switches to the account's language. */
export async function beginSession(session: AuthSession): Promise<Session> {
  startSession(session);
  if (session.language && session.language !== getStoredLocale()) await activateLocale(session.language);
  return getSession();
}

export async function signIn(values: SignInValues): Promise<Session> {
  const { data } = await authSignIn({
    body: { userNameOrEmail: values.userNameOrEmail.trim(), password: values.password },
    throwOnError: true,
  });
  return beginSession(data.data);
}

function tenantNameOf(values: { email: string; tenantName: string }): string {
  return values.tenantName.trim() || deriveTenantName(values.email) || values.email.trim();
}

/** Creates tenant, owner and trial; the answer is already a signed-in session. */
export async function signUp(values: SignUpValues): Promise<Session> {
  const email = values.email.trim();
  const { data } = await authSignUp({
    body: {
      email,
      password: values.password,
      tenantName: tenantNameOf(values),
      termsConfirmed: values.termsConfirmed,
      language: getStoredLocale(),
    },
    throwOnError: true,
  });
  return beginSession(data.data);
}

/** Sign-up with a passkey instead of a password. */
export async function signUpWithPasskey(values: PasskeySignUpValues): Promise<Session> {
  const email = values.email.trim();
  const ceremony = import('@simplewebauthn/browser');
  const { data: begin } = await authWebAuthnRegisterBegin({
    body: { email, tenantName: tenantNameOf(values), termsConfirmed: values.termsConfirmed, language: getStoredLocale() },
    throwOnError: true,
  });
  const { challengeId, options } = begin.data;
  const { startRegistration } = await ceremony;
  const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  const { data } = await authWebAuthnRegisterComplete({
    body: { challengeId, response: response as WebAuthnRegistrationResponse, deviceName: guessDeviceName() },
    throwOnError: true,
  });
  return beginSession(data.data);
}

/** Sign-in with a discoverable passkey: no email typed. */
export async function signInWithPasskey(): Promise<Session> {
  const ceremony = import('@simplewebauthn/browser');
  const { data: begin } = await authWebAuthnLoginBegin({ throwOnError: true });
  const { challengeId, options } = begin.data;
  const { startAuthentication } = await ceremony;
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  const { data } = await authWebAuthnLoginComplete({
    body: { challengeId, response: response as WebAuthnAuthenticationResponse },
    throwOnError: true,
  });
  return beginSession(data.data);
}

/** Completes a Google or Apple sign-in with the provider's ID token. */
export async function signInWithProvider(provider: ExternalProvider, idToken: string): Promise<Session> {
  const body = { idToken, language: getStoredLocale() };
  const { data } =
    provider === 'google'
      ? await authHandleGoogleLogin({ body, throwOnError: true })
      : await authHandleAppleLogin({ body, throwOnError: true });
  return beginSession(data.data);
}

/**
 * Reads the account's state again from the server (a new token set): the email may have been
 * confirmed in another tab or on another device since the token was issued.
 */
export async function reloadAccountState(): Promise<Session> {
  await refreshTokens();
  return getSession();
}
