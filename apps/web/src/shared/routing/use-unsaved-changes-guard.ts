import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Asks before unsaved work is lost, however the visitor leaves. Links, the header menu, the
 * browser's back and forward buttons and code that navigates all go through the router, which
 * holds the navigation while the returned blocker is `blocked`: show a question, then `proceed()`
 * or `reset()`. Reloading or closing the tab gets the browser's own question.
 *
 * `hasUnsavedChanges` is asked only when the visitor tries to leave, so a costly comparison does
 * not run on every keystroke.
 */
export const useUnsavedChangesGuard = (hasUnsavedChanges: () => boolean) => {
  const latest = useRef(hasUnsavedChanges);
  useLayoutEffect(() => {
    latest.current = hasUnsavedChanges;
  });

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && latest.current(),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (latest.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return blocker;
};
