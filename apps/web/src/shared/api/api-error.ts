import type { SheetWarning } from '@trashegimia/contract/common';

/** A failed API call: what the server said (or a fallback text), plus what the page needs to react. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The server's stable snake_case code (`invalid_credentials`, `rate_limited`, …) when it sent one. */
  readonly code: string | null;
  /** The input field a 400 complains about. */
  readonly field: string | null;
  readonly retryAfterSeconds: number | null;
  /** Whether the call carried a bearer token, so a 401 means the session has ended. */
  readonly authenticated: boolean;
  /** Why nothing usable was found in an uploaded workbook, row by row (an XLSForm's `xlsform_unusable`). */
  readonly warnings: SheetWarning[];

  constructor(init: {
    message: string;
    status: number;
    code?: string | null;
    field?: string | null;
    retryAfterSeconds?: number | null;
    authenticated?: boolean;
    warnings?: SheetWarning[] | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code ?? null;
    this.field = init.field ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.authenticated = init.authenticated ?? false;
    this.warnings = init.warnings ?? [];
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A 401 on a call that carried a token: the session expired or was revoked. */
export const isSessionExpiredError = (error: unknown): boolean =>
  isApiError(error) && error.status === 401 && error.authenticated;
