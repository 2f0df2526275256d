import { safeStorage } from '../storage.ts';

/** Both tokens live in local storage under these keys, shared by every tab of the app. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export type StoredTokens = { accessToken: string; refreshToken: string };

export const tokenStorage = {
  get(): StoredTokens | null {
    const accessToken = safeStorage.get(ACCESS_TOKEN_KEY);
    const refreshToken = safeStorage.get(REFRESH_TOKEN_KEY);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  },
  set(tokens: StoredTokens): void {
    safeStorage.set(ACCESS_TOKEN_KEY, tokens.accessToken);
    safeStorage.set(REFRESH_TOKEN_KEY, tokens.refreshToken);
  },
  clear(): void {
    safeStorage.remove(ACCESS_TOKEN_KEY);
    safeStorage.remove(REFRESH_TOKEN_KEY);
  },
};
