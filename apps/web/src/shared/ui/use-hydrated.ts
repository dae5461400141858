import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while the browser hydrates what the server rendered, true from then on
 * (and from the first render of a page the browser renders itself). Parts that read the browser —
 * the page's address, the clipboard, today's date — wait for it, so both sides render the same.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
