import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { routes } from './routes';
import { makeAppConfig } from '@/shared/testing/data-factories';

// The real ALTCHA widget needs web workers; the login page's captcha is replaced at its boundary.
vi.mock('@/features/auth/components/altcha-captcha', () => ({ AltchaCaptcha: () => <p>captcha</p> }));

const CONFIG = makeAppConfig();

const signInAs = (kind: 'guest' | 'user' | 'admin') => {
  localStorage.setItem('access_token', `${kind}-token`);
  localStorage.setItem('is_guest', String(kind === 'guest'));
  if (kind !== 'guest') {
    localStorage.setItem('user_id', '1');
    localStorage.setItem('user_role', kind === 'admin' ? '2' : '1');
  }
};

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route guards', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(CONFIG)),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(['/', '/map', '/data/3', '/assets/00000000-0000-4000-8000-000000000001', '/docs', '/about'])(
    'sends a visitor without a session from %s to /login, remembering the way back',
    async (path) => {
      const { router } = await renderRoutes(routes, { initialPath: path });
      expect(await heading('Log in')).toBeInTheDocument();
      const { pathname, search } = router.state.location;
      expect(pathname).toBe('/login');
      expect(new URLSearchParams(search).get('redirectTo')).toBe(path === '/' ? null : path);
    },
  );

  it('sends a visitor without a session from an admin route to /login with the return location', async () => {
    const { router } = await renderRoutes(routes, { initialPath: '/admin/surveys/assets/abc/media' });
    expect(await heading('Log in')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/admin/surveys/assets/abc/media')}`);
  });

  it('sends a guest away from an admin route to home', async () => {
    signInAs('guest');
    const { router } = await renderRoutes(routes, { initialPath: '/admin/users' });
    expect(await heading('Platform for cultural heritage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a logged-in non-admin away from an admin route to home', async () => {
    signInAs('user');
    const { router } = await renderRoutes(routes, { initialPath: '/formularet/pajisjet' });
    expect(await heading('Platform for cultural heritage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a guest use the public side', async () => {
    signInAs('guest');
    await renderRoutes(routes, { initialPath: '/map' });
    expect(await heading('Interactive Map')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account menu for Guest/ })).toBeInTheDocument();
  });

  it("leads an account, not a guest, from the account menu to 'Change password'", async () => {
    const user = userEvent.setup();
    signInAs('user');
    const { router, unmount } = await renderRoutes(routes, { initialPath: '/map' });
    expect(await heading('Interactive Map')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu for User/ }));
    await user.click(screen.getByRole('link', { name: 'Change password' }));
    expect(await heading('Change password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/password');
    unmount();

    localStorage.clear();
    signInAs('guest');
    await renderRoutes(routes, { initialPath: '/map' });
    expect(await heading('Interactive Map')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu for Guest/ }));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
  });

  it('lets anyone open /login', async () => {
    signInAs('guest');
    await renderRoutes(routes, { initialPath: '/login' });
    expect(await heading('Log in')).toBeInTheDocument();
  });

  it.each([
    ['/', 'Platform for cultural heritage'],
    ['/about', 'About'],
    ['/data', 'Data'],
    ['/data/7', 'Dataset'],
    ['/analytics', 'Analytics'],
    ['/map', 'Interactive Map'],
    ['/archive', 'Archive'],
    ['/dokumentacioni', 'Documentation and Forms'],
    ['/docs', 'Documentation'],
    ['/admin/surveys', 'Surveys'],
    ['/admin/surveys/new', 'Create Survey'],
    ['/admin/surveys/12', 'Edit Survey'],
    ['/admin/surveys/assets', 'Survey Assets'],
    ['/admin/surveys/assets/abc', 'Edit Asset'],
    ['/admin/surveys/assets/abc/media', 'Asset Media'],
    ['/admin/questions/library', 'Question Library'],
    ['/admin/devices', 'Devices'],
    ['/admin/users', 'Users'],
    ['/admin/datasets', 'Datasets'],
    ['/admin/guidelines', 'Guidelines'],
    ['/admin/formularet/dokumentet', 'Guidelines'],
    ['/admin/formularet/pajisjet', 'Devices'],
    ['/admin/formularet/device', 'Devices'],
    ['/formularet/pajisjet', 'Devices'],
    ['/admin/formularet/lista-formulareve', 'Forms'],
    ['/formularet/lista-formulareve', 'Forms'],
  ])('shows an admin %s', async (path, title) => {
    signInAs('admin');
    const { router } = await renderRoutes(routes, { initialPath: path });
    expect(await heading(title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it("shows 'No route matches URL' for an unknown route", async () => {
    await renderRoutes(routes, { initialPath: '/no/such/page' });
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByText('No route matches URL "/no/such/page"')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
