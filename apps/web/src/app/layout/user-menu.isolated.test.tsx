import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAppConfig } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { routes } from '../routes';

// The real ALTCHA widget needs web workers; the login page's captcha is replaced at its boundary.
vi.mock('@/features/auth/components/altcha-captcha', () => ({ AltchaCaptcha: () => <p>captcha</p> }));

const signIn = (kind: 'guest' | 'user') => {
  localStorage.setItem('access_token', `${kind}-token`);
  localStorage.setItem('is_guest', String(kind === 'guest'));
  if (kind === 'user') {
    localStorage.setItem('user_id', '1');
    localStorage.setItem('user_role', '1');
  }
};

/** The API: the configuration, and sign-out answered by `logout`. */
const stubApi = (logout: () => Promise<Response>) => {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
    url === '/api/auth/logout' ? logout() : jsonResponse(makeAppConfig()),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    fetchMock.mock.calls
      .filter(([url]) => url === '/api/auth/logout')
      .map(([, init]) => ({ method: init?.method, authorization: new Headers(init?.headers).get('Authorization') }));
};

const signOut = async (role: 'Guest' | 'User') => {
  const user = userEvent.setup();
  await renderRoutes(routes, { initialPath: '/map' });
  await user.click(await screen.findByRole('button', { name: new RegExp(`Account menu for ${role}`) }));
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
};

describe('signing out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each([
    ['user', 'User'],
    ['guest', 'Guest'],
  ] as const)('asks the server to end the %s token, then forgets the session', async (kind, role) => {
    signIn(kind);
    const logoutCalls = stubApi(async () => new Response(null, { status: 204 }));
    await signOut(role);
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(logoutCalls()).toEqual([{ method: 'POST', authorization: `Bearer ${kind}-token` }]);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('forgets the session on this device even when the server cannot be reached', async () => {
    signIn('user');
    const logoutCalls = stubApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    await signOut('User');
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(logoutCalls()).toHaveLength(1);
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
  });
});
