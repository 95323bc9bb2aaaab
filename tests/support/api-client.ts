/**
 * The typed client of the tests (openapi-fetch over the contract's types). Every answer it sees is
 * validated against the contract; a mismatch fails the test that made the call.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import crypto from 'node:crypto';
import type { paths } from '../../generated/server/openapi';
import { checkResponse } from './contract';

export const contractProblems: string[] = [];

const validateAnswers: Middleware = {
  async onResponse({ request, response }) {
    const type = response.headers.get('content-type') ?? '';
    let body: unknown;
    if (type.includes('application/json')) {
      body = await response.clone().json();
    }
    const problems = checkResponse(request.method, request.url, response.status, type, body);
    if (problems.length) {
      contractProblems.push(...problems);
      throw new Error(`Answer breaks the contract:\n${problems.join('\n')}`);
    }
    return response;
  },
};

export function newDeviceId() {
  return `backoffice_${crypto.randomUUID()}`;
}

export function apiClient(baseUrl: string, options: { token?: string; deviceId?: string; language?: string } = {}) {
  const client = createClient<paths>({
    baseUrl,
    headers: {
      'X-Device-Id': options.deviceId ?? newDeviceId(),
      'Accept-Language': options.language ?? 'de',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
  });
  client.use(validateAnswers);
  return client;
}

/** A raw call for bad input the typed client cannot express; the answer is still checked. */
export async function rawCall(
  baseUrl: string,
  method: string,
  path: string,
  init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
) {
  const response = await fetch(baseUrl + path, {
    method,
    body: init.body as BodyInit | undefined,
    headers: { 'X-Device-Id': newDeviceId(), ...init.headers },
    redirect: 'manual',
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const body = type.includes('application/json') && text ? JSON.parse(text) : text;
  if (path.startsWith('/api/')) {
    const problems = checkResponse(method, baseUrl + path, response.status, type, body);
    if (problems.length && !problems[0].includes('is not in the contract')) {
      throw new Error(`Answer breaks the contract:\n${problems.join('\n')}`);
    }
  }
  return { status: response.status, headers: response.headers, body };
}
