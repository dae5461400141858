import type { LoginResponse } from '@trashegimia/contract/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  isAdmin,
  isLoggedIn,
  parseServerRole,
  parseStoredRole,
  readSession,
  type Session,
  storeGuest,
  storeLogin,
  storeRenewedToken,
  storeVerifiedToken,
} from './session-storage';
import { createMemoryStorage } from './memory-storage';

const loginResponse = (overrides: Partial<LoginResponse> = {}): LoginResponse => ({
  access_token: 'token-1',
  userId: 7,
  role: 2,
  user: { id: 7, userName: 'admin', role: 2 },
  ...overrides,
});

describe('session rules', () => {
  beforeEach(() => localStorage.clear());

  it('accepts a role from the server only when it is a number', () => {
    expect(parseServerRole(2)).toBe(2);
    expect(parseServerRole(1)).toBe(1);
    expect(parseServerRole('2')).toBeNull();
    expect(parseServerRole(null)).toBeNull();
    expect(parseServerRole(undefined)).toBeNull();
    expect(parseServerRole(Number.NaN)).toBeNull();
    expect(parseServerRole(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('accepts a stored role only when it parses to a finite integer', () => {
    expect(parseStoredRole('2')).toBe(2);
    expect(parseStoredRole('1')).toBe(1);
    expect(parseStoredRole('1.5')).toBeNull();
    expect(parseStoredRole('admin')).toBeNull();
    expect(parseStoredRole('')).toBeNull();
    expect(parseStoredRole('  ')).toBeNull();
    expect(parseStoredRole('Infinity')).toBeNull();
    expect(parseStoredRole('NaN')).toBeNull();
    expect(parseStoredRole(null)).toBeNull();
  });

  it('stores token, user id and role on login and sets guest false', () => {
    localStorage.setItem('is_guest', 'true');
    storeLogin(localStorage, loginResponse());
    expect(localStorage.getItem('access_token')).toBe('token-1');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('user_role')).toBe('2');
    expect(localStorage.getItem('is_guest')).toBe('false');
    expect(readSession(localStorage)).toEqual({ token: 'token-1', userId: '7', isGuest: false, role: 2 });
  });

  it('does not store a role that is not a number', () => {
    localStorage.setItem('user_role', '2');
    storeLogin(localStorage, loginResponse({ role: 'x' as never, user: { id: 7, userName: 'a', role: 'y' as never } }));
    expect(localStorage.getItem('user_role')).toBeNull();
    expect(readSession(localStorage).role).toBeNull();
  });

  it('ignores a stored role that does not parse to an integer', () => {
    localStorage.setItem('access_token', 't');
    localStorage.setItem('user_role', 'superuser');
    expect(readSession(localStorage).role).toBeNull();
    expect(isAdmin(readSession(localStorage))).toBe(false);
  });

  it('stores the token on guest login, clears user id and role, and sets guest true', () => {
    storeLogin(localStorage, loginResponse());
    storeGuest(localStorage, { access_token: 'guest-token' });
    expect(localStorage.getItem('access_token')).toBe('guest-token');
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('user_role')).toBeNull();
    expect(localStorage.getItem('is_guest')).toBe('true');
    expect(isAdmin(readSession(localStorage))).toBe(false);
  });

  it('clears everything on logout and sets guest false', () => {
    storeGuest(localStorage, { access_token: 'guest-token' });
    clearSession(localStorage);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('user_role')).toBeNull();
    expect(localStorage.getItem('is_guest')).toBe('false');
    expect(isLoggedIn(readSession(localStorage))).toBe(false);
  });

  it('counts as logged in when a token exists or the visitor is a guest', () => {
    const nobody: Session = { token: null, userId: null, isGuest: false, role: null };
    expect(isLoggedIn(nobody)).toBe(false);
    expect(isLoggedIn({ ...nobody, token: 't' })).toBe(true);
    expect(isLoggedIn({ ...nobody, isGuest: true })).toBe(true);
  });

  it('treats only role 2 without guest as admin', () => {
    expect(isAdmin({ token: 't', userId: '1', isGuest: false, role: 2 })).toBe(true);
    expect(isAdmin({ token: 't', userId: '1', isGuest: false, role: 1 })).toBe(false);
    expect(isAdmin({ token: 't', userId: null, isGuest: true, role: 2 })).toBe(false);
  });
});

/** A token as the server signs it, expiring `secondsLeft` from now. */
const tokenExpiringIn = (secondsLeft: number) => {
  const payload = btoa(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) + secondsLeft }));
  return `eyJhbGciOiJIUzI1NiJ9.${payload.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`;
};
const sessionCookie = () => /(?:^|;\s*)session=([^;]*)/.exec(document.cookie)?.[1] ?? '';

describe('the session cookie the server renders pages for (decision 0042)', () => {
  beforeEach(() => clearSession(localStorage));

  it('holds the token from login, guest entry and renewal, and nothing after logout', () => {
    const token = tokenExpiringIn(3600);
    storeLogin(localStorage, loginResponse({ access_token: token }));
    expect(sessionCookie()).toBe(token);
    const guestToken = tokenExpiringIn(1800);
    storeGuest(localStorage, { access_token: guestToken });
    expect(sessionCookie()).toBe(guestToken);
    const renewed = tokenExpiringIn(7200);
    storeRenewedToken(localStorage, renewed);
    expect(sessionCookie()).toBe(renewed);
    clearSession(localStorage);
    expect(sessionCookie()).toBe('');
  });

  it('does not outlive its token', () => {
    storeGuest(localStorage, { access_token: tokenExpiringIn(0) });
    expect(sessionCookie()).toBe('');
  });
});

describe('the session a server render holds', () => {
  it('is what the browser stored, rebuilt from the verified claims', () => {
    const admin = createMemoryStorage();
    storeVerifiedToken(admin, 'token-1', { guest: false, userId: 7, role: 2 });
    storeLogin(localStorage, loginResponse());
    expect(readSession(admin)).toEqual(readSession(localStorage));
    const guest = createMemoryStorage();
    storeVerifiedToken(guest, 'token-2', { guest: true });
    expect(readSession(guest)).toEqual({ token: 'token-2', userId: null, isGuest: true, role: null });
  });
});
