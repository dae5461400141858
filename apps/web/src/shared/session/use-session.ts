import type { GuestResponse, LoginResponse } from '@trashegimia/contract/auth';
import { createContext, useContext } from 'react';
import type { Session } from './session-storage';

export type SessionContextValue = {
  session: Session;
  isLoggedIn: boolean;
  isGuest: boolean;
  isAdmin: boolean;
  signIn: (response: LoginResponse) => void;
  enterAsGuest: (response: GuestResponse) => void;
  /** Replaces the token of the same account, keeping what was fetched with the old one. */
  renewToken: (token: string) => void;
  signOut: () => void;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export const useSession = (): SessionContextValue => {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
};
