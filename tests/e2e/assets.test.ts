/**
 * The built app as the server sends it: hashed assets precompressed (brotli, gzip) and cached for a
 * year, `index.html` and deep links checked on every visit, plain bytes for a client that takes no
 * compression. Plain HTTP against the e2e server; no browser needed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appUrl } from './journey';

/** The entry script named in the built index.html. */
function entryScript(): string {
  const html = fs.readFileSync(path.resolve('dist/index.html'), 'utf8');
  const src = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!src) throw new Error('no entry script in dist/index.html');
  return src;
}

async function get(url: string, encoding?: string) {
  const response = await fetch(appUrl + url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('assets of the built app', () => {
  const script = entryScript();
  const original = fs.readFileSync(path.resolve('dist', `.${script}`));

  it('sends brotli to a client that takes it, and the same bytes after decoding', async () => {
    const { response, body } = await get(script, 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    // fetch decodes brotli itself; the bytes must be the built file's.
    expect(body.equals(original)).toBe(true);
  });

  it('sends gzip when brotli is not accepted, and plain bytes without compression', async () => {
    const gz = await fetch(appUrl + script, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).equals(original)).toBe(true);
    const plain = await get(script, 'identity');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.equals(original)).toBe(true);
    // The compressed copies are real and smaller.
    const br = fs.readFileSync(path.resolve('dist', `.${script}.br`));
    expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length / 2);
  });

  it('never lets index.html or a deep link be cached without a check', async () => {
    for (const url of ['/', '/index.html', '/customerlist']) {
      const { response, body } = await get(url, 'br, gzip');
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(body.toString('utf8'), url).toContain(script);
    }
  });
});
