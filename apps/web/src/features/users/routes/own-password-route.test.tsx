import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { OwnPasswordRoute } from './own-password-route';

const CURRENT = 'the-current-password';

const setup = async (kind: 'user' | 'guest' = 'user') => {
  signInAs(kind);
  const api = createApiMock({
    'PATCH /api/users/me/password': ({ body }) => {
      const { currentPassword, newPassword } = body as { currentPassword: string; newPassword: string };
      if (currentPassword === CURRENT && newPassword === 'password12') {
        return jsonResponse(
          { code: 'password_too_weak', field: 'newPassword', message: 'newPassword: is too easy to guess' },
          400,
        );
      }
      return currentPassword === CURRENT
        ? jsonResponse({ access_token: 'renewed-token' })
        : jsonResponse(
            {
              code: 'wrong_password',
              field: 'currentPassword',
              message: 'The current password is not correct',
            },
            400,
          );
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  await renderRoutes([{ path: '/account/password', element: <OwnPasswordRoute /> }], {
    initialPath: '/account/password',
  });
  return { api, user: userEvent.setup() };
};

const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, repeated = next) => {
  const fields = [
    ['Current password', current],
    ['New password', next],
    ['Repeat new password', repeated],
  ] as const;
  for (const [label, value] of fields) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('/account/password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says next to the new password why the server refuses it, in the visitor’s language', async () => {
    const { user } = await setup();
    await fill(user, CURRENT, 'password12');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password is too easy to guess.');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-describedby', alert.id);
    expect(localStorage.getItem('access_token')).not.toBe('renewed-token');
  });

  it('changes the password, says so, and keeps the session with the fresh token', async () => {
    const { api, user } = await setup();
    await fill(user, CURRENT, 'a-brand-new-password');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/users/me/password')[0]?.body).toEqual({
      currentPassword: CURRENT,
      newPassword: 'a-brand-new-password',
    });
    expect(localStorage.getItem('access_token')).toBe('renewed-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password next to that field', async () => {
    const { user } = await setup();
    await fill(user, 'not-the-password', 'a-brand-new-password');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('The current password is not correct.');
    expect(localStorage.getItem('access_token')).toBe('user-token');
  });

  it('asks for a new password of at least 10 characters, typed the same twice, before sending anything', async () => {
    const { api, user } = await setup();
    await fill(user, '', 'a-brand-new-password');
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Enter your current password.');

    await fill(user, CURRENT, 'short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'The password must be at least 10 characters long.',
    );

    await fill(user, CURRENT, 'a-brand-new-password', 'a-different-password');
    expect(screen.getByLabelText('Repeat new password')).toHaveAccessibleDescription(
      'The two passwords are not the same.',
    );
    expect(api.calls('PATCH', '/api/users/me/password')).toHaveLength(0);
  });

  it('tells a guest there is no password to change and offers the login page', async () => {
    await setup('guest');
    expect(screen.getByText(/Guests have no password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/account/password')}`,
    );
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});
