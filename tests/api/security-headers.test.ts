/**
 * Safe defaults: security headers on app and API answers, the development outbox only for this
 * machine (and never in production or with SMTP), `/metrics` only for this machine or with
 * METRICS_TOKEN, production mode unless told otherwise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/platform/config';
import { inlineScriptHashes } from '../../server/platform/security-headers';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await server?.close();
});

/** A second server on the same database with other settings, called through Fastify's inject. */
async function serverWith(env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-headers-')),
    LOG_LEVEL: 'silent',
    SERVE_APP: 'false',
    ...env,
  });
  const app = await buildServer({ config, database: server.database });
  extra.push(app);
  return app;
}

const REMOTE = '203.0.113.5';

describe('security headers', () => {
  it('are on API answers, errors and plain routes alike', async () => {
    for (const url of ['/health', '/api/Auth/WebAuthnLoginBegin', '/api/no-such-call', '/app-config.js']) {
      const response = await fetch(`${server.baseUrl}${url}`, { method: url.includes('WebAuthn') ? 'POST' : 'GET' });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('permissions-policy')).toBe('camera=(self), microphone=(self), geolocation=(self)');
      // http:// public address: no HSTS (a browser would pin a plain-http site to https).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('add HSTS when the public address is https', async () => {
    const app = await serverWith({ NODE_ENV: 'test', PUBLIC_URL: 'https://zeit.elektro-schneider.de' });
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allow the inline script of index.html by its hash, nothing else inline', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-html-')), 'index.html');
    const script = "\n  document.documentElement.lang = 'de';\n";
    fs.writeFileSync(file, `<html><head><script>${script}</script><script type="module" src="/assets/x.js"></script></head></html>`);
    expect(inlineScriptHashes(file)).toEqual([`sha256-${crypto.createHash('sha256').update(script).digest('base64')}`]);
    expect(inlineScriptHashes(path.join(path.dirname(file), 'missing.html'))).toEqual([]);
  });
});

describe('the development outbox', () => {
  it('answers a client on this machine when no SMTP is configured', async () => {
    const response = await fetch(`${server.baseUrl}/dev/outbox`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ usesOutbox: true });
  });

  it('is a plain 404 for other machines, also through a proxy on this machine', async () => {
    const proxied = await fetch(`${server.baseUrl}/dev/outbox`, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
    expect(proxied.status).toBe(404);
    expect((await proxied.json()).errorMessages[0].code).toBe('NOT_FOUND');
    const remote = await server.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: REMOTE });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('mails');
  });

  it('is off in production (the default) and when mail goes out over SMTP, even for this machine', async () => {
    const settings: Record<string, string>[] = [{}, { NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:2525' }];
    for (const env of settings) {
      const app = await serverWith(env);
      const response = await app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(response.statusCode, JSON.stringify(env)).toBe(404);
    }
  });

  it('opens to everyone only with DEV_OUTBOX=true', async () => {
    const app = await serverWith({ NODE_ENV: 'test', DEV_OUTBOX: 'true' });
    const response = await app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: REMOTE });
    expect(response.statusCode).toBe(200);
    const off = await serverWith({ NODE_ENV: 'test', DEV_OUTBOX: 'false' });
    expect((await off.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});

describe('/metrics', () => {
  it('answers this machine, refuses others, and opens to others with METRICS_TOKEN', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { 'X-Forwarded-For': '198.51.100.1' } })).status).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE })).statusCode).toBe(404);

    const token = 'prometheus-scrape-token-2026';
    const app = await serverWith({ NODE_ENV: 'test', METRICS_TOKEN: token });
    const withToken = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_requests_total');
    const wrong = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: 'Bearer prometheus-scrape-token-2027' } });
    expect(wrong.statusCode).toBe(404);
  });
});
