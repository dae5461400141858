/// <reference lib="webworker" />
/**
 * The field collector's offline worker, served as /sw.js (the name phones already know) and
 * registered by /collect in production builds. The build (vite-plugin-pwa, injectManifest) writes
 * the release's files into `__WB_MANIFEST`, each with a revision:
 * - Installing, the worker precaches them; a new release's worker fetches only what changed, takes
 *   over at once, and deletes the files the new release no longer has.
 * - Page navigations: the network first; offline, the precached app shell.
 * - GET /api/collect/surveys: the network first, the last answer when offline, one per language.
 * - Every other /api call goes to the network untouched: nothing personal is cached.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const SHELL_URL = '/index.html';
const COLLECT_SURVEYS = '/api/collect/surveys';
/** The caches of the worker before releases were precached, deleted on activation. */
const UNVERSIONED_CACHES = ['trashegimia-shell-v1', 'trashegimia-assets-v1', 'trashegimia-collect-api-v1'];

void self.skipWaiting();
clientsClaim();

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(UNVERSIONED_CACHES.map((name) => caches.delete(name))));
});

// Before the precache's route: a navigation asks the server, whose page names the newest files.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (offline) {
      const shell = await matchPrecache(SHELL_URL);
      if (shell) return shell;
      throw offline;
    }
  },
);

registerRoute(
  ({ url }) => url.pathname === COLLECT_SURVEYS,
  new NetworkFirst({
    cacheName: 'trashegimia-collect-surveys',
    plugins: [
      {
        // The answer's texts follow the language header: one entry per language.
        cacheKeyWillBeUsed: async ({ request }) =>
          `${COLLECT_SURVEYS}?language=${request.headers.get('language') ?? 'xk'}`,
      },
    ],
  }),
);

// Navigations are the route above's: the precache answers for its files' own URLs only.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
