// Service worker: after one visit the page, its script, styles and the engine
// work with the network off. Network first (so a rebuilt page is never hidden
// behind an old copy), the cache when the network fails. The cache name
// carries the engine version the page registered us with (`sw.js?v=…`), and
// activation drops every other gpuplan cache.
//
// Installing costs no second download: the page has just fetched every file
// it needs, so they are taken from the browser's HTTP cache (`force-cache`)
// and the network is asked only for what is not there. Everything else
// (the widget and its modules, the embedding example) is cached the first
// time it is fetched through this worker.

const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `gpuplan-${VERSION}`;
/** What the page loads (index.html's head and its script); `./` and `index.html` are the page itself. */
const PAGE = [
  'style.css', 'js/file-protocol.js', 'js/engine.js',
  'pkg/app.js', 'pkg/first-answers.js', 'pkg/gpuplan.js', 'pkg/gpuplan_bg.wasm', 'manifest.webmanifest',
];

/** The cache key: the address without its query (a scenario link is the same page). */
function keyOf(request) {
  const url = new URL(request.url ?? request, self.location.href);
  url.search = '';
  url.hash = '';
  return url.href;
}

async function cacheFromHttpCache(cache, url, keys = [keyOf(url)]) {
  try {
    const response = await fetch(new Request(url, { cache: 'force-cache' }));
    if (!response.ok) return;
    await Promise.all(keys.map((key, i) => cache.put(key, i === keys.length - 1 ? response : response.clone())));
  } catch { /* a file missing from this build must not stop the others from being cached */ }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The page as its open windows loaded it (a link's query included: that is what the HTTP cache holds).
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const page = windows.map((w) => w.url).find((u) => u.startsWith(self.registration.scope)) ?? self.registration.scope;
    await Promise.all([
      cacheFromHttpCache(cache, page, [keyOf(new URL('./', self.registration.scope)), keyOf(new URL('index.html', self.registration.scope))]),
      ...PAGE.map((file) => cacheFromHttpCache(cache, new URL(file, self.registration.scope).href)),
    ]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('gpuplan-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      if (response.ok) {
        // The page reads the response at once; its copy is stored meanwhile
        // (waitUntil keeps the worker alive for it). Awaiting the store first
        // held every file back until the cache had all of it.
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(keyOf(request), copy)).catch(() => {}));
      }
      return response;
    } catch (error) {
      const cached = await caches.match(keyOf(request), { cacheName: CACHE });
      if (cached) return cached;
      throw error;
    }
  })());
});
