import { useCallback } from 'react';
import { sendApiRequest } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/use-session';

/** How long signing out waits for the server before forgetting the session here anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * POST /api/auth/logout with this session's token: the server ends it on every instance until it
 * would have expired, a guest's as an account's. Answers 204.
 */
export const logout = async () => {
  await sendApiRequest('/auth/logout', {
    method: 'POST',
    fallback: 'logoutFailed',
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
};

/**
 * Signs out: asks the server to end the token, then forgets the session on this device whatever
 * the answer (a server out of reach, or a token it already refuses, must not keep anyone signed in).
 */
export const useSignOut = () => {
  const { signOut } = useSession();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The token stays valid on the server until it expires; this device forgets it all the same.
    } finally {
      signOut();
    }
  }, [signOut]);
};
