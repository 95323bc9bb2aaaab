/**
 * API keys as strings (decision 0039): `fbk_` and the base64url of the firm's id, the key's id and
 * 24 random bytes. The firm's id lets the server open the firm's tenant transaction before it
 * knows anything else; only the SHA-256 of the whole string is stored, so the key is shown once.
 */
import crypto from 'node:crypto';
import type { components } from '../../../generated/server/openapi';
import type { OperationInfo } from '../../platform/contract';

export type ApiKeyScope = components['schemas']['ApiKeyScope'];

export const API_KEY_PREFIX = 'fbk_';
const SECRET_BYTES = 24;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export function makeApiKey(tenantId: string, id: string): string {
  return API_KEY_PREFIX + Buffer.concat([uuidBytes(tenantId), uuidBytes(id), crypto.randomBytes(SECRET_BYTES)]).toString('base64url');
}

/** The firm and key a string names, or undefined when it is no well-formed key. */
export function parseApiKey(key: string): { tenantId: string; id: string } | undefined {
  if (!key.startsWith(API_KEY_PREFIX)) return undefined;
  const body = key.slice(API_KEY_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return undefined;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length !== 32 + SECRET_BYTES) return undefined;
  return { tenantId: uuidOf(bytes.subarray(0, 16)), id: uuidOf(bytes.subarray(16, 32)) };
}

export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

/**
 * Whether a key of this scope and these areas may call the operation: the operation must take
 * keys (its security names `apiKey`) and belong to one of the areas (its tag's `x-api-key-area`);
 * a `read` key calls only GET.
 */
export function apiKeyRefusal(info: OperationInfo, scope: ApiKeyScope, areas: readonly string[]): 'apiKeys.outOfScope' | 'apiKeys.readOnly' | undefined {
  if (!info.acceptsApiKey || !info.apiKeyArea || !areas.includes(info.apiKeyArea)) return 'apiKeys.outOfScope';
  if (scope === 'read' && info.method !== 'GET') return 'apiKeys.readOnly';
  return undefined;
}
