/**
 * Keys of everything the app keeps in localStorage. Tests and screenshot scripts write these
 * directly (see src/lib/session.ts for the shape of the session).
 */
export const storageKeys = {
  session: 'fieldbook-session',
  deviceId: 'fieldbook-device-id',
  locale: 'fieldbook-locale',
  colorScheme: 'fieldbook-color-scheme',
  layout: 'fieldbook-layout',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working for this tab.
  }
}
