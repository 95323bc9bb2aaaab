/**
 * The API reference for integrators (decision 0039): `/api/docs` renders the bundled contract with
 * Redoc's standalone build, served from our own node_modules (no script from another host, the
 * app's Content-Security-Policy unchanged); `/api/openapi.json` and `/api/openapi.yaml` are the
 * raw contract the server itself routes and validates by (`generated/openapi.json`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'yaml';
import { contractPath } from './contract';
import { fromRoot } from './paths';

const rendererPath = fromRoot('node_modules', 'redoc', 'bundles', 'redoc.standalone.js');

/** The page: the renderer and our start script, both from this server; no inline script. */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fieldbook API</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <main id="api-reference"></main>
    <script src="/api/docs/redoc.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/**
 * Options that keep the page on this server and within the policy: no search (its index would run
 * in a worker made from a blob, which `worker-src 'self'` refuses), the contract from this origin.
 */
const start = `Redoc.init('/api/openapi.json', ${JSON.stringify({
  disableSearch: true,
  expandResponses: '200',
  jsonSampleExpandLevel: 3,
  hideHostname: true,
  sortTagsAlphabetically: false,
  theme: {
    colors: { primary: { main: '#0ca678' } },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' }, code: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } },
  },
})}, document.getElementById('api-reference'));
`;

/**
 * The renderer as served: its sidebar shows its maker's logo from their host, which the policy
 * refuses (`img-src`), so the address is replaced by an empty image; the renderer then hides the
 * logo by itself (its `onError`). The e2e check of /api/docs fails if another host is asked.
 */
function withoutOtherHosts(renderer: string) {
  return Buffer.from(renderer.replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,'));
}

interface Cached {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

function cache(body: Buffer): Cached {
  return { body, gzip: zlib.gzipSync(body), etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function send(request: FastifyRequest, reply: FastifyReply, file: Cached, type: string) {
  reply.type(type).header('Cache-Control', 'no-cache').header('ETag', file.etag).header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('Content-Encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

export async function apiDocsRoutes(app: FastifyInstance) {
  // Read on first use: most servers never serve the reference, and the renderer is a few MB.
  let files: Record<'json' | 'yaml' | 'renderer', Cached> | undefined;
  const load = () => {
    if (!files) {
      const json = fs.readFileSync(contractPath, 'utf8');
      files = {
        json: cache(Buffer.from(json)),
        yaml: cache(Buffer.from(stringify(JSON.parse(json), { lineWidth: 0 }))),
        renderer: cache(withoutOtherHosts(fs.readFileSync(rendererPath, 'utf8'))),
      };
    }
    return files;
  };
  app.get('/api/openapi.json', async (request, reply) => send(request, reply, load().json, 'application/json; charset=utf-8'));
  app.get('/api/openapi.yaml', async (request, reply) => send(request, reply, load().yaml, 'application/yaml; charset=utf-8'));
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page));
  app.get('/api/docs/redoc.js', async (request, reply) => send(request, reply, load().renderer, 'application/javascript; charset=utf-8'));
  app.get('/api/docs/start.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(start),
  );
}
