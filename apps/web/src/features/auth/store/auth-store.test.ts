import type { LoginData } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { tokenStorage } from '../../../shared/api/tokens.ts';
import { i18next } from '../../../shared/i18n/i18n.ts';
import { setNavigator } from '../../../shared/navigation.ts';
import { logoutOnServer } from '../api/logout.ts';
import { refreshToken } from '../api/refresh-token.ts';
import { initialAuthState, LOGOUT_CALLBACK_DELAY_MS, useAuthStore } from './auth-store.ts';

vi.mock('../api/refresh-token.ts', () => ({ refreshToken: vi.fn() }));
vi.mock('../api/logout.ts', () => ({ logoutOnServer: vi.fn() }));

const member = (over: Partial<LoginData> = {}): LoginData => ({
  id: 'm1',
  email: 'somchai@example.com',
  firstName: null,
  lastName: null,
  phoneCode: null,
  phoneNumber: null,
  dateOfBirth: null,
  avatarUrl: null,
  language: 'en',
  profileStatus: 'incomplete',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  refreshTokens: [{ token: 'refresh-1', expiresAt: '2030-01-01T00:00:00.000Z' }],
  ...over,
});

const navigate = vi.fn();

beforeEach(() => {
  useAuthStore.setState(initialAuthState);
  navigate.mockReset();
  setNavigator(navigate);
  vi.mocked(refreshToken).mockReset();
  vi.mocked(logoutOnServer).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  void i18next.changeLanguage('en');
});

describe('auth store', () => {
  it('starts not initialised and logged out', () => {
    const s = useAuthStore.getState();
    expect(s.isInitialed).toBe(false);
    expect(s.isLoggedIn).toBe(false);
    expect(s.profileStatus).toBe('unknown');
    expect(s.profileHasCreated).toBe('unknown');
    expect(s.info).toBeNull();
  });

  it('login stores both tokens (refreshTokens[0].token) and logs in with the info', () => {
    useAuthStore
      .getState()
      .login(member({ refreshToken: 'ignored', refreshTokens: [{ token: 'from-list', expiresAt: 'x' }] }));
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('from-list');
    const s = useAuthStore.getState();
    expect(s.isLoggedIn).toBe(true);
    expect(s.isInitialed).toBe(true);
    expect(s.profileStatus).toBe('incomplete');
    expect(s.info?.email).toBe('somchai@example.com');
    expect(s.info).not.toHaveProperty('accessToken');
  });

  it("logout forgets the member's cart selection and checkout payload on this device", async () => {
    const { useCartStore } = await import('../../../shared/cart/cart-store.ts');
    useAuthStore.getState().login(member({ profileStatus: 'complete' }));
    useCartStore.getState().setCheckout({
      type: 'single',
      items: [{ voucherId: '11111111-1111-4111-8111-111111111111', priceOptionId: null, quantity: 2 }],
    });
    expect(useCartStore.getState().checkoutPayload).toHaveLength(1);
    useAuthStore.getState().logout();
    await vi.waitFor(() => expect(useCartStore.getState().checkoutPayload).toEqual([]));
    expect(useCartStore.getState().checkoutType).toBeNull();
    expect(localStorage.getItem('privileges-cart-storage-v2') ?? '').not.toContain('1111');
  });

  it('logout clears state and both tokens, runs the callback after 300 ms, then goes to /signin', async () => {
    vi.useFakeTimers();
    useAuthStore.getState().login(member({ profileStatus: 'complete' }));
    const callback = vi.fn();
    vi.mocked(logoutOnServer).mockImplementation(() => {
      // The server is asked while the tokens are still there to name the session.
      expect(localStorage.getItem('accessToken')).toBe('access-1');
    });
    useAuthStore.getState().logout(callback);
    expect(logoutOnServer).toHaveBeenCalledOnce();

    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    const s = useAuthStore.getState();
    expect(s.isLoggedIn).toBe(false);
    expect(s.info).toBeNull();
    expect(s.profileStatus).toBe('unknown');
    expect(s.isLoggingOut).toBe(true);

    vi.advanceTimersByTime(LOGOUT_CALLBACK_DELAY_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/signin', { replace: true });
    expect(callback.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0] ?? 0);
    await vi.runAllTimersAsync();
    // Still set: the guard clears it once it sees /signin.
    expect(useAuthStore.getState().isLoggingOut).toBe(true);
    useAuthStore.getState().finishLogout();
    expect(useAuthStore.getState().isLoggingOut).toBe(false);
  });

  it('logout goes to the Thai sign-in page when the page is Thai', () => {
    vi.useFakeTimers();
    void i18next.changeLanguage('th');
    useAuthStore.getState().login(member());
    useAuthStore.getState().logout();
    vi.advanceTimersByTime(LOGOUT_CALLBACK_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/th/signin', { replace: true });
  });

  it('a logout with no tokens left (another tab already signed out) asks nothing of the server', () => {
    vi.useFakeTimers();
    useAuthStore.getState().logout();
    expect(logoutOnServer).not.toHaveBeenCalled();
  });

  it('initialises logged out without calling the API when no tokens are stored', async () => {
    await useAuthStore.getState().initialize();
    expect(refreshToken).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isInitialed: true, isLoggedIn: false });
  });

  it('initialises with a refresh that stores the rotated tokens', async () => {
    tokenStorage.set({ accessToken: 'old-a', refreshToken: 'old-r' });
    vi.mocked(refreshToken).mockResolvedValue(
      member({
        accessToken: 'new-a',
        refreshToken: 'new-r',
        profileStatus: 'complete',
        firstName: 'Somchai',
      }),
    );
    await useAuthStore.getState().initialize();
    expect(refreshToken).toHaveBeenCalledOnce();
    expect(tokenStorage.get()).toEqual({ accessToken: 'new-a', refreshToken: 'new-r' });
    expect(useAuthStore.getState()).toMatchObject({
      isInitialed: true,
      isLoggedIn: true,
      profileStatus: 'complete',
      info: { firstName: 'Somchai' },
    });
  });

  it('a refused refresh at start leaves the member logged out and forgets the tokens', async () => {
    tokenStorage.set({ accessToken: 'a', refreshToken: 'r' });
    vi.mocked(refreshToken).mockRejectedValue(new ApiError(401, 'refresh_token_invalid', ['no']));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isInitialed: true, isLoggedIn: false });
    expect(tokenStorage.get()).toBeNull();
  });

  it('an unreachable server at start keeps the tokens for the next try', async () => {
    tokenStorage.set({ accessToken: 'a', refreshToken: 'r' });
    vi.mocked(refreshToken).mockRejectedValue(new ApiError(0, 'network_error', []));
    expect(await useAuthStore.getState().refreshSession()).toBe('failed');
    expect(useAuthStore.getState()).toMatchObject({ isInitialed: true, isLoggedIn: false });
    expect(tokenStorage.get()).not.toBeNull();
  });

  it('runs one refresh at a time', async () => {
    tokenStorage.set({ accessToken: 'a', refreshToken: 'r' });
    vi.mocked(refreshToken).mockResolvedValue(member());
    const [a, b] = await Promise.all([
      useAuthStore.getState().refreshSession(),
      useAuthStore.getState().refreshSession(),
    ]);
    expect([a, b]).toEqual(['ok', 'ok']);
    expect(refreshToken).toHaveBeenCalledOnce();
  });

  it('profile update sets isSettingProfile during the call, then stores the info and goes to /profile', async () => {
    useAuthStore.getState().login(member());
    let during = false;
    const saved = member({ firstName: 'Somchai', profileStatus: 'complete' });
    const { accessToken: _a, refreshToken: _r, refreshTokens: _l, ...info } = saved;
    await useAuthStore.getState().updateProfile(async () => {
      during = useAuthStore.getState().isSettingProfile;
      return info;
    });
    expect(during).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({
      isSettingProfile: false,
      profileHasCreated: 'alreadyProfile',
      profileStatus: 'complete',
      info: { firstName: 'Somchai' },
    });
    expect(navigate).toHaveBeenCalledWith('/profile', undefined);
  });

  it('a failed profile update clears isSettingProfile and stays', async () => {
    useAuthStore.getState().login(member());
    await expect(
      useAuthStore
        .getState()
        .updateProfile(() => Promise.reject(new ApiError(400, 'validation_failed', ['bad']))),
    ).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState()).toMatchObject({ isSettingProfile: false, profileHasCreated: 'unknown' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
