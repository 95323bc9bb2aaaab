// The app's service worker (decision 0036), built by the `serviceWorker()` plugin of vite.config.ts,
// which puts `VERSION` (a hash of the release's files) and `PRECACHE` (the release's hashed files,
// icons and manifests) in front of this file and writes it to dist/sw.js.
//
// - install: caches the release's files and the app's page ('/') in a cache of this version. It does
//   not take over by itself: a new version waits until the page asks (the member taps "neu laden"),
//   so the app never changes under someone's hands mid-entry.
// - navigations are answered from the cache at once (the app opens without a connection, and a repeat
//   visit paints from the cache without waiting for the link): the page the server wrote for that
//   path if one was kept (it names the route's files, app-shell.ts, so they load beside the entry),
//   else the app's page ('/'). Behind it the page is fetched again and kept for the next visit, but
//   only when it names this release's entry (a page of a newer release waits for the newer worker).
//   At most MAX_PAGES paths are kept (the oldest go first).
// - /app-config.js from the cache at once as well, refreshed behind it (decision 0043: a change of
//   the server's sign-in settings shows on the next start; what it holds is public and harmless
//   when one start old). The release's files from the cache. The API is never answered by the
//   worker: the app keeps its own data.
// - activate: removes the caches of earlier versions and takes the open pages.
const CACHE = `fieldbook-${VERSION}`;
const PAGE = '/';
const CONFIG = '/app-config.js';
const MAX_PAGES = 40;
/** The entry script of this release, as index.html names it. */
const ENTRY = PRECACHE.find((url) => /^\/assets\/index-[^/]+\.js$/.test(url));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      await cache.add(new Request(PAGE, { cache: 'reload' }));
      await cache.add(new Request(CONFIG, { cache: 'reload' })).catch(() => undefined);
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('fieldbook-') && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'fieldbook:activate') self.skipWaiting();
  if (event.data === 'fieldbook:version') event.source?.postMessage({ version: VERSION });
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreSearch: request.mode === 'navigate' })) ?? null;
}

/** The path's page (without its query) as kept, else the app's page. */
async function page(request, event) {
  const url = new URL(request.url);
  const key = new Request(url.origin + url.pathname);
  const cache = await caches.open(CACHE);
  const refresh = fetch(request)
    .then(async (response) => {
      if (!response.ok || response.redirected) return response;
      const html = await response.clone().text();
      if (ENTRY && html.includes(`"${ENTRY}"`)) {
        await cache.put(key, response.clone());
        await trimPages(cache);
      }
      return response;
    });
  const cached = (await cache.match(key)) ?? (await cache.match(new Request(PAGE)));
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

/** Keeps the newest MAX_PAGES pages besides the app's page (Cache API keys are in the order put). */
async function trimPages(cache) {
  const pages = (await cache.keys()).filter((request) => {
    const path = new URL(request.url).pathname;
    return path !== PAGE && path !== CONFIG && !PRECACHE.includes(path);
  });
  for (const stale of pages.slice(0, Math.max(0, pages.length - MAX_PAGES))) await cache.delete(stale);
}

/** From the cache at once, refreshed behind it; from the network while nothing is kept. */
async function staleWhileRevalidate(request, event) {
  const cache = await caches.open(CACHE);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  const cached = await cache.match(request);
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

async function cacheFirst(request) {
  return (await fromCache(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/health' || url.pathname === '/metrics' || url.pathname === '/sw.js' || url.pathname.startsWith('/dev/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, event));
    return;
  }
  if (url.pathname === CONFIG) {
    event.respondWith(staleWhileRevalidate(request, event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) event.respondWith(cacheFirst(request));
});
