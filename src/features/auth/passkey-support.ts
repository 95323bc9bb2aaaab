/**
 * Whether passkeys can be used here. WebAuthn needs a secure context (https, or http on
 * localhost) and a domain name as the relying party: at a bare IP address such as
 * `http://127.0.0.1` or `http://192.168.1.20` the browser refuses every passkey ceremony, even
 * where it offers the API. The API check is @simplewebauthn/browser's `browserSupportsWebAuthn`,
 * written out so that the login screen can ask it without loading the library, which loads when
 * a passkey ceremony starts (api/auth.ts).
 */
export type PasskeyAvailability = 'available' | 'insecureAddress' | 'unsupported';

/** An IPv4 or IPv6 literal (a URL's hostname keeps IPv6 in brackets). */
const isIpAddress = (hostname: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');

export function passkeyAvailability(
  where: { secureContext: boolean; hostname: string; webAuthn: boolean } = {
    secureContext: globalThis.isSecureContext === true,
    hostname: globalThis.location?.hostname ?? '',
    webAuthn: hasWebAuthn(),
  },
): PasskeyAvailability {
  if (!where.secureContext || isIpAddress(where.hostname)) return 'insecureAddress';
  return where.webAuthn ? 'available' : 'unsupported';
}

function hasWebAuthn(): boolean {
  try {
    return typeof globalThis.PublicKeyCredential === 'function';
  } catch {
    return false;
  }
}
