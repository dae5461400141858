import type { User } from '@trashegimia/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { UsersRoute } from './users-route';

const makeUser = (fields: Partial<User> & Pick<User, 'id' | 'userName'>): User => ({
  role: 1,
  createdBy: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  ...fields,
});

/** What the server's strength estimate refuses, in this backend. */
const WEAK_PASSWORD = '1234567890';
const tooWeak = () =>
  jsonResponse({ code: 'password_too_weak', field: 'password', message: 'password: is too easy to guess' }, 400);

/**
 * An in-memory users API that refuses what the server refuses: a taken name, oneself, the last
 * admin, a password too easy to guess.
 */
const createUserBackend = (initial: User[]) => {
  let users = [...initial];
  let nextId = Math.max(0, ...users.map((user) => user.id)) + 1;
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let failNextList: Response | null = null;
  const signedInId = 1;

  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    const id = Number(url.pathname.split('/')[3]);

    if (method === 'GET' && url.pathname === '/api/users') {
      if (failNextList) {
        const failure = failNextList;
        failNextList = null;
        return failure;
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return jsonResponse({
        items: users.slice((page - 1) * limit, page * limit),
        meta: { page, limit, totalItems: users.length, totalPages: Math.ceil(users.length / limit) },
      });
    }
    if (method === 'POST' && url.pathname === '/api/users') {
      const { userName, role, password } = body as { userName: string; role: 1 | 2; password: string };
      if (password === WEAK_PASSWORD) return tooWeak();
      if (users.some((user) => user.userName === userName)) {
        return jsonResponse(
          { code: 'user_name_taken', field: 'userName', message: 'A user with this name already exists' },
          409,
        );
      }
      const user = makeUser({ id: nextId++, userName, role });
      users.push(user);
      return jsonResponse(user, 201);
    }
    if (method === 'DELETE') {
      if (id === signedInId) {
        return jsonResponse({ code: 'cannot_delete_self', message: 'You cannot delete your own account' }, 409);
      }
      const user = users.find((candidate) => candidate.id === id);
      if (user?.role === 2 && users.filter((candidate) => candidate.role === 2).length === 1) {
        return jsonResponse({ code: 'last_admin', message: 'The last administrator cannot be deleted' }, 409);
      }
      users = users.filter((candidate) => candidate.id !== id);
      return new Response(null, { status: 204 });
    }
    if (method === 'PATCH' && url.pathname.endsWith('/password')) {
      if ((body as { password: string }).password === WEAK_PASSWORD) return tooWeak();
      return new Response(null, { status: 204 });
    }
    return new Response('', { status: 404 });
  };
  return {
    fetchMock,
    users: () => users,
    requests: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    failNextList: (response: Response) => {
      failNextList = response;
    },
  };
};

const ADMIN = makeUser({ id: 1, userName: 'admin', role: 2, lastLogin: '2026-11-19T14:05:00.000Z' });
const FIELD_WORKER = makeUser({ id: 2, userName: 'arta', role: 1 });

const setup = async (
  initial: User[] = [ADMIN, FIELD_WORKER],
  prepare?: (backend: ReturnType<typeof createUserBackend>) => void,
) => {
  signInAs('admin');
  const backend = createUserBackend(initial);
  prepare?.(backend);
  vi.stubGlobal('fetch', vi.fn(backend.fetchMock));
  await renderRoutes([{ path: '/admin/users', element: <UsersRoute /> }], { initialPath: '/admin/users' });
  return { backend, user: userEvent.setup() };
};

const rowOf = async (userName: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(`^${userName}`) })).closest('tr')!;

describe('users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each account with its id, role and last login in the visitor’s language', async () => {
    await setup();
    const admin = await rowOf('admin');
    expect(within(admin).getByText('Admin')).toBeInTheDocument();
    expect(within(admin).getByText('(you)')).toBeInTheDocument();
    expect(within(admin).getByText(/^November 19, 2026, \d\d:\d\d/)).toBeInTheDocument();
    expect(within(admin).getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/account/password');
    expect(within(admin).queryByRole('button', { name: /^Reset the password/ })).toBeNull();
    const worker = await rowOf('arta');
    expect(within(worker).getByText('2')).toBeInTheDocument();
    expect(within(worker).getByText('User')).toBeInTheDocument();
    expect(within(worker).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Page 1 / 1')).toBeInTheDocument();
  });

  it('creates a user with role 1 unless admin is chosen, after the password is long enough and repeated', async () => {
    const { user, backend } = await setup();
    await rowOf('arta');
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('1');

    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'blerim');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The password must be at least 10 characters long.');

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(backend.requests('POST', '/api/users')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Repeat password'));
    await user.type(within(dialog).getByLabelText('Repeat password'), 'a-long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests('POST', '/api/users')[0]?.body).toEqual({
      userName: 'blerim',
      password: 'a-long-password',
      role: 1,
    });
    expect(await rowOf('blerim')).toHaveTextContent('User');
    expect(screen.getByText('Saved successfully')).toBeInTheDocument();
  });

  it('says next to the password why the server refuses it as too easy to guess, and keeps the form open', async () => {
    const { user, backend } = await setup();
    await rowOf('arta');
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'blerim');
    await user.type(within(dialog).getByLabelText('Password'), WEAK_PASSWORD);
    await user.type(within(dialog).getByLabelText('Repeat password'), WEAK_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This password is too easy to guess.');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-describedby', alert.id);
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.users().map((account) => account.userName)).not.toContain('blerim');
  });

  it('refuses, before sending it, a password holding the user name or made of spaces', async () => {
    const { user, backend } = await setup();
    await rowOf('arta');
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'blerim');
    await user.type(within(dialog).getByLabelText('Password'), 'Blerim-kalaja-2026');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'Blerim-kalaja-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The password cannot be the user name or contain it.');

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), ' '.repeat(12));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The password cannot be blank or mostly spaces.');
    expect(backend.requests('POST', '/api/users')).toHaveLength(0);
  });

  it('creates an administrator when admin is chosen', async () => {
    const { user, backend } = await setup();
    await rowOf('arta');
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'drita');
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'a-long-password');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await rowOf('drita')).toHaveTextContent('Admin');
    expect(backend.requests('POST', '/api/users')[0]?.body).toMatchObject({ role: 2 });
  });

  it('keeps the form open and says why when the name is taken', async () => {
    const { user } = await setup();
    await rowOf('arta');
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'arta');
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'a-long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A user with this name already exists.');
  });

  it('deletes a user only after confirmation', async () => {
    const { user, backend } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Delete arta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.requests('DELETE', '/api/users/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete arta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'arta' })).not.toBeInTheDocument());
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(backend.users().map((account) => account.userName)).toEqual(['admin']);
  });

  it('says why the server refuses to delete one’s own account or the last administrator', async () => {
    const { user } = await setup([ADMIN, makeUser({ id: 3, userName: 'besa', role: 2 })]);
    await user.click(await screen.findByRole('button', { name: 'Delete admin' }));
    const self = await screen.findByRole('dialog', { name: 'Delete user?' });
    await user.click(within(self).getByRole('button', { name: 'Delete' }));
    expect(await within(self).findByRole('alert')).toHaveTextContent('You cannot delete your own account.');
    await user.click(within(self).getByRole('button', { name: 'Cancel' }));
  });

  it('tells the administrator that the last administrator cannot be deleted', async () => {
    const { user } = await setup([makeUser({ id: 5, userName: 'solo', role: 2 })]);
    await user.click(await screen.findByRole('button', { name: 'Delete solo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The last administrator cannot be deleted.');
  });

  it('sets a new password for an account', async () => {
    const { user, backend } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Reset the password of arta' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password for arta' });
    await user.type(within(dialog).getByLabelText('New password'), 'another-password');
    await user.type(within(dialog).getByLabelText('Repeat new password'), 'another-password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests('PATCH', '/api/users/2/password')[0]?.body).toEqual({ password: 'another-password' });
    expect(screen.getByText('The password has been changed.')).toBeInTheDocument();
  });

  it('says next to the new password why the server refuses it, and keeps the dialog open', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Reset the password of arta' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password for arta' });
    await user.type(within(dialog).getByLabelText('New password'), WEAK_PASSWORD);
    await user.type(within(dialog).getByLabelText('Repeat new password'), WEAK_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This password is too easy to guess.');
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('aria-describedby', alert.id);
  });

  it("says 'Failed to load' with the reason, and tries again", async () => {
    const { user } = await setup(undefined, (backend) =>
      backend.failNextList(jsonResponse({ message: 'Database unavailable' }, 500)),
    );
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed to load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('arta')).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch users' when the server gives no reason", async () => {
    await setup(undefined, (backend) => backend.failNextList(new Response('', { status: 502 })));
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });
});
