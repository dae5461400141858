import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAppConfig } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { routes } from '../routes';

// Web workers do not run here: the proof of work is replaced at its boundary.
vi.mock('@/features/auth/lib/solve-altcha-challenge', () => ({
  solveAltchaChallenge: vi.fn(async () => 'solved-captcha'),
}));
vi.mock('@/features/auth/components/altcha-captcha', () => ({ AltchaCaptcha: () => <p>captcha</p> }));

const config = (provider: 'altcha' | 'recaptcha') =>
  makeAppConfig({ captcha: { provider, challengeUrl: '/api/auth/captcha', recaptchaSiteKey: 'site-key' } });

const CHALLENGE = {
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 1, keyLength: 32, keyPrefix: 'ab' },
  signature: 'sig',
};

const NO_GUIDELINES = { items: [], meta: { page: 1, limit: 100, totalItems: 0, totalPages: 0 } };

const setup = async (provider: 'altcha' | 'recaptcha', guestAnswer = () => jsonResponse({ access_token: 'g-1' })) => {
  const api = createApiMock({
    'GET /api/config': () => jsonResponse(config(provider)),
    'GET /api/auth/captcha': () => jsonResponse(CHALLENGE),
    'POST /api/auth/guest': guestAnswer,
    'GET /api/guidelines': () => jsonResponse(NO_GUIDELINES),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const { router } = await renderRoutes(routes, { initialPath: '/dokumentacioni' });
  return { api, router };
};

describe('/dokumentacioni without a session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('enters as a guest by itself, solving the captcha, and shows the documentation', async () => {
    const { api, router } = await setup('altcha');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation and Forms' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dokumentacioni');
    expect(api.calls('POST', '/api/auth/guest').map((call) => call.body)).toEqual([{ captcha: 'solved-captcha' }]);
    expect(localStorage.getItem('access_token')).toBe('g-1');
    expect(localStorage.getItem('is_guest')).toBe('true');
    // The list is asked for with the new guest token.
    expect(await screen.findByText('There are no documents yet.')).toBeInTheDocument();
  });

  it('sends the visitor to /login when the captcha is reCAPTCHA, which needs a person', async () => {
    const { api, router } = await setup('recaptcha');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/dokumentacioni')}`);
    expect(api.calls('POST', '/api/auth/guest')).toHaveLength(0);
  });

  it('sends the visitor to /login, once, when entering as a guest fails', async () => {
    const { api, router } = await setup('altcha', () =>
      jsonResponse(
        { statusCode: 429, error: 'Too Many Requests', message: 'Slow down', code: 'too_many_requests' },
        429,
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('POST', '/api/auth/guest')).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
