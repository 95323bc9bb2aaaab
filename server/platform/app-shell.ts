/**
 * The single-page app's index.html for a deep link, naming the files that link needs.
 *
 * Without it the browser learns of a route's chunks only after the entry has been downloaded and
 * run, and of the message catalog only after that: three waits of one round trip each before the
 * first screen (docs/benchmarks.md, first paint). The server knows the route from the path and the
 * files from the build's manifest, so it writes them onto the `<html>` element:
 * - `data-route-files` / `data-route-styles`: the route's JavaScript beyond the entry, and its CSS
 *   (for a signed-in screen with the layout's and the store of the kept data);
 * - `data-route-signed-in`: the route is behind the sign-in (a signed-out visitor of `/` is sent to
 *   /login, and should not download the dashboard first);
 * - `data-catalog-de` / `data-catalog-en`: the message catalogs (the language is the browser's
 *   choice, kept in localStorage).
 * The inline script of index.html turns them into `<link rel="modulepreload">` before the entry
 * runs. Attributes, not new tags: the script's CSP hash and the page's markup stay the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteFiles {
  pattern: RegExp;
  signedIn: boolean;
  scripts: string[];
  styles: string[];
}

const SPLIT_COMPONENT = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;
const SIGNED_IN_LAYOUT = '_app';
/**
 * The store of the data kept on the device (idb-keyval, decision 0038): the app reads the signed-in
 * member's kept queue and screens from it before its first render. It loads lazily (the entry's
 * budget), so unless the page names it a signed-in screen waits one more round trip for it after
 * the entry has run (decision 0049).
 */
const KEPT_DATA_STORE = 'node_modules/idb-keyval/dist/index.js';

/** `_app/customer/$id` → /customer/<anything>; `_app/index` → /; `login` → /login. */
function routePattern(name: string): RegExp {
  const segments = name
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}

function closure(manifest: Manifest, key: string, scripts = new Set<string>(), styles = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || scripts.has(chunk.file)) return { scripts, styles };
  scripts.add(chunk.file);
  for (const file of chunk.css ?? []) styles.add(file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, scripts, styles);
  return { scripts, styles };
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface AppShell {
  /** index.html for this path (without query), with the attributes of its route if it has one. */
  html(pathname: string): string;
  /** The same, compressed for the `Accept-Encoding` header if it takes brotli or gzip; cached. */
  answer(pathname: string, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' };
}

/** Reads dist/index.html and dist/.vite/manifest.json once; undefined when the app is not built. */
export function loadAppShell(appDir: string): AppShell | undefined {
  const indexFile = path.join(appDir, 'index.html');
  const manifestFile = path.join(appDir, '.vite', 'manifest.json');
  if (!fs.existsSync(indexFile)) return undefined;
  const template = fs.readFileSync(indexFile, 'utf8');
  const manifest: Manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loadedByEntry = entryKey ? closure(manifest, entryKey) : { scripts: new Set<string>(), styles: new Set<string>() };
  const layoutKey = `src/routes/${SIGNED_IN_LAYOUT}.tsx?tsr-split=component`;
  const routes: RouteFiles[] = Object.keys(manifest)
    .map((key) => [key, SPLIT_COMPONENT.exec(key)?.[1]] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined && pair[1] !== SIGNED_IN_LAYOUT)
    .map(([key, name]) => {
      const signedIn = name.startsWith(`${SIGNED_IN_LAYOUT}/`);
      const files = closure(manifest, key);
      if (signedIn) {
        closure(manifest, layoutKey, files.scripts, files.styles);
        closure(manifest, KEPT_DATA_STORE, files.scripts, files.styles);
      }
      return {
        pattern: routePattern(name),
        signedIn,
        scripts: [...files.scripts].filter((file) => !loadedByEntry.scripts.has(file)),
        styles: [...files.styles].filter((file) => !loadedByEntry.styles.has(file)),
      };
    });
  const catalogs = (['de', 'en'] as const)
    .map((locale) => [locale, manifest[`src/locales/${locale}.po`]?.file] as const)
    .filter((pair): pair is readonly ['de' | 'en', string] => pair[1] !== undefined);
  const catalogAttributes = catalogs.map(([locale, file]) => ` data-catalog-${locale}="/${escapeAttribute(file)}"`).join('');

  const routeOf = (pathname: string) => routes.find((candidate) => candidate.pattern.test(pathname));
  const page = (route: RouteFiles | undefined) => {
    const list = (files: string[]) => escapeAttribute(files.map((file) => `/${file}`).join(' '));
    const routeAttributes = route
      ? ` data-route-files="${list(route.scripts)}" data-route-styles="${list(route.styles)}"${route.signedIn ? ' data-route-signed-in=""' : ''}`
      : '';
    return template.replace(/<html\b/, `<html${catalogAttributes}${routeAttributes}`);
  };

  // One page per route (and one for paths without a route) and encoding.
  const cache = new Map<RouteFiles | undefined, Map<string, { body: Buffer; encoding?: 'br' | 'gzip' }>>();
  return {
    html: (pathname) => page(routeOf(pathname)),
    answer(pathname, acceptEncoding) {
      const route = routeOf(pathname);
      const accepts = acceptEncoding ?? '';
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
      const pages = cache.get(route) ?? cache.set(route, new Map()).get(route)!;
      let answer = pages.get(encoding ?? 'identity');
      if (!answer) {
        const plain = Buffer.from(page(route));
        const body = encoding === 'br' ? zlib.brotliCompressSync(plain) : encoding === 'gzip' ? zlib.gzipSync(plain) : plain;
        answer = { body, encoding };
        pages.set(encoding ?? 'identity', answer);
      }
      return answer;
    },
  };
}
