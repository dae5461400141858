import { jsonResponse } from './test-utils';

export type FakeRequest = { method: string; url: URL; body: unknown };
/** `[method, path pattern, handler]`: the handler's result is the JSON answer; `undefined` answers 204. */
export type FakeRoute = [method: string, pattern: RegExp, handle: (match: string[], request: FakeRequest) => unknown];

/** Thrown by a fake where the real server answers 4xx. */
export class FakeServerError extends Error {}

const badRequest = (message: string, status = 400) =>
  jsonResponse({ statusCode: status, error: 'Bad Request', message, code: 'invalid_input' }, status);

/** One page of `items` as the list endpoints answer, read from the `page` and `limit` parameters. */
export const fakePage = <T>(items: T[], url: URL) => {
  const pageNumber = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  return {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    meta: { page: pageNumber, limit, totalItems: items.length, totalPages: Math.ceil(items.length / limit) },
  };
};

/**
 * A fetch stand-in answering by method and path pattern (ids in the path), recording every request;
 * a `FakeServerError` becomes a 400, an unknown path a 404, and `failNext` makes one call fail.
 */
export const createFakeRouteFetch = (routes: FakeRoute[]) => {
  const requests: FakeRequest[] = [];
  /** Answers the next request matching `method path` with this status and message instead. */
  const failures = new Map<string, { status: number; message: string }>();

  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    const failure = failures.get(`${method} ${url.pathname}`);
    if (failure) {
      failures.delete(`${method} ${url.pathname}`);
      return badRequest(failure.message, failure.status);
    }
    for (const [routeMethod, pattern, handle] of routes) {
      const match = pattern.exec(url.pathname);
      if (routeMethod !== method || !match) continue;
      try {
        const result = await handle([...match], { method, url, body });
        if (result === undefined) return new Response(null, { status: 204 });
        return jsonResponse(result, method === 'POST' ? 201 : 200);
      } catch (error) {
        if (error instanceof FakeServerError) return badRequest(error.message);
        throw error;
      }
    }
    return new Response('', { status: 404 });
  };

  return {
    fetchMock,
    requests,
    calls: (method: string, pathname: string | RegExp) =>
      requests.filter(
        (request) =>
          request.method === method &&
          (typeof pathname === 'string' ? request.url.pathname === pathname : pathname.test(request.url.pathname)),
      ),
    failNext: (method: string, pathname: string, status: number, message: string) =>
      failures.set(`${method} ${pathname}`, { status, message }),
  };
};
