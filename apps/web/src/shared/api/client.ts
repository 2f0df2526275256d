import { ApiError, INVALID_RESPONSE, NETWORK_ERROR, TIMEOUT_ERROR } from './api-error.ts';
import { tokenStorage } from './tokens.ts';

type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  body?: unknown;
  form?: FormData;
  query?: Query;
  signal?: AbortSignal;
  /**
   * Accept-Language for this call. Queries whose key holds the language pass it, so the key and the
   * texts that come back can never disagree during a language switch; otherwise the page's language.
   */
  lang?: string;
  /** Extra request headers (checkout's `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** The answer to this very call, already on its way (the refresh index.html sent with the page). */
  response?: Promise<Response>;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let refreshSession: (() => Promise<boolean>) | null = null;
let transport: typeof fetch = (input, init) => fetch(input, init);
let currentLanguage: () => string = () => 'en';

/** The auth feature registers how to refresh the session; a 401 `token_expired` uses it once. */
export function setSessionRefresher(fn: (() => Promise<boolean>) | null): void {
  refreshSession = fn;
}

/** How requests reach the API: the browser's fetch, or the server's own handler when it renders a page. */
export function setTransport(fn: typeof fetch): void {
  transport = fn;
}

/** Sent as Accept-Language so server messages come back in the member's language. */
export function setLanguageSource(fn: () => string): void {
  currentLanguage = fn;
}

const REFRESH_PATH = '/auth/refresh-token';

/**
 * A read with no whole answer by then fails with TIMEOUT_ERROR, so a screen shows a retry instead of a
 * skeleton that waits forever. On the slowest link the app is built for (400 ms round trips, 400 kbps) the
 * largest read, a page of cards, takes about 2 s; 12 s leaves room for a bad moment without making a
 * member wait long before they can do something. Writes are not cut short: the server may be carrying
 * one out, and a member told it failed would pay or redeem twice. Nor is the session refresh: it rotates
 * the refresh token, and an answer abandoned on the way would leave the device with a spent one.
 */
export const REQUEST_TIMEOUT_MS = 12_000;

/**
 * The signal a request runs under: the caller's, and for a timed request the time limit as well. `done`
 * stops the clock once the answer has been read; `timedOut` says whether it was the clock that aborted.
 */
function requestSignal(caller: AbortSignal | undefined, timed: boolean) {
  if (!timed) return { signal: caller, done: () => {}, timedOut: () => false };
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const follow = () => controller.abort();
  if (caller?.aborted) controller.abort();
  else caller?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', follow);
    },
    timedOut: () => expired,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function toApiError(status: number, payload: unknown, retryAfter: string | null): ApiError {
  const code = isRecord(payload) && typeof payload.code === 'string' ? payload.code : `http_${status}`;
  const raw = isRecord(payload) ? payload.message : undefined;
  const messages = Array.isArray(raw)
    ? raw.filter((m): m is string => typeof m === 'string')
    : typeof raw === 'string'
      ? [raw]
      : [];
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  return new ApiError(status, code, messages, seconds);
}

async function send(
  method: Method,
  path: string,
  options: RequestOptions,
  retried: boolean,
): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': options.lang ?? currentLanguage(),
    ...options.headers,
  };
  // Every call carries both stored tokens as a JSON object: the header form the API was specified with.
  const tokens = tokenStorage.get();
  if (tokens) headers.Authorization = JSON.stringify(tokens);
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timed = method === 'GET' && path !== REFRESH_PATH && !options.response;
  const limit = requestSignal(options.signal, timed);
  let res: Response;
  let payload: unknown;
  try {
    res = await (options.response ??
      transport(buildUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: limit.signal,
      }));
    // The body is part of the answer: on a slow link most of the time goes there.
    payload = await res.json().catch((e: unknown) => {
      if (limit.timedOut()) throw e;
      return null;
    });
  } catch (e) {
    if (limit.timedOut()) throw new ApiError(0, TIMEOUT_ERROR, []);
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_ERROR, []);
  } finally {
    limit.done();
  }

  if (res.ok && isRecord(payload) && payload.success === true) return payload.data;
  if (res.ok) throw new ApiError(res.status, INVALID_RESPONSE, []);

  const error = toApiError(res.status, payload, res.headers.get('Retry-After'));
  if (
    error.status === 401 &&
    error.code === 'token_expired' &&
    !retried &&
    path !== REFRESH_PATH &&
    refreshSession
  ) {
    if (await refreshSession()) return send(method, path, options, true);
  }
  throw error;
}

/** Calls the API on the same origin and returns the envelope's `data` (parse it with the contract). */
export const api = {
  get: (path: string, options: RequestOptions = {}) => send('GET', path, options, false),
  post: (path: string, options: RequestOptions = {}) => send('POST', path, options, false),
  patch: (path: string, options: RequestOptions = {}) => send('PATCH', path, options, false),
  put: (path: string, options: RequestOptions = {}) => send('PUT', path, options, false),
  delete: (path: string, options: RequestOptions = {}) => send('DELETE', path, options, false),
};
