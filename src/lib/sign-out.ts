/**
 * Logout: the server ends this device's session (`UpdateMe` with the `sid` of
 * the current token), then every local value is cleared. A failing call does not keep anyone
 * signed in: the local session is cleared either way, and so is what the app kept on the device
 * (`offline-queue.ts`, `offline-catalogue.ts`; the user menu warns first when changes still wait).
 */
import { usersUpdateMe } from '../../generated/api/sdk.gen';
import { clearOfflineData } from './offline-queue';
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
  // The firm's data leaves the device with the member: kept screens, queue, photos (decision 0038).
  await Promise.all([clearOfflineData(), import('./offline-catalogue').then(({ clearCatalogue }) => clearCatalogue())]);
}
