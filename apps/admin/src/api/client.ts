import type { FieldError } from '@app/contracts';
import { session } from './session.ts';

/** A failed /admin/api call: the envelope's code, texts and per-field errors (Refine's HttpError shape). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly messages: string[];
  readonly fields: FieldError[];
  /** Refine's HttpError: per-field messages a form can show. */
  readonly errors: Record<string, string[]>;

  constructor(statusCode: number, code: string, messages: string[], fields: FieldError[] = []) {
    super(messages[0] ?? code);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.messages = messages;
    this.fields = fields;
    this.errors = Object.fromEntries(fields.map((f) => [f.path, [f.message]]));
  }
}

export const NETWORK_ERROR = 'network_error';
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Query = Record<string, string | number | boolean | undefined | null>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let language: () => string = () => 'en';
let onUnauthorized: () => void = () => {};

/** Accept-Language: the server's texts (errors, e-mails) follow the chosen language. */
export const setLanguageSource = (fn: () => string) => {
  language = fn;
};
/** A 401 on a signed-in call: the session ended (expired, revoked, staff disabled). */
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function buildUrl(path: string, query?: Query): string {
  // `/bff/…`: the member API's public reads (the store list); everything else is /admin/api.
  const url = path.startsWith('/bff/') ? path : `/admin/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** One call to /admin/api: the envelope's `data`, or an ApiError. */
export async function request<T>(
  method: Method,
  path: string,
  options: { body?: unknown; query?: Query; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language(),
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_ERROR, []);
  }
  const payload: unknown = await res.json().catch(() => null);
  if (res.ok && isRecord(payload) && payload.success === true) return payload.data as T;
  const code = isRecord(payload) && typeof payload.code === 'string' ? payload.code : `http_${res.status}`;
  const raw = isRecord(payload) ? payload.message : undefined;
  const messages = Array.isArray(raw) ? raw.filter((m): m is string => typeof m === 'string') : [];
  const fields = isRecord(payload) && Array.isArray(payload.fields) ? (payload.fields as FieldError[]) : [];
  if (res.status === 401 && token) onUnauthorized();
  throw new ApiError(res.status, code, messages, fields);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, { body: body ?? {}, headers }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
