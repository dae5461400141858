import type { GuestResponse, LoginResponse } from '@trashegimia/contract/auth';
import {
  clearSession,
  readSession,
  SESSION_KEYS,
  storeGuest,
  storeLogin,
  storeRenewedToken,
  type Session,
} from './session-storage';

export type SessionStore = {
  getSnapshot: () => Session;
  subscribe: (listener: () => void) => () => void;
  signIn: (response: LoginResponse) => void;
  enterAsGuest: (response: GuestResponse) => void;
  renewToken: (token: string) => void;
  signOut: () => void;
};

const sameSession = (a: Session, b: Session) =>
  a.token === b.token && a.userId === b.userId && a.isGuest === b.isGuest && a.role === b.role;

const SESSION_KEY_SET = new Set<string>(Object.values(SESSION_KEYS));

/**
 * The session as an external store over browser storage, for `useSyncExternalStore`: one snapshot
 * object per change, and other tabs' logins and logouts arrive through the `storage` event.
 */
export const createSessionStore = (storage: Storage): SessionStore => {
  let snapshot = readSession(storage);
  const listeners = new Set<() => void>();

  const refresh = () => {
    const next = readSession(storage);
    if (sameSession(next, snapshot)) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  };

  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEY_SET.has(event.key)) refresh();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', handleStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', handleStorage);
      };
    },
    signIn(response) {
      storeLogin(storage, response);
      refresh();
    },
    enterAsGuest(response) {
      storeGuest(storage, response);
      refresh();
    },
    renewToken(token) {
      storeRenewedToken(storage, token);
      refresh();
    },
    signOut() {
      clearSession(storage);
      refresh();
    },
  };
};
