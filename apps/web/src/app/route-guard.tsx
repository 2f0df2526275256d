import { useCallback, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { initialAuthState, useAuthStore } from '../features/auth/index.ts';
import { tokenStorage } from '../shared/api/tokens.ts';
import { FullScreenLoader } from '../shared/ui/full-screen-loader.tsx';
import { useRetryWhileBlocked } from './connection/use-connection-problem.ts';
import { decideRoute, type GuardState } from './guard.ts';
import { ScreenHeldContext, useServerMemberShell } from './member-shell.ts';

/** The server's member layout: a session being restored, as the browser's first render sees it too. */
const SERVER_MEMBER: GuardState = { ...initialAuthState, hasStoredSession: true };

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const serverMember = useServerMemberShell();
  const stored = useAuthStore(
    useShallow((s) => ({
      isInitialed: s.isInitialed,
      isLoggedIn: s.isLoggedIn,
      isLoggingOut: s.isLoggingOut,
      isSettingProfile: s.isSettingProfile,
      profileStatus: s.profileStatus,
      profileHasCreated: s.profileHasCreated,
    })),
  );
  const state: GuardState = serverMember
    ? SERVER_MEMBER
    : { ...stored, hasStoredSession: typeof window !== 'undefined' && tokenStorage.get() !== null };
  const decision = decideRoute(state, location);
  const arrivedAfterLogout = state.isLoggingOut && decision.kind === 'render';
  useEffect(() => {
    if (arrivedAfterLogout) useAuthStore.getState().finishLogout();
  }, [arrivedAfterLogout]);
  useSessionRetry(state.isInitialed && !state.isLoggedIn && state.hasStoredSession && !state.isLoggingOut);

  if (decision.kind === 'loading') return <FullScreenLoader />;
  if (decision.kind === 'redirect') {
    return (
      <>
        <FullScreenLoader />
        <Navigate to={decision.to} replace />
      </>
    );
  }
  return <ScreenHeldContext.Provider value={decision.kind === 'hold'}>{children}</ScreenHeldContext.Provider>;
}

/**
 * A session kept through a refresh that could not reach the server is confirmed as soon as it can be:
 * when the network is back and every few seconds, like the screens' own reads.
 */
function useSessionRetry(unconfirmed: boolean) {
  const retry = useCallback(() => void useAuthStore.getState().refreshSession(), []);
  useRetryWhileBlocked(unconfirmed, retry);
}
