import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorResponse, type SheetWarning } from '@trashegimia/contract/common';

/**
 * The one error type the API answers with. `code` is a stable snake_case key the page translates
 * (`errors.<code>`); `message` is a readable English fallback; `field` names the bad input.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly warnings: SheetWarning[] | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    details: { field?: string; retryAfterSeconds?: number; warnings?: SheetWarning[]; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.field = details.field;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.warnings = details.warnings;
  }
}

export const badRequest = (field: string | undefined, message: string, code = 'invalid_input') =>
  new AppError(400, code, message, field === undefined ? {} : { field });

export const unauthorized = (message = 'Login required', code = 'unauthorized') => new AppError(401, code, message);

export const invalidToken = () =>
  unauthorized('Your session has expired or is not valid. Please log in again.', 'invalid_token');

export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);

/** `notFound('dataset')` → 404 `dataset_not_found`, "Dataset not found". */
export const notFound = (what: string, message = `${sentenceCase(what)} not found`) =>
  new AppError(404, `${what}_not_found`, message);

export const conflict = (message: string, code = 'conflict', field?: string) =>
  new AppError(409, code, message, field === undefined ? {} : { field });

export const payloadTooLarge = (message = 'The request is too large') =>
  new AppError(413, 'payload_too_large', message);

export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new AppError(429, 'too_many_requests', message, { retryAfterSeconds });

export const serviceUnavailable = (code: string, message: string, cause?: unknown) =>
  new AppError(503, code, message, { cause });

const internalError = (cause: unknown) =>
  new AppError(500, 'internal_error', 'Something went wrong on our side. Please try again.', { cause });

/** Error responses to declare on a route, so the OpenAPI document lists them. */
export const errorResponses = <Code extends number>(...statusCodes: Code[]) =>
  Object.fromEntries(statusCodes.map((statusCode) => [statusCode, ErrorResponse])) as Record<
    Code,
    typeof ErrorResponse
  >;

/** The error handler for the whole app: every failure leaves as an ErrorResponse. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error, request);
  if (appError.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
  if (appError.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(appError.retryAfterSeconds));
  }
  // A download that fails before its first byte had already named its file and type: the error is
  // JSON, shown, not saved as the file.
  reply.removeHeader('content-disposition');
  return reply.status(appError.statusCode).type('application/json; charset=utf-8').send(presentError(appError));
}

export function presentError(error: AppError): ErrorResponse {
  return {
    statusCode: error.statusCode,
    error: STATUS_CODES[error.statusCode] ?? 'Error',
    message: error.message,
    code: error.code,
    ...(error.field !== undefined && { field: error.field }),
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
    ...(error.warnings !== undefined && { warnings: error.warnings }),
  };
}

function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return fromValidation(error, request);

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest(undefined, 'The request body is not valid JSON', 'invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'unsupported_media_type', 'This content type is not accepted here');
  }

  // Every pooled connection stayed busy for the whole wait: the server is overloaded, not broken.
  if (error.message === 'timeout exceeded when trying to connect') {
    return new AppError(503, 'try_again', 'The server is busy. Please try again in a moment.', {
      cause: error,
      retryAfterSeconds: 5,
    });
  }

  const databaseError = fromDatabase(error);
  if (databaseError) {
    // Logged: a constraint the code did not expect may be a bug hiding behind a 4xx.
    request.log.warn({ err: error }, 'database refused the request');
    return databaseError;
  }

  // Fastify's and its plugins' own client errors (bad headers, 404 from static files, …).
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError(status, snakeCase(error.code ?? STATUS_CODES[status] ?? 'bad_request'), error.message);
  }
  return internalError(error);
}

type ValidationFailure = Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
  validation: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[];
  validationContext?: string;
};

/** Names the first bad field, and says "is required" when it is missing or blank. */
function fromValidation(error: ValidationFailure, request: FastifyRequest): AppError {
  const [issue] = error.validation;
  const path = issue!.instancePath.split('/').filter(Boolean);
  const field = path.join('.');
  const context = error.validationContext ?? 'body';
  // Fastify names the query string 'querystring' but keeps it on request.query.
  const source = context === 'querystring' ? 'query' : context;
  const input = valueAt(request[source as keyof FastifyRequest], path);

  if (!field) {
    return badRequest(undefined, `The request ${context} is missing or malformed`);
  }
  const blank =
    (issue!.keyword === 'invalid_type' && input === undefined) ||
    (issue!.keyword === 'too_small' && issue!.params.origin === 'string' && issue!.params.minimum === 1);
  return badRequest(field, blank ? `${field} is required` : `${field}: ${issue!.message}`);
}

function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A safety net for constraint violations a repo did not translate into a more specific error:
 * bad input never becomes a 500.
 */
function fromDatabase(error: unknown): AppError | undefined {
  const code = sqlState(error);
  if (!code) return undefined;
  const details = { cause: error };
  switch (code) {
    case UNIQUE_VIOLATION:
      return new AppError(409, 'already_exists', 'A record with these values already exists', details);
    case FOREIGN_KEY_VIOLATION:
      return new AppError(
        400,
        'invalid_reference',
        'This refers to a record that does not exist or is still in use',
        details,
      );
    case '23502':
    case '23514':
    case '22P02':
    case '22001':
    case '22003':
    case '22007': // an invalid date or time
    case '22008': // a date or time out of range
    case '22021': // a NUL character in text
    case '22P05': // a character the database encoding cannot hold
      return new AppError(400, 'invalid_input', 'Some of the values are not valid', details);
    // Serialisation failure or deadlock: nothing was written, and the same call may succeed again.
    case '40001':
    case '40P01':
      return new AppError(
        503,
        'try_again',
        'The server was busy with a conflicting change. Please try again.',
        details,
      );
  }
  return undefined;
}

/** The SQLSTATE of a database error; Drizzle wraps the driver's error, so it may sit on a cause. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** A delete an ON DELETE RESTRICT key refuses. */
const RESTRICT_VIOLATION = '23001';

/** A delete refused because other rows still refer to the row (a foreign key, plain or ON DELETE RESTRICT). */
export const isStillReferenced = (error: unknown) => {
  const code = sqlState(error);
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
};

const snakeCase = (text: string) =>
  text
    .replace(/^FST_(?:[A-Z]+_)*?ERR_/, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toLowerCase();

const sentenceCase = (snake: string) => {
  const words = snake.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
