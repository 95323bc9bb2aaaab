/**
 * The API reference (decision 0039): the contract the server serves at `/api/openapi.json` and
 * `/api/openapi.yaml` is the one in `openapi/`, bundled afresh here; `/api/docs` loads its renderer
 * and start script from this server only, under the app's Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { startTestServer, type TestServer } from '../support/test-server';
import { fromRoot } from '../../server/platform/paths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function contractFromSources() {
  const config = await loadConfig({ configPath: fromRoot('redocly.yaml') });
  const { bundle: bundled, problems } = await bundle({ ref: fromRoot('openapi', 'openapi.yaml'), config });
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return JSON.parse(JSON.stringify(bundled.parsed)) as Record<string, unknown>;
}

describe('API reference', () => {
  it('serves the contract of openapi/ as JSON and as YAML', async () => {
    const expected = await contractFromSources();
    const json = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(await json.json()).toEqual(expected);

    const yaml = await fetch(`${server.baseUrl}/api/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toContain('application/yaml');
    expect(parse(await yaml.text())).toEqual(expected);
  });

  it('describes both ways to authenticate and the API key areas', async () => {
    const spec = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      tags: { name: string; 'x-api-key-area'?: string }[];
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.tags.find((t) => t.name === 'Customers')!['x-api-key-area']).toBe('customers');
    // Keys cannot manage keys: those calls take a session only.
    expect(spec.paths['/api/ApiKeys/Create'].post.security).toEqual([{ bearer: [], deviceId: [] }]);
  });

  it('renders /api/docs with scripts of this server only, under the Content-Security-Policy', async () => {
    const page = await fetch(`${server.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const sources = [...html.matchAll(/<script([^>]*)>/g)].map((m) => /src="([^"]+)"/.exec(m[1])?.[1]);
    expect(sources).toEqual(['/api/docs/redoc.js', '/api/docs/start.js']);
    for (const source of sources) {
      const script = await fetch(server.baseUrl + source!, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(script.status, source).toBe(200);
      expect(script.headers.get('content-type')).toContain('application/javascript');
    }
    const start = await (await fetch(`${server.baseUrl}/api/docs/start.js`)).text();
    expect(start).toContain("Redoc.init('/api/openapi.json'");
    expect(start).not.toMatch(/https?:\/\//);
  });

  it('answers an unchanged renderer with 304', async () => {
    const first = await fetch(`${server.baseUrl}/api/docs/redoc.js`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.baseUrl}/api/docs/redoc.js`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});
