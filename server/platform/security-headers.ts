/**
 * Security headers on every answer (app, API, files): a Content-Security-Policy the app works
 * under, no framing, no MIME sniffing, a strict referrer policy, camera, microphone and location
 * for the app's own origin only, and HSTS when the public address is https. Also the one test
 * of "is this a client on this machine" for the tools that only loopback clients may use.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';

/**
 * The policy. The app's index.html has one small inline script (colour scheme before the first
 * paint); it is allowed by its hash, read from the built file. Mantine writes its CSS variables
 * into <style> tags at run time, so styles need 'unsafe-inline'.
 */
export function contentSecurityPolicy(inlineScriptHashes: string[] = []) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    // Only the app's own service worker (sw.js, decision 0036); no worker from a blob or elsewhere.
    "worker-src 'self'",
    // The invoice dialog shows its PDF draft from an object URL in an <iframe>.
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `sha256-…` of every inline script of an HTML file (none when the file is missing). */
export function inlineScriptHashes(htmlFile: string): string[] {
  if (!fs.existsSync(htmlFile)) return [];
  const html = fs.readFileSync(htmlFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `sha256-${crypto.createHash('sha256').update(m[1]).digest('base64')}`,
  );
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'hsts'>, indexHtml: string) {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes(indexHtml)),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(self)',
    ...(config.hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // A callback hook: every answer passes it, and an async one costs a promise and a turn of the
  // microtask queue per answer (decision 0051).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A client on this machine: the connection comes from a loopback address and carries no
 * forwarding header (a reverse proxy on the same machine connects from loopback for everyone).
 * Reads the socket, not `request.ip`, which TRUST_PROXY takes from a header.
 */
export function isLoopbackClient(request: FastifyRequest) {
  const headers = request.headers;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return LOOPBACK.test(request.raw.socket.remoteAddress ?? '');
}
