import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { api, REQUEST_TIMEOUT_MS, setSessionRefresher } from './client.ts';
import { tokenStorage } from './tokens.ts';
import { json } from '../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRefresher(null);
});

const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

describe('api client', () => {
  it('returns the envelope data and sends both stored tokens as a JSON Authorization header', async () => {
    tokenStorage.set({ accessToken: 'a1', refreshToken: 'r1' });
    fetchMock.mockResolvedValue(json(200, { success: true, data: { ok: 1 } }));
    await expect(api.get('/auth/users/profile')).resolves.toEqual({ ok: 1 });
    expect(JSON.parse(headersOf(0).get('Authorization') ?? '')).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
    });
    expect(headersOf(0).get('Accept-Language')).toBe('en');
  });

  it('sends the language a query asks for, else the page language', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [] }));
    await api.get('/bff/categories', { lang: 'th', query: { page: 2, q: 'ชาบู', none: undefined } });
    expect(headersOf(0).get('Accept-Language')).toBe('th');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/bff/categories?page=2&q=%E0%B8%8A%E0%B8%B2%E0%B8%9A%E0%B8%B9',
    );
  });

  it('sends no Authorization header without tokens, and JSON bodies as JSON', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: null }));
    await api.post('/auth/otp/send-otp', { body: { email: 'a@b.co' } });
    expect(headersOf(0).has('Authorization')).toBe(false);
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"email":"a@b.co"}');
  });

  it('turns an error envelope into an ApiError with code, messages and Retry-After', async () => {
    fetchMock.mockResolvedValue(
      json(429, { success: false, code: 'rate_limited', message: ['Slow down'] }, { 'Retry-After': '42' }),
    );
    const error = await api.post('/auth/otp/send-otp', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      messages: ['Slow down'],
      retryAfterSeconds: 42,
    });
  });

  it('reports an unreachable server as network_error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/auth/users/profile')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('gives up on a read with no whole answer after REQUEST_TIMEOUT_MS (timeout), not on a write or the refresh', async () => {
    vi.useFakeTimers();
    try {
      // A server that never answers: the request ends only when its signal aborts it.
      const signals: (AbortSignal | undefined)[] = [];
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            const signal = init?.signal ?? undefined;
            signals.push(signal);
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const read = api.get('/bff/wallet').catch((e: unknown) => e);
      const write = api.post('/bff/orders', { body: {} }).catch((e: unknown) => e);
      const refresh = api.get('/auth/refresh-token').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(signals.map((s) => s?.aborted ?? false)).toEqual([false, false, false]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await read).toMatchObject({ status: 0, code: 'timeout' });
      expect(signals.map((s) => s?.aborted ?? false)).toEqual([true, false, false]);
      void write;
      void refresh;
    } finally {
      vi.useRealTimers();
    }
  });

  it('still lets the caller cancel a timed read (an AbortError, not a timeout)', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const caller = new AbortController();
    const read = api.get('/bff/wallet', { signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    expect(await read).toMatchObject({ name: 'AbortError' });
  });

  it('on 401 token_expired refreshes once and retries with the new tokens', async () => {
    tokenStorage.set({ accessToken: 'old', refreshToken: 'r1' });
    const refresh = vi.fn(async () => {
      tokenStorage.set({ accessToken: 'new', refreshToken: 'r2' });
      return true;
    });
    setSessionRefresher(refresh);
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, code: 'token_expired', message: ['expired'] }))
      .mockResolvedValueOnce(json(200, { success: true, data: 'fresh' }));
    await expect(api.get('/auth/users/profile')).resolves.toBe('fresh');
    expect(refresh).toHaveBeenCalledOnce();
    expect(JSON.parse(headersOf(1).get('Authorization') ?? '')).toEqual({
      accessToken: 'new',
      refreshToken: 'r2',
    });
  });

  it('does not retry twice, nor when the refresh fails, nor for other 401s', async () => {
    const refresh = vi.fn(async () => true);
    setSessionRefresher(refresh);
    const expired = () => json(401, { success: false, code: 'token_expired', message: ['expired'] });
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(expired());
    await expect(api.get('/auth/users/profile')).rejects.toMatchObject({ code: 'token_expired' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    refresh.mockResolvedValueOnce(false);
    fetchMock.mockReset().mockResolvedValueOnce(expired());
    await expect(api.get('/auth/users/profile')).rejects.toMatchObject({ code: 'token_expired' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock
      .mockReset()
      .mockResolvedValueOnce(json(401, { success: false, code: 'unauthorized', message: ['no'] }));
    await expect(api.get('/auth/users/profile')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
