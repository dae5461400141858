import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/shared/testing/test-utils';
import { i18n } from '@/shared/i18n/i18n';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { retryDelay, shouldRetry } from './query-client';

const Ok = z.object({ ok: z.boolean() });

const fetchMock = vi.fn<typeof fetch>();

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, init, headers: new Headers(init?.headers) };
};

const captureError = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('apiRequest', () => {
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the language header and the bearer token when present', async () => {
    localStorage.setItem('access_token', 'secret');
    await i18n.changeLanguage('sr');
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await expect(
      apiRequest('/things', { query: { page: 1, q: '' }, schema: Ok, fallback: 'configFailed' }),
    ).resolves.toEqual({
      ok: true,
    });

    const { url, headers } = lastRequest();
    expect(url).toBe('/api/things?page=1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('language')).toBe('sr');
    expect(headers.get('Authorization')).toBe('Bearer secret');
  });

  it('sends no Authorization header without a token, or when told not to', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/a', { schema: Ok, fallback: 'configFailed' });
    expect(lastRequest().headers.has('Authorization')).toBe(false);

    localStorage.setItem('access_token', 'secret');
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/auth/login', {
      method: 'POST',
      body: {},
      schema: Ok,
      fallback: 'loginFailed',
      authenticate: false,
    });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends a file as it is, with its own content type', async () => {
    const file = new File(['a;b\n1;2\n'], 'register.csv', { type: 'text/csv' });
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/upload', {
      method: 'POST',
      file: { content: file, contentType: 'text/csv' },
      schema: Ok,
      fallback: 'configFailed',
    });
    const { init, headers } = lastRequest();
    expect(init?.body).toBe(file);
    expect(headers.get('Content-Type')).toBe('text/csv');
  });

  it("uses the server's message, code and field when the server gives them", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many attempts. Try again in 42 seconds.',
          code: 'too_many_requests',
          retryAfterSeconds: 42,
        },
        429,
      ),
    );
    const error = await captureError(
      apiRequest('/auth/login', { method: 'POST', schema: Ok, fallback: 'loginFailed' }),
    );
    expect(error.message).toBe('Too many attempts. Try again in 42 seconds.');
    expect(error.status).toBe(429);
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfterSeconds).toBe(42);

    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'userName is required',
          code: 'invalid_input',
          field: 'userName',
        },
        400,
      ),
    );
    const invalid = await captureError(
      apiRequest('/auth/login', { method: 'POST', schema: Ok, fallback: 'loginFailed' }),
    );
    expect(invalid.field).toBe('userName');
  });

  it('keeps the warnings of a refused workbook, row by row', async () => {
    const refusal = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Nothing in the form can be made into a survey',
      code: 'xlsform_unusable',
      warnings: [{ sheet: 'survey', row: 2, column: 'type', message: 'geopoint is not made' }],
    };
    fetchMock.mockResolvedValue(jsonResponse(refusal, 400));
    const error = await captureError(apiRequest('/surveys/xlsform', { schema: Ok, fallback: 'configFailed' }));
    expect(error.code).toBe('xlsform_unusable');
    expect(error.warnings).toEqual(refusal.warnings);
  });

  it("falls back to the call's text when the server gives no message", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    const error = await captureError(
      apiRequest('/auth/login', { method: 'POST', schema: Ok, fallback: 'loginFailed' }),
    );
    expect(error.message).toBe('Login failed. Check your credentials.');
    expect(error.status).toBe(401);
    expect(error.code).toBeNull();

    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const guest = await captureError(
      apiRequest('/auth/guest', { method: 'POST', schema: Ok, fallback: 'guestLoginFailed' }),
    );
    expect(guest.message).toBe('Guest login failed');

    fetchMock.mockResolvedValue(jsonResponse({ message: '   ' }, 500));
    const blank = await captureError(
      apiRequest('/auth/guest', { method: 'POST', schema: Ok, fallback: 'guestLoginFailed' }),
    );
    expect(blank.message).toBe('Guest login failed');
  });

  it('translates the fallback into the current language', async () => {
    await i18n.changeLanguage('xk');
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    const error = await captureError(
      apiRequest('/auth/login', { method: 'POST', schema: Ok, fallback: 'loginFailed' }),
    );
    expect(error.message).toBe('Kyçja dështoi. Kontrolloni kredencialet tuaja.');
  });

  it("reports 'Network error' when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await captureError(apiRequest('/config', { schema: Ok, fallback: 'configFailed' }));
    expect(error.message).toBe('Network error');
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });

  it('marks a 401 on a call that carried a token as an ended session', async () => {
    localStorage.setItem('access_token', 'expired');
    fetchMock.mockResolvedValue(
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Token expired', code: 'unauthorized' }, 401),
    );
    const error = await captureError(apiRequest('/datasets', { schema: Ok, fallback: 'configFailed' }));
    expect(error.authenticated).toBe(true);
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: 'yes' }));
    const error = await captureError(apiRequest('/a', { schema: Ok, fallback: 'configFailed' }));
    expect(error.code).toBe('invalid_response');
  });
});

describe('query retry policy', () => {
  it('retries up to 3 times, but never a 4xx', () => {
    const serverError = new ApiError({ status: 503, message: 'x' });
    const notFound = new ApiError({ status: 404, message: 'x' });
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(true);
    expect(shouldRetry(3, serverError)).toBe(false);
    expect(shouldRetry(0, notFound)).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 0, message: 'Network error' }))).toBe(true);
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(2)).toBe(4000);
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(10)).toBe(30_000);
  });
});
