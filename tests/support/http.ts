/** A JSON call to the test server whose answer is checked against the contract. */
import { newDeviceId, rawCall } from './api-client';

export interface CallOptions {
  body?: unknown;
  token?: string;
  deviceId?: string;
  language?: string;
  headers?: Record<string, string>;
}

export function caller(baseUrl: string) {
  return async (method: string, path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = {
      'X-Device-Id': options.deviceId ?? newDeviceId(),
      'Accept-Language': options.language ?? 'de',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    return rawCall(baseUrl, method, path, {
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  };
}

/** The first link of a mail's plain text. */
export function linkIn(text: string) {
  const url = text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error('no link in mail');
  return new URL(url);
}
