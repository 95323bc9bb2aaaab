/**
 * The built app as the server sends it: hashed assets precompressed (brotli, gzip) and cached for a
 * year, `index.html` and deep links checked on every visit, plain bytes for a client that takes no
 * compression, and a deep link naming its route's files and the catalogs (server/platform/app-shell.ts),
 * which the page fetches beside the entry instead of after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { appUrl, seedAccount, signInContext } from './journey';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8'));
const routeChunk = (name: string) => `/${manifest[`src/routes/${name}.tsx?tsr-split=component`].file}`;
const entryFiles = (() => {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(walk);
  };
  walk(Object.keys(manifest).find((key) => manifest[key].isEntry)!);
  return files;
})();

/** The attributes the server wrote onto `<html>`. */
function htmlAttributes(html: string): Record<string, string> {
  const tag = html.match(/<html\b[^>]*>/)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/** The largest script the built index.html loads (the entry's own file is a tiny import of it). */
function entryScript(): string {
  const html = fs.readFileSync(path.resolve('dist/index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  if (scripts.length === 0) throw new Error('no entry script in dist/index.html');
  return scripts.sort((a, b) => fs.statSync(path.resolve('dist', `.${b}`)).size - fs.statSync(path.resolve('dist', `.${a}`)).size)[0];
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

describe('a deep link names the files of its route', () => {
  it('lists the route chunk and its imports beyond the entry, and both catalogs', async () => {
    const { response, body } = await get('/login', 'br, gzip');
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(response.headers.get('content-type')).toContain('text/html');
    const attributes = htmlAttributes(body.toString('utf8'));
    const files = attributes['data-route-files'].split(' ');
    expect(files).toContain(routeChunk('login'));
    expect(files.filter((file) => entryFiles.has(file))).toEqual([]);
    expect(attributes['data-route-signed-in']).toBeUndefined();
    expect(attributes['data-catalog-de']).toBe(`/${manifest['src/locales/de.po'].file}`);
    expect(attributes['data-catalog-en']).toBe(`/${manifest['src/locales/en.po'].file}`);
    // Every named file is there, as a script or a style of the build.
    for (const file of [...files, ...attributes['data-route-styles'].split(' ').filter(Boolean)]) {
      const answer = await fetch(appUrl + file, { method: 'HEAD' });
      expect(answer.status, file).toBe(200);
    }
    // The same page without compression.
    const plain = await get('/login', 'identity');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.equals(body)).toBe(true);
  });

  it('marks a signed-in screen, with the layout and the kept data\'s store, and a path without a route names nothing', async () => {
    const customer = htmlAttributes((await get('/customer/8a8f0a52-95a1-4d39-9f3e-4a3c2f1e0b7d')).body.toString('utf8'));
    expect(customer['data-route-signed-in']).toBe('');
    // idb-keyval: read before the first render of a signed-in screen (decision 0049), not the login's.
    const store = `/${manifest['node_modules/idb-keyval/dist/index.js'].file}`;
    expect(customer['data-route-files'].split(' ')).toEqual(expect.arrayContaining([routeChunk('_app/customer/$id'), routeChunk('_app'), store]));
    expect(htmlAttributes((await get('/login')).body.toString('utf8'))['data-route-files'].split(' ')).not.toContain(store);
    const dashboard = htmlAttributes((await get('/?period=lastMonth')).body.toString('utf8'));
    expect(dashboard['data-route-files'].split(' ')).toContain(routeChunk('_app/index'));
    const unknown = htmlAttributes((await get('/no/such/screen')).body.toString('utf8'));
    expect(unknown['data-route-files']).toBeUndefined();
    expect(unknown['data-catalog-de']).toBeDefined();
  });
});

describe('the page fetches its route beside the entry', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** What the page asked for (`ask /file`) and got (`got /file`), in the order it happened. */
  async function requested(pathname: string, locale?: 'en', signedIn?: Awaited<ReturnType<typeof seedAccount>>) {
    const context = await newContext(browser);
    if (signedIn) await signInContext(context, signedIn, locale ?? 'de');
    else if (locale) await context.addInitScript((value) => localStorage.setItem('fieldbook-locale', value), locale);
    const page = await context.newPage();
    const events: string[] = [];
    page.on('request', (request) => events.push(`ask ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => events.push(`got ${new URL(request.url()).pathname}`));
    await page.goto(appUrl + pathname);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
    return events;
  }

  /** The position of the last file of the entry to arrive. */
  const entryArrived = (events: string[]) => Math.max(...[...entryFiles].map((file) => events.indexOf(`got ${file}`)));

  it('asks for the login chunk and the catalog before the entry is there', async () => {
    const events = await requested('/login');
    // Without the names in the page, both are asked for only once every file of the entry has arrived and run.
    const arrived = entryArrived(events);
    expect(arrived).toBeGreaterThan(-1);
    const asked = (file: string) => events.indexOf(`ask ${file}`);
    expect(asked(routeChunk('login'))).toBeGreaterThan(-1);
    expect(asked(routeChunk('login'))).toBeLessThan(arrived);
    expect(asked(`/${manifest['src/locales/de.po'].file}`)).toBeGreaterThan(-1);
    expect(asked(`/${manifest['src/locales/de.po'].file}`)).toBeLessThan(arrived);
    expect(asked(`/${manifest['src/locales/en.po'].file}`)).toBe(-1);
    const english = await requested('/login', 'en');
    expect(english).toContain(`ask /${manifest['src/locales/en.po'].file}`);
    expect(english).not.toContain(`ask /${manifest['src/locales/de.po'].file}`);
  });

  it('does not fetch the dashboard for a signed-out visitor of /, who is sent to the login', async () => {
    const events = await requested('/');
    expect(events).toContain(`ask ${routeChunk('login')}`);
    expect(events).not.toContain(`ask ${routeChunk('_app/index')}`);
    expect(events).not.toContain(`ask ${routeChunk('_app')}`);
  });

  it('asks for a signed-in screen and its layout early when a session is stored', async () => {
    const account = await seedAccount({ prefix: 'preload' });
    const events = await requested('/customerlist', undefined, account);
    const asked = (file: string) => events.indexOf(`ask ${file}`);
    expect(asked(routeChunk('_app/customerlist'))).toBeGreaterThan(-1);
    expect(asked(routeChunk('_app/customerlist'))).toBeLessThan(entryArrived(events));
    expect(asked(routeChunk('_app'))).toBeLessThan(entryArrived(events));
  });
});
