/* global self, caches */
/**
 * The field collector's offline worker (registered by /collect in production builds).
 * - Page navigations: the network first; offline, the app shell (index.html) kept from last time.
 * - /assets/*: Vite fingerprints these, so a cached copy is always right: cache first.
 * - GET /api/collect/surveys: the network first, the last answer when offline.
 * - Every other /api call goes to the network untouched: nothing personal is cached.
 */
const SHELL_CACHE = 'trashegimia-shell-v1';
const ASSET_CACHE = 'trashegimia-assets-v1';
const API_CACHE = 'trashegimia-collect-api-v1';
const KEPT_CACHES = [SHELL_CACHE, ASSET_CACHE, API_CACHE];
const SHELL_URL = '/index.html';
const SHELL_FILES = [SHELL_URL, '/manifest.webmanifest', '/logo.svg', '/icon-192.png', '/icon-512.png'];
const COLLECT_SURVEYS = '/api/collect/surveys';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => !KEPT_CACHES.includes(name)).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page hands over the files it loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type !== 'cache-assets' || !Array.isArray(urls)) return;
  const own = urls.filter((url) => {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin && parsed.pathname.startsWith('/assets/');
  });
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) =>
        Promise.all(own.map((url) => cache.match(url).then((hit) => hit ?? cache.add(url).catch(() => undefined)))),
      ),
  );
});

/** Keeps a good answer under `key` (the request itself by default); `accept` may refuse one, e.g. a page that is not the app. */
const networkFirst = async (request, cacheName, key = request, accept = () => true) => {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok && accept(response)) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
};

const cacheFirst = async (request) => {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    const isPage = (response) => (response.headers.get('content-type') ?? '').includes('text/html');
    event.respondWith(networkFirst(request, SHELL_CACHE, SHELL_URL, isPage));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === COLLECT_SURVEYS) {
    // One entry per language: the answer's texts follow the language header.
    const language = request.headers.get('language') ?? 'xk';
    event.respondWith(networkFirst(request, API_CACHE, `${COLLECT_SURVEYS}?language=${language}`));
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(networkFirst(request, SHELL_CACHE));
  }
});
