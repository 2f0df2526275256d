import { safeStorage } from '../storage.ts';

/** Both tokens live in local storage under these keys, shared by every tab of the app. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export type StoredTokens = { accessToken: string; refreshToken: string };

/**
 * A cookie that says only "a member's tokens are stored here" (`member=1`), never which member or any
 * token: the server cannot read local storage, and with it sends a signed-in member their own layout
 * rather than the visitor's page (apps/api/src/http/web.ts). index.html's head script sets it on every
 * visit with a session; a stale one (storage cleared) is removed by index.html's gate.
 */
export const MEMBER_HINT_COOKIE = 'member';
/** As long as a session is kept without a visit (the refresh token's life); each visit renews it. */
const MEMBER_HINT_MAX_AGE_S = 60 * 60 * 24 * 30;

function writeMemberHint(on: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${MEMBER_HINT_COOKIE}=${on ? '1' : ''}; Path=/; Max-Age=${on ? MEMBER_HINT_MAX_AGE_S : 0}; SameSite=Lax${secure}`;
}

export const tokenStorage = {
  get(): StoredTokens | null {
    const accessToken = safeStorage.get(ACCESS_TOKEN_KEY);
    const refreshToken = safeStorage.get(REFRESH_TOKEN_KEY);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  },
  set(tokens: StoredTokens): void {
    safeStorage.set(ACCESS_TOKEN_KEY, tokens.accessToken);
    safeStorage.set(REFRESH_TOKEN_KEY, tokens.refreshToken);
    writeMemberHint(true);
  },
  clear(): void {
    safeStorage.remove(ACCESS_TOKEN_KEY);
    safeStorage.remove(REFRESH_TOKEN_KEY);
    writeMemberHint(false);
  },
};
