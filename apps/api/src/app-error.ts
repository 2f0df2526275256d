import type { ErrorCode, FieldError } from '@app/contracts';

export interface AppErrorOptions {
  /** Replaces the translated text of `errors.<code>` as message[0]. */
  message?: string;
  /** More lines after message[0]. */
  details?: string[];
  fields?: FieldError[];
  /** Sets Retry-After (429, 503). */
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * An expected failure, named by a stable code from the contracts. Services throw it whether a route
 * or a background job called them; only the HTTP layer (http/errors.ts) knows which status a code
 * answers with, and turns it into the envelope in the reader's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
  }
}
