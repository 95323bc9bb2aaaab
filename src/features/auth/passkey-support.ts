/**
 * Whether this browser can use passkeys at all: the check of @simplewebauthn/browser's
 * `browserSupportsWebAuthn`, written out so that the login screen can ask it without loading the
 * library, which loads when a passkey ceremony starts (api/auth.ts).
 */
export function supportsPasskeys(): boolean {
  try {
    return typeof globalThis.PublicKeyCredential === 'function';
  } catch {
    return false;
  }
}
