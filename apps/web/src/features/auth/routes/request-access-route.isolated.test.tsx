import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAppConfig } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import type { CaptchaHandle } from '../components/altcha-captcha';
import { LoginRoute } from './login-route';
import { RequestAccessRoute } from './request-access-route';

// The widget boundary: a button that "solves" the captcha; reset() clears it like the real one.
vi.mock('../components/altcha-captcha', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    AltchaCaptcha: ({
      onChange,
      ref,
    }: {
      onChange: (payload: string | null) => void;
      ref?: React.Ref<CaptchaHandle>;
    }) => {
      useImperativeHandle(ref, () => ({ reset: () => onChange(null) }));
      return (
        <button type="button" onClick={() => onChange('captcha-solution')}>
          Solve captcha
        </button>
      );
    },
  };
});

type Handler = (body: Record<string, unknown>) => Response;

const setup = async ({
  answer = () => jsonResponse({ id: 7, status: 'PENDING' }, 201),
  initialPath = '/request-access',
  language = 'en' as 'en' | 'xk' | 'sr',
}: { answer?: Handler; initialPath?: string; language?: 'en' | 'xk' | 'sr' } = {}) => {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (url === '/api/config') return jsonResponse(makeAppConfig());
    if (url === '/api/access-requests') return answer(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  await renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/request-access', element: <RequestAccessRoute /> },
    ],
    { initialPath, language },
  );
  const requests = () => fetchMock.mock.calls.filter(([url]) => url === '/api/access-requests');
  /** Types into the fields named by their labels. */
  const fill = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value);
  };
  const solveCaptcha = async () => user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
  const send = () => user.click(screen.getByRole('button', { name: 'Send request' }));
  return { user, requests, fill, solveCaptcha, send };
};

describe('asking for an account', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is reached from the login page', async () => {
    const { user } = await setup({ initialPath: '/login' });
    expect(screen.getByText(/No account yet\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request an account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request an account' })).toBeInTheDocument();
  });

  it('sends name, email, institution, purpose and the captcha, then says the request arrived', async () => {
    const { user, fill, solveCaptcha, send, requests } = await setup();
    await fill({ 'Full name': 'Drita Krasniqi', 'Email address': 'drita@example.org', Purpose: 'Research' });
    await user.type(screen.getByLabelText('Institution (optional)'), 'Instituti Albanologjik');
    await solveCaptcha();
    await send();

    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
    expect(screen.getByText(/reply to drita@example\.org/)).toBeInTheDocument();
    expect(requests()).toHaveLength(1);
    expect(JSON.parse(String(requests()[0]![1]!.body))).toEqual({
      name: 'Drita Krasniqi',
      email: 'drita@example.org',
      institution: 'Instituti Albanologjik',
      purpose: 'Research',
      captcha: 'captcha-solution',
    });
  });

  it('names each missing or malformed field and sends nothing', async () => {
    const { fill, solveCaptcha, send, requests } = await setup();
    await solveCaptcha();
    await send();
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Say what you need the data for.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');

    await fill({ 'Full name': 'Drita', 'Email address': 'drita-at-example', Purpose: 'Research' });
    await send();
    expect(screen.getByText('Enter a valid email address, such as name@example.org.')).toBeInTheDocument();
    expect(screen.queryByText('Enter your name.')).not.toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('asks for the captcha before sending', async () => {
    const { fill, send, requests } = await setup();
    await fill({ 'Full name': 'Drita', 'Email address': 'drita@example.org', Purpose: 'Research' });
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the captcha.');
    expect(requests()).toHaveLength(0);
  });

  it('says beside the email, in the visitor’s language, that a request from it still waits, and wants a new captcha', async () => {
    const { fill, solveCaptcha, requests } = await setup({
      language: 'xk',
      answer: () =>
        jsonResponse(
          { code: 'access_request_pending', field: 'email', message: 'A request … is already waiting' },
          409,
        ),
    });
    await fill({ 'Emri i plotë': 'Drita', 'Adresa e email-it': 'drita@example.org', Qëllimi: 'Kërkim' });
    await solveCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Dërgo kërkesën' }));
    const email = screen.getByLabelText('Adresa e email-it');
    expect(await within(email.parentElement!).findByText(/është ende në pritje/)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(requests()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Solve captcha' })).toBeInTheDocument();
  });

  it('tells a visitor who sent too many requests how long to wait', async () => {
    const { fill, solveCaptcha, send } = await setup({
      answer: () => jsonResponse({ code: 'too_many_requests', message: 'Too many', retryAfterSeconds: 1800 }, 429),
    });
    await fill({ 'Full name': 'Drita', 'Email address': 'drita@example.org', Purpose: 'Research' });
    await solveCaptcha();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 30 min.');
  });
});
