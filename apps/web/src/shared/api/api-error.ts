/** A failed call: the envelope's `code` and `message` list, or a network / parse failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  /** Seconds from a `Retry-After` header (429), when the server sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, code: string, messages: string[], retryAfterSeconds: number | null = null) {
    super(messages[0] ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = messages;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The server refused the credentials (as opposed to being unreachable or failing). */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export const NETWORK_ERROR = 'network_error';
/** A read that got no whole answer within the client's time limit (`REQUEST_TIMEOUT_MS`). */
export const TIMEOUT_ERROR = 'timeout';
export const INVALID_RESPONSE = 'invalid_response';

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A call that failed for want of a working connection (none, or too slow), not because it was refused. */
export const isConnectionError = (e: unknown): boolean =>
  isApiError(e) && (e.code === NETWORK_ERROR || e.code === TIMEOUT_ERROR);
