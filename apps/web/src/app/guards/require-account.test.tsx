import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { renderRoutes } from '@/shared/testing/test-utils';
import { RequireAccount } from './require-account';

const routes = [
  { path: '/', element: <p>Home</p> },
  { path: '/login', element: <p>Login</p> },
  { element: <RequireAccount />, children: [{ path: '/collect', element: <p>Collector</p> }] },
];

describe('RequireAccount', () => {
  it('lets a user or an admin in', async () => {
    signInAs('user');
    await renderRoutes(routes, { initialPath: '/collect' });
    expect(await screen.findByText('Collector')).toBeInTheDocument();
  });

  it('sends a guest home and a visitor without a session to the login, remembering the way back', async () => {
    signInAs('guest');
    const guest = await renderRoutes(routes, { initialPath: '/collect' });
    expect(await screen.findByText('Home')).toBeInTheDocument();
    guest.unmount();

    localStorage.clear();
    const { router } = await renderRoutes(routes, { initialPath: '/collect' });
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/collect')}`);
  });
});
