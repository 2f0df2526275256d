import type { LoginData, MemberInfo, ProfileStatus } from '@app/contracts';
import { create } from 'zustand';
import { isApiError } from '../../../shared/api/api-error.ts';
import { setSessionRefresher } from '../../../shared/api/client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { tokenStorage } from '../../../shared/api/tokens.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { navigateTo } from '../../../shared/navigation.ts';
import { localizePath, paths, signinPath } from '../../../shared/paths.ts';
import { logoutOnServer } from '../api/logout.ts';
import { refreshToken } from '../api/refresh-token.ts';
import { memberInfoOf, tokensOf } from '../lib/member-info.ts';

/** The logout callback runs this long after the state is cleared. */
export const LOGOUT_CALLBACK_DELAY_MS = 300;
/** How often a signed-in app refreshes its session (also keeps a second tab's tokens fresh). */
export const REFRESH_INTERVAL_MS = 30_000;

/**
 * 'ok': refreshed. 'unauthorized': the server refused the tokens (now logged out).
 * 'no-token': nothing stored. 'failed': unreachable or a server error — state left as it was.
 */
export type RefreshOutcome = 'ok' | 'unauthorized' | 'no-token' | 'failed';

export type AuthState = {
  isInitialed: boolean;
  isLoggedIn: boolean;
  isSettingProfile: boolean;
  /** Between logout and arriving on /signin: the guard shows the loader instead of redirecting. */
  isLoggingOut: boolean;
  profileStatus: 'unknown' | ProfileStatus;
  profileHasCreated: 'unknown' | 'alreadyProfile';
  info: MemberInfo | null;
};

export type AuthActions = {
  /** At start: refresh when tokens are stored, else just become initialised and logged out. */
  initialize: () => Promise<void>;
  refreshSession: () => Promise<RefreshOutcome>;
  login: (data: LoginData) => void;
  logout: (callback?: () => void) => void;
  /** The logout has reached /signin: the guard judges routes as usual again. */
  finishLogout: () => void;
  /** Runs `save` with isSettingProfile set; on success stores the info and goes to /profile. */
  /**
   * Saves through `save`, then goes to `returnTo` (an app path without a locale, already checked as
   * safe: where a new member was before completing the profile) or else to /profile.
   */
  updateProfile: (save: () => Promise<MemberInfo>, returnTo?: string | null) => Promise<MemberInfo>;
  /** Replaces the info after a call that returned it (avatar, language, profile read). */
  setInfo: (info: MemberInfo) => void;
};

const loggedOut = {
  isLoggedIn: false,
  isSettingProfile: false,
  profileStatus: 'unknown',
  profileHasCreated: 'unknown',
  info: null,
} as const satisfies Partial<AuthState>;

export const initialAuthState: AuthState = { ...loggedOut, isInitialed: false, isLoggingOut: false };

let refreshing: Promise<RefreshOutcome> | null = null;
let initializing: Promise<void> | null = null;

export const useAuthStore = create<AuthState & AuthActions>()((set, get) => ({
  ...initialAuthState,
  // With no session stored there is nothing to restore: a visitor's screens render from the first
  // frame. This is also what the server renders and the first (hydrating) render reads.
  isInitialed: !tokenStorage.get(),

  initialize: () => {
    if (get().isInitialed) return Promise.resolve();
    initializing ??= get()
      .refreshSession()
      .then(() => set({ isInitialed: true }))
      .finally(() => {
        initializing = null;
      });
    return initializing;
  },

  refreshSession: () => {
    // One refresh at a time: the poll and a 401 retry must not spend the same refresh token twice.
    refreshing ??= (async (): Promise<RefreshOutcome> => {
      if (!tokenStorage.get()) {
        set({ ...loggedOut, isInitialed: true });
        return 'no-token';
      }
      try {
        const data = await refreshToken();
        tokenStorage.set(tokensOf(data, 'refresh'));
        const info = memberInfoOf(data);
        set({ isInitialed: true, isLoggedIn: true, info, profileStatus: info.profileStatus });
        return 'ok';
      } catch (error) {
        if (isApiError(error) && error.isAuthFailure) {
          // A refused refresh silently marks the member logged out: no error to show, just sign-in.
          tokenStorage.clear();
          set({ ...loggedOut, isInitialed: true });
          return 'unauthorized';
        }
        // Unreachable server or 5xx: keep the tokens so the next attempt (or a reload) can succeed.
        set({ isInitialed: true });
        return 'failed';
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  },

  login: (data) => {
    tokenStorage.set(tokensOf(data, 'login'));
    const info = memberInfoOf(data);
    set({
      isInitialed: true,
      isLoggedIn: true,
      isLoggingOut: false,
      info,
      profileStatus: info.profileStatus,
      profileHasCreated: 'unknown',
    });
  },

  logout: (callback) => {
    // The server ends the session too, so a copied token stops working.
    if (tokenStorage.get()) logoutOnServer();
    tokenStorage.clear();
    queryClient.clear();
    // The cart's saved selection and checkout payload belong to this member, not to the next one on
    // this device. Loaded on demand: the shell does not carry the cart's store.
    void import('../../../shared/cart/cart-store.ts').then(({ useCartStore }) =>
      useCartStore.getState().reset(),
    );
    // So is the wallet kept on the device for offline use (codes included). A browser without
    // IndexedDB (some private modes) kept nothing, so there is nothing to clear.
    void import('../../../pwa/offline-store.ts')
      .then(({ clearOfflineCopies }) => clearOfflineCopies())
      .catch(() => undefined);
    set({ ...loggedOut, isInitialed: true, isLoggingOut: true });
    setTimeout(() => {
      callback?.();
      // isLoggingOut stays set until the guard sees /signin (finishLogout).
      void navigateTo(signinPath(currentLanguage()), { replace: true });
    }, LOGOUT_CALLBACK_DELAY_MS);
  },

  finishLogout: () => set({ isLoggingOut: false }),

  updateProfile: async (save, returnTo) => {
    set({ isSettingProfile: true });
    try {
      const info = await save();
      set({ info, profileStatus: info.profileStatus, profileHasCreated: 'alreadyProfile' });
      await navigateTo(localizePath(returnTo ?? paths.profile, currentLanguage()));
      return info;
    } finally {
      set({ isSettingProfile: false });
    }
  },

  setInfo: (info) => set({ info, profileStatus: info.profileStatus }),
}));

// A call answered 401 token_expired: refresh once, then the client retries it.
setSessionRefresher(async () => (await useAuthStore.getState().refreshSession()) === 'ok');
