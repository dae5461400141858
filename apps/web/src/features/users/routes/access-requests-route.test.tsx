import type { AccessRequest } from '@trashegimia/contract/access-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AccessRequestsRoute } from './access-requests-route';

const makeRequest = (fields: Partial<AccessRequest> & Pick<AccessRequest, 'id' | 'name' | 'email'>): AccessRequest => ({
  institution: null,
  purpose: 'Research on the towers of Dukagjin',
  language: 'xk',
  status: 'PENDING',
  decisionNote: null,
  decidedBy: null,
  decidedAt: null,
  userName: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  ...fields,
});

const DRITA = makeRequest({ id: 1, name: 'Drita Krasniqi', email: 'Drita.Krasniqi@example.org', institution: 'UP' });
const ILIR = makeRequest({ id: 2, name: 'Ilir Gashi', email: 'ilir@example.org' });
const DECIDED = makeRequest({
  id: 3,
  name: 'Vjosa Berisha',
  email: 'vjosa@example.org',
  status: 'DECLINED',
  decisionNote: 'Purpose unclear',
  decidedBy: 'admin',
  decidedAt: '2026-03-03T10:00:00.000Z',
});

/** An in-memory access-requests API refusing what the server refuses: a user name already taken. */
const createBackend = (initial: AccessRequest[]) => {
  let requests = [...initial];
  const calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const id = Number(url.pathname.split('/')[3]);
    const update = (changes: Partial<AccessRequest>) => {
      requests = requests.map((request) => (request.id === id ? { ...request, ...changes } : request));
      return requests.find((request) => request.id === id)!;
    };

    if (method === 'GET' && url.pathname === '/api/access-requests') {
      const status = url.searchParams.get('status');
      const shown = requests.filter((request) => !status || request.status === status);
      return jsonResponse({ items: shown, meta: { page: 1, limit: 20, totalItems: shown.length, totalPages: 1 } });
    }
    if (method === 'POST' && url.pathname.endsWith('/approve')) {
      const { userName } = body as { userName: string };
      if (userName === 'admin') {
        return jsonResponse(
          { code: 'user_name_taken', field: 'userName', message: 'A user with this name already exists' },
          409,
        );
      }
      const request = update({ status: 'APPROVED', decidedBy: 'admin', userName });
      return jsonResponse({
        request,
        user: { id: 40, userName, role: 1, createdBy: 'admin', createdAt: request.createdAt, lastLogin: null },
        password: 'Xk7pQm2vRt9sWb4nHc6jLd8f',
      });
    }
    if (method === 'POST' && url.pathname.endsWith('/decline')) {
      return jsonResponse(
        update({ status: 'DECLINED', decidedBy: 'admin', decisionNote: (body as { note: string }).note }),
      );
    }
    return new Response('', { status: 404 });
  };
  return { fetchMock, calls: (method: string) => calls.filter((call) => call.method === method) };
};

const setup = async (initial: AccessRequest[] = [DRITA, ILIR, DECIDED]) => {
  signInAs('admin');
  const backend = createBackend(initial);
  vi.stubGlobal('fetch', vi.fn(backend.fetchMock));
  await renderRoutes([{ path: '/admin/access-requests', element: <AccessRequestsRoute /> }], {
    initialPath: '/admin/access-requests',
  });
  return { backend, user: userEvent.setup() };
};

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

describe('access requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the waiting requests with who asked, from where and why', async () => {
    const { backend } = await setup();
    const drita = await rowOf('Drita Krasniqi');
    expect(within(drita).getByText('Drita.Krasniqi@example.org')).toBeInTheDocument();
    expect(within(drita).getByText('UP')).toBeInTheDocument();
    expect(within(drita).getByText('Research on the towers of Dukagjin')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Vjosa/ })).not.toBeInTheDocument();
    expect(backend.calls('GET')[0]!.query.get('status')).toBe('PENDING');
  });

  it('shows decided requests, with who decided and the note, when the filter asks for them', async () => {
    const { user } = await setup();
    await user.selectOptions(await screen.findByLabelText('Show'), 'All requests');
    const vjosa = await rowOf('Vjosa Berisha');
    expect(within(vjosa).getByText('Declined')).toBeInTheDocument();
    expect(within(vjosa).getByText(/^by admin/)).toBeInTheDocument();
    expect(within(vjosa).getByText('Note: Purpose unclear')).toBeInTheDocument();
    expect(within(vjosa).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves with the suggested user name, then shows the one-time password once', async () => {
    const { user, backend } = await setup();
    await user.click(
      within(await rowOf('Drita Krasniqi')).getByRole('button', { name: 'Approve the request of Drita Krasniqi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve the request of Drita Krasniqi' });
    expect(within(dialog).getByLabelText('User name')).toHaveValue('drita.krasniqi');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    const created = await screen.findByRole('dialog', { name: 'Account created' });
    expect(within(created).getByText('Xk7pQm2vRt9sWb4nHc6jLd8f')).toBeInTheDocument();
    expect(within(created).getByText('drita.krasniqi')).toBeInTheDocument();
    expect(backend.calls('POST')[0]).toMatchObject({
      path: '/api/access-requests/1/approve',
      body: { userName: 'drita.krasniqi' },
    });

    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Xk7pQm2vRt9sWb4nHc6jLd8f')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Drita/ })).not.toBeInTheDocument());
  });

  it('copies the one-time password', async () => {
    const { user } = await setup();
    await user.click(
      within(await rowOf('Ilir Gashi')).getByRole('button', { name: 'Approve the request of Ilir Gashi' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('Xk7pQm2vRt9sWb4nHc6jLd8f');
    expect(await screen.findByText('Password copied')).toBeInTheDocument();
  });

  it('says under the user name that it is taken, and keeps the dialog open to choose another', async () => {
    const { user } = await setup();
    await user.click(
      within(await rowOf('Ilir Gashi')).getByRole('button', { name: 'Approve the request of Ilir Gashi' }),
    );
    const dialog = await screen.findByRole('dialog');
    const userName = within(dialog).getByLabelText('User name');
    await user.clear(userName);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText('Enter a user name.')).toBeInTheDocument();
    await user.type(userName, 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('A user with this name already exists.')).toBeInTheDocument();
    expect(userName).toHaveAttribute('aria-invalid', 'true');
  });

  it('declines with a note after asking', async () => {
    const { user, backend } = await setup();
    await user.click(
      within(await rowOf('Ilir Gashi')).getByRole('button', { name: 'Decline the request of Ilir Gashi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request of Ilir Gashi?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Please describe the purpose');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('Request declined')).toBeInTheDocument();
    expect(backend.calls('POST')[0]).toMatchObject({
      path: '/api/access-requests/2/decline',
      body: { note: 'Please describe the purpose' },
    });
  });
});
