/**
 * Logout: the server ends this device's session (`UpdateMe` with the `sid` of
 * the current token), then every local value is cleared. A failing call does not keep anyone
 * signed in: the local session is cleared either way.
 */
import { usersUpdateMe } from '../../generated/api/sdk.gen';
import { clearSession, getSession } from './session';

export async function signOut(): Promise<void> {
  const { token, sessionId } = getSession();
  if (token && sessionId) {
    try {
      await usersUpdateMe({ body: { endSessionIds: [sessionId] }, throwOnError: true });
    } catch {
      // Already ended on the server, or offline: the refresh token dies with the local session.
    }
  }
  clearSession('logout');
}
