import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../shared/api/tokens.ts';
import { refreshToken } from './refresh-token.ts';
import { json } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  tokenStorage.set({ accessToken: 'a1', refreshToken: 'r1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__earlyRefresh;
});

describe('refreshToken', () => {
  it('takes the answer index.html sent with the page, once: the next refresh asks the server', async () => {
    window.__earlyRefresh = Promise.resolve(json(200, { success: true, data: { accessToken: 'a2' } }));
    fetchMock.mockResolvedValue(json(200, { success: true, data: { accessToken: 'a3' } }));

    await expect(refreshToken()).resolves.toEqual({ accessToken: 'a2' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__earlyRefresh).toBeUndefined();

    await expect(refreshToken()).resolves.toEqual({ accessToken: 'a3' });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/refresh-token');
  });

  it('reads a refused early answer as the server’s refusal (the store then signs the member out)', async () => {
    window.__earlyRefresh = Promise.resolve(
      json(401, { success: false, code: 'invalid_token', message: ['Please sign in again'] }),
    );
    await expect(refreshToken()).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads an early request that never reached the server as a network error (the tokens are kept)', async () => {
    window.__earlyRefresh = Promise.reject(new TypeError('Failed to fetch'));
    await expect(refreshToken()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('asks the server itself when the page sent nothing (no session at load)', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: { accessToken: 'a2' } }));
    await expect(refreshToken()).resolves.toEqual({ accessToken: 'a2' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
