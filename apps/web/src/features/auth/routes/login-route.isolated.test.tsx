import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import type { CaptchaHandle } from '../components/altcha-captcha';
import { loadRecaptcha, type Grecaptcha, type RecaptchaRenderParameters } from '../components/load-recaptcha';
import { LoginRoute } from './login-route';
import { makeAppConfig } from '@/shared/testing/data-factories';

/** What the widget boundary was asked to do: solve a fresh challenge at once, from which URL. */
const widget = vi.hoisted(() => ({ solvedAgain: 0 }));

// The widget boundary: a button that "solves" the captcha; reset() clears it like the real one, and
// solveAgain() solves the challenge its URL now names.
vi.mock('../components/altcha-captcha', () => ({
  AltchaCaptcha: ({
    challengeUrl,
    onChange,
    ref,
  }: {
    challengeUrl: string;
    onChange: (payload: string | null) => void;
    ref?: React.Ref<CaptchaHandle>;
  }) => {
    useImperativeHandle(ref, () => ({
      reset: () => onChange(null),
      solveAgain: () => {
        widget.solvedAgain += 1;
        onChange(`solution-from ${challengeUrl}`);
      },
    }));
    return (
      <button type="button" data-challenge-url={challengeUrl} onClick={() => onChange('captcha-solution')}>
        Solve captcha
      </button>
    );
  },
}));

// Google's script is not loaded: the real reCAPTCHA component gets a grecaptcha whose checkbox is a button.
vi.mock('../components/load-recaptcha', () => ({ loadRecaptcha: vi.fn() }));

const fakeGrecaptcha = () => {
  const rendered: RecaptchaRenderParameters[] = [];
  const grecaptcha = {
    ready: (callback: () => void) => callback(),
    render: vi.fn((element: HTMLElement, parameters: RecaptchaRenderParameters) => {
      const checkbox = document.createElement('button');
      checkbox.type = 'button';
      checkbox.textContent = "I'm not a robot";
      checkbox.addEventListener('click', () => parameters.callback('recaptcha-token'));
      element.appendChild(checkbox);
      rendered.push(parameters);
      return 0;
    }),
    reset: vi.fn(),
  } satisfies Grecaptcha;
  return { grecaptcha, rendered };
};

type Handler = (body: unknown) => Response;

const setup = async ({
  login,
  guest,
  provider = 'altcha',
  initialPath = '/login',
  language = 'en' as const,
}: {
  login?: Handler;
  guest?: Handler;
  provider?: 'altcha' | 'recaptcha';
  initialPath?: string;
  language?: 'en' | 'xk';
} = {}) => {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/config') {
      return jsonResponse(
        makeAppConfig({
          captcha: {
            provider,
            challengeUrl: '/api/auth/captcha',
            ...(provider === 'recaptcha' && { recaptchaSiteKey: 'site-key-123' }),
          },
        }),
      );
    }
    if (url === '/api/auth/login' && login) return login(body);
    if (url === '/api/auth/guest' && guest) return guest(body);
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  const view = await renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/map', element: <h1>Map page</h1> },
    ],
    { initialPath, language },
  );
  const submit = () => screen.getByRole('button', { name: 'Log in' });
  const solveCaptcha = async () => user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
  const loginCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/login');
  return { ...view, user, fetchMock, submit, solveCaptcha, loginCalls };
};

const LOGIN_OK = {
  access_token: 'jwt-admin',
  userId: 1,
  role: 2,
  user: { id: 1, userName: 'admin', role: 2 },
};

describe('login page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows labelled username and password fields and keeps log in disabled until the captcha is solved', async () => {
    const { submit, solveCaptcha } = await setup();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(submit()).toBeDisabled();
    await solveCaptcha();
    expect(submit()).toBeEnabled();
  });

  it("asks for both fields: 'Please fill in all fields.'", async () => {
    const { user, submit, solveCaptcha, loginCalls } = await setup();
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(loginCalls()).toHaveLength(0);
  });

  it("asks for the captcha: 'Please complete the captcha.'", async () => {
    const { user, loginCalls } = await setup();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    fireEvent.submit(screen.getByLabelText('Username').closest('form') as HTMLFormElement);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the captcha.');
    expect(loginCalls()).toHaveLength(0);
  });

  it("needs the captcha for guest entry: 'Please complete the captcha to enter as guest.'", async () => {
    const { user, fetchMock } = await setup();
    await user.click(screen.getByRole('button', { name: 'Enter as guest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the captcha to enter as guest.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/guest')).toBe(false);
  });

  describe('with reCAPTCHA configured', () => {
    let fake: ReturnType<typeof fakeGrecaptcha>;
    beforeEach(() => {
      fake = fakeGrecaptcha();
      vi.mocked(loadRecaptcha).mockResolvedValue(fake.grecaptcha);
    });
    afterEach(() => vi.mocked(loadRecaptcha).mockReset());

    it("shows Google's checkbox with the site key from the config", async () => {
      await setup({ provider: 'recaptcha' });
      expect(await screen.findByRole('button', { name: "I'm not a robot" })).toBeInTheDocument();
      expect(fake.rendered[0]?.sitekey).toBe('site-key-123');
      expect(screen.queryByRole('button', { name: 'Solve captcha' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says reCAPTCHA when asking for it', async () => {
      const { user } = await setup({ provider: 'recaptcha' });
      await screen.findByRole('button', { name: "I'm not a robot" });
      await user.click(screen.getByRole('button', { name: 'Enter as guest' }));
      expect(await screen.findByText('Please complete the reCAPTCHA to enter as guest.')).toBeInTheDocument();
    });

    it('sends the reCAPTCHA token as the captcha, and resets the checkbox after a refusal', async () => {
      const { user, submit, loginCalls } = await setup({
        provider: 'recaptcha',
        login: () =>
          jsonResponse(
            { statusCode: 400, error: 'Bad Request', message: 'Captcha expired', code: 'captcha_expired' },
            400,
          ),
      });
      expect(submit()).toBeDisabled();
      await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
      await user.type(screen.getByLabelText('Username'), 'admin');
      await user.type(screen.getByLabelText('Password'), 'secret');
      await user.click(submit());

      await screen.findByRole('alert');
      expect(loginCalls()[0]?.[1]?.body).toBe(
        JSON.stringify({ userName: 'admin', password: 'secret', captcha: 'recaptcha-token' }),
      );
      expect(fake.grecaptcha.reset).toHaveBeenCalledWith(0);
      expect(submit()).toBeDisabled();
    });
  });

  it('shows the texts in Albanian', async () => {
    const { user, solveCaptcha } = await setup({ language: 'xk' });
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ju lutemi plotësoni të gjitha fushat.');
  });

  it("words a refused login in the visitor's language and resets the captcha", async () => {
    const { user, solveCaptcha, loginCalls } = await setup({
      language: 'xk',
      login: () =>
        jsonResponse(
          {
            statusCode: 401,
            error: 'Unauthorized',
            message: 'Wrong user name or password',
            code: 'invalid_credentials',
          },
          401,
        ),
    });
    await solveCaptcha();
    await user.type(screen.getByLabelText('Emri i përdoruesit'), ' admin ');
    await user.type(screen.getByLabelText('Fjalëkalimi'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Emri i përdoruesit ose fjalëkalimi është i gabuar.');
    expect(loginCalls()[0]?.[1]?.body).toBe(
      JSON.stringify({ userName: 'admin', password: 'wrong', captcha: 'captcha-solution' }),
    );
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeDisabled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("fetches the account's own challenge, and solves a harder one at once when the account is under attack", async () => {
    let attempts = 0;
    const { user, submit, solveCaptcha, loginCalls } = await setup({
      login: () =>
        ++attempts === 1
          ? jsonResponse(
              { statusCode: 400, error: 'Bad Request', message: 'harder', code: 'captcha_harder', field: 'captcha' },
              400,
            )
          : jsonResponse(LOGIN_OK),
    });
    widget.solvedAgain = 0;
    const captcha = await screen.findByRole('button', { name: 'Solve captcha' });
    expect(captcha).toHaveAttribute('data-challenge-url', '/api/auth/captcha');
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'drita k');
    await user.type(screen.getByLabelText('Password'), 'the-password');
    expect(captcha).toHaveAttribute('data-challenge-url', '/api/auth/captcha?userName=drita%20k');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has had many failed logins lately, so its captcha takes longer.',
    );
    expect(widget.solvedAgain).toBe(1);
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Home page' });
    expect(JSON.parse(String(loginCalls()[1]?.[1]?.body)).captcha).toBe(
      'solution-from /api/auth/captcha?userName=drita%20k',
    );
  });

  it("shows the server's own message when the page has no words for its code", async () => {
    const { user, submit, solveCaptcha } = await setup({
      login: () =>
        jsonResponse(
          { statusCode: 400, error: 'Bad Request', message: 'userName is too long', code: 'invalid_input' },
          400,
        ),
    });
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('userName is too long');
  });

  it("falls back to 'Login failed. Check your credentials.' when the server gives no message", async () => {
    const { user, submit, solveCaptcha } = await setup({ login: () => new Response('', { status: 401 }) });
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Check your credentials.');
  });

  it('shows the wait time the server gives on 429', async () => {
    const { user, submit, solveCaptcha } = await setup({
      login: () =>
        jsonResponse(
          {
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Too many failed logins. Please try again later.',
            code: 'too_many_requests',
            retryAfterSeconds: 840,
          },
          429,
        ),
    });
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed attempts. Please try again in 14 min.');
  });

  it('stores the session and goes back where the visitor came from', async () => {
    const { user, submit, solveCaptcha, router } = await setup({
      login: () => jsonResponse(LOGIN_OK),
      initialPath: '/login?redirectTo=%2Fmap',
    });
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Map page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
    expect(localStorage.getItem('access_token')).toBe('jwt-admin');
    expect(localStorage.getItem('user_id')).toBe('1');
    expect(localStorage.getItem('user_role')).toBe('2');
    expect(localStorage.getItem('is_guest')).toBe('false');
  });

  it('does not follow a return location to another site', async () => {
    const { user, submit, solveCaptcha, router } = await setup({
      login: () => jsonResponse(LOGIN_OK),
      initialPath: '/login?redirectTo=%2F%2Fevil.example',
    });
    await solveCaptcha();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('enters as a guest with the captcha and lands on home', async () => {
    const { user, solveCaptcha, fetchMock, router } = await setup({
      guest: () => jsonResponse({ access_token: 'jwt-guest' }),
    });
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Enter as guest' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const guestCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/guest');
    expect(guestCall?.[1]?.body).toBe(JSON.stringify({ captcha: 'captcha-solution' }));
    expect(localStorage.getItem('access_token')).toBe('jwt-guest');
    expect(localStorage.getItem('is_guest')).toBe('true');
    expect(localStorage.getItem('user_role')).toBeNull();
  });

  it("shows 'Guest login failed' when guest entry fails without a message", async () => {
    const { user, solveCaptcha } = await setup({ guest: () => new Response('', { status: 500 }) });
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Enter as guest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Guest login failed');
  });
});
