/** Random secrets for links and refresh tokens; only their SHA-256 is stored. */
import crypto from 'node:crypto';

export const randomSecret = () => crypto.randomBytes(32).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refresh token names its tenant and record so it can be found before a tenant is known. */
export function formatRefreshToken(tenantId: string, id: string, secret: string) {
  return `${tenantId}.${id}.${secret}`;
}

export function parseRefreshToken(token: string) {
  const [tenantId, id, secret, ...rest] = token.split('.');
  if (rest.length || !UUID.test(tenantId ?? '') || !UUID.test(id ?? '') || !secret || secret.length < 20) return undefined;
  return { tenantId, id, secret };
}

/** A short, human label of the device from its user agent: "Chrome on Windows". */
export function deviceLabel(userAgent: string | undefined) {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : /node|undici/i.test(ua)
            ? 'API client'
            : 'Browser';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

/** Sign-up derives the tenant name from the e-mail's local part without non-alphanumerics. */
export function tenantNameFromEmail(email: string) {
  const local = email.split('@')[0] ?? '';
  return local.replace(/[^\p{L}\p{N}]/gu, '') || 'Firma';
}
