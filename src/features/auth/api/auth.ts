/**
 * Sign-in and sign-up through the generated client (POST /api/Auth/SignIn, /api/Auth/SignUp).
 * Both answer a session, which is stored; the UI switches to the account's language.
 * Failures throw an ApiError; the mutation cache shows the toast.
 */
import { authSignIn, authSignUp } from '../../../../generated/api/sdk.gen';
import type { AuthSession } from '../../../../generated/api/types.gen';
import { activateLocale } from '../../../lib/i18n';
import { getStoredLocale } from '../../../lib/locale';
import { startSession } from '../../../lib/session';
import { deriveTenantName } from '../tenant-name';

export interface SignInValues {
  userNameOrEmail: string;
  password: string;
}

export interface SignUpValues {
  email: string;
  password: string;
  termsConfirmed: boolean;
}

async function begin(session: AuthSession): Promise<AuthSession> {
  startSession(session);
  if (session.language && session.language !== getStoredLocale()) await activateLocale(session.language);
  return session;
}

export async function signIn(values: SignInValues): Promise<AuthSession> {
  const { data } = await authSignIn({
    body: { userNameOrEmail: values.userNameOrEmail.trim(), password: values.password },
    throwOnError: true,
  });
  return begin(data.data);
}

/** Creates tenant, owner and trial; the answer is already a signed-in session (spec section 7). */
export async function signUp(values: SignUpValues): Promise<AuthSession> {
  const email = values.email.trim();
  const { data } = await authSignUp({
    body: {
      email,
      password: values.password,
      tenantName: deriveTenantName(email),
      termsConfirmed: values.termsConfirmed,
      language: getStoredLocale(),
    },
    throwOnError: true,
  });
  return begin(data.data);
}
