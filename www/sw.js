// Service worker: after one visit the page, its modules, styles and the engine
// work with the network off. Network first (so a rebuilt page is never hidden
// behind an old copy), the cache when the network fails. The cache name
// carries the engine version the page registered us with (`sw.js?v=…`), and
// activation drops every other gpuplan cache.

const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `gpuplan-${VERSION}`;
const FILES = [
  './', 'index.html', 'style.css', 'icon.svg', 'widget.js', 'embed-example.html', 'embed-example.css',
  'js/app.js', 'js/engine.js', 'js/file-protocol.js', 'js/estimate.js', 'js/filter-form.js', 'js/format.js', 'js/i18n.js',
  'js/offers-table.js', 'js/recommend.js', 'js/user-prices.js', 'js/scenario.js', 'js/export.js',
  'js/charts.js', 'js/plans.js', 'js/tco.js', 'js/fields.js',
  'pkg/gpuplan.js', 'pkg/gpuplan_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One by one: a file missing from this build must not stop the others from being cached.
    await Promise.all(FILES.map((file) => cache.add(new Request(file, { cache: 'reload' })).catch(() => {})));
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

/** The cache key: the address without its query (a scenario link is the same page). */
function keyOf(request) {
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  return url.href;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(keyOf(request), response.clone());
      return response;
    } catch (error) {
      const cached = await cache.match(keyOf(request));
      if (cached) return cached;
      throw error;
    }
  })());
});
