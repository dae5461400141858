import { loadLanguage } from '@/shared/i18n/i18n';
import { LANGUAGES } from '@/shared/i18n/language';

/** The worker that keeps the app and the downloaded surveys available offline (public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the offline worker in production builds (the development server's modules change
 * under it), loads the texts of every language (a page downloads only its own), then hands the
 * worker the files this page loaded, so the app opens, and switches language, offline even though
 * the worker started after them.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register(SERVICE_WORKER_URL)
    .then(() => Promise.all(LANGUAGES.map((language) => loadLanguage(language))))
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));
      registration.active?.postMessage({ type: 'cache-assets', urls: loaded });
    })
    .catch(() => {
      // Without the worker the collector still works online and keeps its drafts; nothing to tell.
    });
};

/**
 * Asks the browser not to clear this site's storage when the device runs short of space: drafts
 * and unsent surveys live there. The browser may say no; storage then stays "best effort".
 */
export const requestPersistentStorage = () => {
  void navigator.storage?.persist?.().catch(() => false);
};
