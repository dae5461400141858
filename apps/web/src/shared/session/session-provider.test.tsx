import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireSession } from '@/app/guards/require-session';
import { apiRequest } from '@/shared/api/api-client';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';

const Things = z.object({ items: z.array(z.string()) });

const ThingsPage = () => {
  const things = useQuery({
    queryKey: ['things'],
    queryFn: () => apiRequest('/things', { schema: Things, fallback: 'configFailed' }),
  });
  return <h1>{things.isError ? 'failed' : 'things'}</h1>;
};

const LoginProbe = () => <h1>login</h1>;

describe('SessionProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears the session once and sends the visitor to /login when a call with a token gets 401', async () => {
    localStorage.setItem('access_token', 'expired-token');
    localStorage.setItem('user_id', '3');
    localStorage.setItem('user_role', '1');
    localStorage.setItem('is_guest', 'false');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Token expired', code: 'unauthorized' }, 401),
      ),
    );

    const { router } = await renderRoutes(
      [
        { path: '/login', element: <LoginProbe /> },
        { element: <RequireSession />, children: [{ path: '/things', element: <ThingsPage /> }] },
      ],
      { initialPath: '/things' },
    );

    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fthings');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_role')).toBeNull();
    expect(localStorage.getItem('is_guest')).toBe('false');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getAllByText('Your session has expired. Please log in again.')).toHaveLength(1);
  });
});
