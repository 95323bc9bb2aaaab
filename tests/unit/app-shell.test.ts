/**
 * index.html per deep link (server/platform/app-shell.ts): which route a path opens, which files
 * that route needs beyond the entry, and the compressed answers. A made-up build in a temporary
 * directory; the real build is checked in tests/e2e/assets.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAppShell } from '../../server/platform/app-shell';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-shell-'));
fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n<html lang="de"><head><script>x()</script></head><body></body></html>');
const split = (name: string) => `src/routes/${name}.tsx?tsr-split=component`;
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_main.js'] },
    '_main.js': { file: 'assets/main.js', css: ['assets/main.css'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_main.js'] },
    [split('login')]: { file: 'assets/login.js', imports: ['_shared.js', '_main.js'], css: ['assets/public.css'] },
    [split('_app')]: { file: 'assets/app.js', imports: ['_shared.js'], css: ['assets/app.css'] },
    [split('_app/index')]: { file: 'assets/dashboard.js', imports: ['_main.js'] },
    [split('_app/customer/$id')]: { file: 'assets/customer.js' },
    [`src/routes/_app/account.tsx?tsr-split=errorComponent`]: { file: 'assets/account-error.js' },
    'node_modules/idb-keyval/dist/index.js': { file: 'assets/keyval.js', imports: ['_main.js'] },
    'src/locales/de.po': { file: 'assets/de.js' },
    'src/locales/en.po': { file: 'assets/en.js' },
  }),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const shell = loadAppShell(dir)!;
const attributes = (pathname: string) =>
  Object.fromEntries([...(shell.html(pathname).match(/<html\b[^>]*>/)?.[0] ?? '').matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

describe('the app shell', () => {
  it('names a public route’s files beyond the entry and its styles', () => {
    const login = attributes('/login');
    expect(login['data-route-files']).toBe('/assets/login.js /assets/shared.js');
    expect(login['data-route-styles']).toBe('/assets/public.css');
    expect(login['data-route-signed-in']).toBeUndefined();
    expect(login['data-catalog-de']).toBe('/assets/de.js');
    expect(login['data-catalog-en']).toBe('/assets/en.js');
    expect(login.lang).toBe('de');
  });

  it('adds the signed-in layout and the store of the kept data to its screens, and reads parameters and a trailing slash', () => {
    expect(attributes('/')['data-route-files']).toBe('/assets/dashboard.js /assets/app.js /assets/shared.js /assets/keyval.js');
    expect(attributes('/')['data-route-styles']).toBe('/assets/app.css');
    expect(attributes('/')['data-route-signed-in']).toBe('');
    expect(attributes('/customer/abc-123/')['data-route-files']).toBe('/assets/customer.js /assets/app.js /assets/shared.js /assets/keyval.js');
  });

  it('names no route for a path that has none, nor for part of one', () => {
    for (const pathname of ['/customer', '/customer/a/b', '/loginx', '/x/login', '/account']) {
      expect(attributes(pathname)['data-route-files'], pathname).toBeUndefined();
      expect(attributes(pathname)['data-catalog-de'], pathname).toBe('/assets/de.js');
    }
  });

  it('answers brotli, gzip or plain bytes of the same page, and keeps the inline script as it is', () => {
    const plain = shell.answer('/login', undefined);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(shell.html('/login'));
    expect(plain.body.toString()).toContain('<script>x()</script>');
    const br = shell.answer('/login', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = shell.answer('/login', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // The same route answers from the cache, another route its own page.
    expect(shell.answer('/login', 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(shell.answer('/', 'br').body).toString()).toContain('/assets/dashboard.js');
  });

  it('is absent when the app is not built', () => {
    expect(loadAppShell(path.join(dir, 'missing'))).toBeUndefined();
  });
});
