import { useEffect } from 'react';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../../shared/api/tokens.ts';
import { isProtectedPath, splitLocale } from '../../../shared/paths.ts';
import { REFRESH_INTERVAL_MS, useAuthStore } from '../store/auth-store.ts';

const onProtectedPath = () => isProtectedPath(splitLocale(window.location.pathname).path);

/**
 * Runs the session for the whole app: the refresh at start, the 30 s refresh poll while logged in
 * (a refused refresh on a protected page logs out to /signin), and logout when another tab logged out.
 */
export function useAuthSession(): void {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);

  useEffect(() => {
    void useAuthStore.getState().initialize();
  }, []);

  useEffect(() => {
    if (!isLoggedIn) return;
    const timer = window.setInterval(async () => {
      const outcome = await useAuthStore.getState().refreshSession();
      if (outcome === 'unauthorized' && onProtectedPath()) useAuthStore.getState().logout();
    }, REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isLoggedIn]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const tokenGone =
        (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) &&
        event.newValue === null;
      const { isLoggedIn: loggedIn, logout } = useAuthStore.getState();
      if (tokenGone && loggedIn) logout();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
