import type { GuestResponse, LoginResponse, TokenClaims } from '@trashegimia/contract/auth';
import { ROLE } from '@trashegimia/contract/common';
import { SESSION_COOKIE } from '@trashegimia/contract/page-render';

/** Browser storage keys of the session (spec §3, §9). */
export const SESSION_KEYS = {
  token: 'access_token',
  userId: 'user_id',
  isGuest: 'is_guest',
  role: 'user_role',
} as const;

export type Session = {
  token: string | null;
  userId: string | null;
  isGuest: boolean;
  /** A numeric role (1 user, 2 admin) or null when unknown. */
  role: number | null;
};

/** A role from the server is accepted only if it is a number (spec §5). */
export const parseServerRole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A stored role is accepted only if it parses to a finite integer (spec §5). */
export const parseStoredRole = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const role = Number(value);
  return Number.isInteger(role) ? role : null;
};

/** Logged in when a token exists or the visitor is a guest (spec §4). */
export const isLoggedIn = (session: Session): boolean => Boolean(session.token) || session.isGuest;

export const isAdmin = (session: Session): boolean => !session.isGuest && session.role === ROLE.ADMIN;

export const readSession = (storage: Storage): Session => ({
  token: storage.getItem(SESSION_KEYS.token) || null,
  userId: storage.getItem(SESSION_KEYS.userId) || null,
  isGuest: storage.getItem(SESSION_KEYS.isGuest) === 'true',
  role: parseStoredRole(storage.getItem(SESSION_KEYS.role)),
});

/** Seconds until a token expires, from its `exp`; null when it cannot be read. */
const secondsLeftOf = (token: string): number | null => {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? Math.max(0, Math.floor(exp - Date.now() / 1000)) : null;
  } catch {
    return null;
  }
};

/**
 * Mirrors the token into the `session` cookie, so that a page navigation carries it and the server
 * renders the public pages' first view for this session (decision 0042); it lives as long as the
 * token. The API never reads the cookie: its calls carry the token as before.
 */
export const mirrorTokenInCookie = (token: string | null): void => {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const lifetime = token ? secondsLeftOf(token) : 0;
  const maxAge = lifetime === null ? '' : `; max-age=${lifetime}`;
  document.cookie = `${SESSION_COOKIE}=${token ?? ''}; path=/${maxAge}; samesite=lax${secure}`;
};

/** Login stores token, user id and role, and sets guest false (spec §4). */
export const storeLogin = (storage: Storage, response: LoginResponse): void => {
  // The spec reads `role` or `user.role`; the contract carries both (and `userId` = `user.id`).
  const role = parseServerRole(response.role) ?? parseServerRole(response.user.role);
  storage.setItem(SESSION_KEYS.token, response.access_token);
  storage.setItem(SESSION_KEYS.userId, String(response.userId));
  if (role === null) storage.removeItem(SESSION_KEYS.role);
  else storage.setItem(SESSION_KEYS.role, String(role));
  storage.setItem(SESSION_KEYS.isGuest, 'false');
  mirrorTokenInCookie(response.access_token);
};

/** Guest login stores the token, clears user id and role, and sets guest true (spec §4). */
export const storeGuest = (storage: Storage, response: GuestResponse): void => {
  storage.setItem(SESSION_KEYS.token, response.access_token);
  storage.removeItem(SESSION_KEYS.userId);
  storage.removeItem(SESSION_KEYS.role);
  storage.setItem(SESSION_KEYS.isGuest, 'true');
  mirrorTokenInCookie(response.access_token);
};

/** A fresh token for the same account (e.g. after changing one's password); user id and role stay. */
export const storeRenewedToken = (storage: Storage, token: string): void => {
  storage.setItem(SESSION_KEYS.token, token);
  mirrorTokenInCookie(token);
};

/**
 * The session as the browser that sent this token stored it, rebuilt from the claims the server
 * verified: what the server render of a page holds for the visitor.
 */
export const storeVerifiedToken = (storage: Storage, token: string, claims: TokenClaims): void => {
  storage.setItem(SESSION_KEYS.token, token);
  storage.setItem(SESSION_KEYS.isGuest, String(claims.guest));
  if (claims.guest) return;
  storage.setItem(SESSION_KEYS.userId, String(claims.userId));
  storage.setItem(SESSION_KEYS.role, String(claims.role));
};

/** Logout clears everything and sets guest false (spec §4). */
export const clearSession = (storage: Storage): void => {
  storage.removeItem(SESSION_KEYS.token);
  storage.removeItem(SESSION_KEYS.userId);
  storage.removeItem(SESSION_KEYS.role);
  storage.setItem(SESSION_KEYS.isGuest, 'false');
  mirrorTokenInCookie(null);
};

/** The bearer token for API calls, read fresh from storage on every call. */
export const readToken = (storage: Storage = window.localStorage): string | null =>
  storage.getItem(SESSION_KEYS.token) || null;
