/** The worker that keeps the app and the downloaded surveys available offline (src/sw.ts, built as /sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the offline worker in production builds (the development server's modules change
 * under it). The worker precaches every file of the release, the texts of every language included,
 * so the app opens, and switches language, offline.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
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
