import { useCallback, useEffect } from 'react';
import { collectSteps } from './collect-steps';
import { syncQueue } from './sync-queue';

/** How often a waiting queue is tried again while the page is open (the 'online' event may never come). */
export const SYNC_RETRY_MS = 30_000;

/**
 * Sends the account's queue by itself: when the page opens, when the connection returns, and every
 * SYNC_RETRY_MS while it is open. Returns a way to send now (after finishing or retrying).
 */
export const useCollectSync = (userId: string) => {
  const syncNow = useCallback(() => {
    void syncQueue(userId, collectSteps);
  }, [userId]);

  useEffect(() => {
    syncNow();
    window.addEventListener('online', syncNow);
    const timer = window.setInterval(() => {
      if (navigator.onLine) syncNow();
    }, SYNC_RETRY_MS);
    return () => {
      window.removeEventListener('online', syncNow);
      window.clearInterval(timer);
    };
  }, [syncNow]);

  return syncNow;
};
