import { ErrorResponse } from '@trashegimia/contract/common';
import type { z } from 'zod';
import type { Language } from '@trashegimia/contract/common';
import { getCurrentLanguage, i18n } from '@/shared/i18n/i18n';
import type { Resources } from '@/shared/i18n/resources';
import { readToken } from '@/shared/session/session-storage';
import { ApiError } from './api-error';

/** The API lives beside the page (the spec's `{host}` is `/api`). */
export const API_BASE_URL = '/api';

/** The spec's fallback texts of failed calls (§8), as keys of `errors:api`. */
export type ApiFallbackKey = keyof Resources['errors']['api'];

type QueryValue = string | number | boolean | null | undefined;

/** What every call says: method, address, body, its fallback text, and whether it carries the token. */
export type ApiCallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A file sent as the body as it is, with its own content type, instead of `body` as JSON. */
  file?: { content: Blob; contentType: string };
  /** The text shown when the server gives no message (spec §8), e.g. `loginFailed`. */
  fallback: ApiFallbackKey;
  /** Send the bearer token when there is one (default). Login and guest entry do not. */
  authenticate?: boolean;
  signal?: AbortSignal;
};

export type ApiRequestOptions<Schema extends z.ZodType> = ApiCallOptions & {
  /** The contract's schema of a successful answer; the answer is parsed with it. */
  schema: Schema;
};

/**
 * Whom a call is made for and how it travels: in the browser, the page's token and language over
 * `fetch`; on the server, the one request being rendered (entry-server.tsx), whose calls go to the
 * server's own API in process.
 */
export type ApiTransport = {
  fetch: (url: string, init: RequestInit & { method: string; headers: Headers }) => Promise<Response>;
  token: () => string | null;
  language: () => Language;
};

const browserTransport: ApiTransport = {
  fetch: (url, init) => fetch(url, init),
  token: () => readToken(),
  language: getCurrentLanguage,
};

let currentTransport = (): ApiTransport | undefined => undefined;

/** The server render names the transport of the request it is rendering; the browser keeps its own. */
export const setApiTransportSource = (source: () => ApiTransport | undefined) => {
  currentTransport = source;
};

const fallbackText = (key: ApiFallbackKey) => i18n.t(`api.${key}`, { ns: 'errors' });

const buildUrl = (path: string, query?: Record<string, QueryValue>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return `${API_BASE_URL}${path}${suffix}`;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The one door to the API. Sends JSON (or a file as it is) with the `language` header and, when
 * present, the bearer token, and hands back a successful response; every failure becomes an
 * {@link ApiError} carrying the server's message or the call's fallback text. It shows nothing and
 * redirects nowhere: errors flow up to whoever asked (CONVENTIONS: "errors flow up, not sideways").
 */
export const sendApiRequest = async (
  path: string,
  { method = 'GET', query, body, file, fallback, authenticate = true, signal }: ApiCallOptions,
  accept = 'application/json',
): Promise<Response> => {
  const transport = currentTransport() ?? browserTransport;
  const token = authenticate ? transport.token() : null;
  const headers = new Headers({
    Accept: accept,
    'Content-Type': file?.contentType ?? 'application/json',
    language: transport.language(),
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await transport.fetch(buildUrl(path, query), {
      method,
      headers,
      body: file ? file.content : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'network_error', message: fallbackText('networkError'), cause });
  }

  if (!response.ok) {
    const parsed = ErrorResponse.partial().safeParse(await readJson(response));
    const error = parsed.success ? parsed.data : {};
    throw new ApiError({
      status: response.status,
      code: error.code ?? null,
      field: error.field ?? null,
      retryAfterSeconds: error.retryAfterSeconds ?? null,
      message: error.message?.trim() ? error.message : fallbackText(fallback),
      authenticated: Boolean(token),
      warnings: error.warnings,
    });
  }
  return response;
};

/** A call that answers with JSON, parsed with the contract's schema. */
export const apiRequest = async <Schema extends z.ZodType>(
  path: string,
  { schema, ...options }: ApiRequestOptions<Schema>,
): Promise<z.infer<Schema>> => {
  const response = await sendApiRequest(path, options);
  const result = schema.safeParse(await readJson(response));
  if (!result.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: fallbackText('invalidResponse'),
      cause: result.error,
    });
  }
  return result.data;
};
