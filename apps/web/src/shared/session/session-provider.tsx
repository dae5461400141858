import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpiredError } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/use-toast';
import { createSessionStore, type SessionStore } from './session-store';
import { isAdmin, isLoggedIn } from './session-storage';
import { SessionContext, type SessionContextValue } from './use-session';

type SessionProviderProps = {
  children: ReactNode;
  /** Tests and the server render pass their own; the browser keeps the session in localStorage. */
  store?: SessionStore;
};

/**
 * Holds the session and is the ONE place that reacts to an expired token: when any query or
 * mutation that carried a token fails with 401, the session is cleared and cached data dropped.
 * The route guards then send the visitor to /login, remembering where they were.
 */
export const SessionProvider = ({ children, store: givenStore }: SessionProviderProps) => {
  const [store] = useState(() => givenStore ?? createSessionStore(window.localStorage));
  // On the server the given store holds the session the page is rendered for.
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { t } = useTranslation();

  /** Drops what one user fetched so the next one never sees it; the run-time config stays. */
  const dropUserData = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  }, [queryClient]);

  useEffect(() => {
    const handleError = (error: unknown) => {
      if (!isSessionExpiredError(error) || !isLoggedIn(store.getSnapshot())) return;
      store.signOut();
      // Not inside the cache's own notification: removing queries there would re-enter it.
      queueMicrotask(dropUserData);
      showToast({ message: t('session.expired'), tone: 'info' });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handleError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handleError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, store, dropUserData, showToast, t]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      isLoggedIn: isLoggedIn(session),
      isGuest: session.isGuest,
      isAdmin: isAdmin(session),
      signIn: (response) => {
        dropUserData();
        store.signIn(response);
      },
      enterAsGuest: (response) => {
        dropUserData();
        store.enterAsGuest(response);
      },
      renewToken: (token) => store.renewToken(token),
      signOut: () => {
        store.signOut();
        dropUserData();
      },
    }),
    [session, store, dropUserData],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
};
