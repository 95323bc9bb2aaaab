// The app's service worker (decision 0036), built by the `serviceWorker()` plugin of vite.config.ts,
// which puts `VERSION` (a hash of the release's files) and `PRECACHE` (the release's hashed files,
// icons and manifests) in front of this file and writes it to dist/sw.js.
//
// - install: caches the release's files and the app's page ('/') in a cache of this version. It does
//   not take over by itself: a new version waits until the page asks (the member taps "neu laden"),
//   so the app never changes under someone's hands mid-entry.
// - navigations are answered from the cached page (the app opens without a connection, and a repeat
//   visit paints from the cache); the release's files from the cache; /app-config.js from the
//   network when there is one. The API is never answered by the worker: the app keeps its own data.
// - activate: removes the caches of earlier versions and takes the open pages.
const CACHE = `fieldbook-${VERSION}`;
const PAGE = '/';
const NETWORK_FIRST = new Set(['/app-config.js']);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      await cache.add(new Request(PAGE, { cache: 'reload' }));
      await cache.add(new Request('/app-config.js', { cache: 'reload' })).catch(() => undefined);
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

async function page(request) {
  const cached = await fromCache(new Request(PAGE));
  if (cached) return cached;
  return fetch(request);
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await fromCache(request);
    if (cached) return cached;
    throw error;
  }
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
    event.respondWith(page(request));
    return;
  }
  if (NETWORK_FIRST.has(url.pathname)) {
    event.respondWith(networkFirst(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) event.respondWith(cacheFirst(request));
});
