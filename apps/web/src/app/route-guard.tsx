import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../features/auth/index.ts';
import { FullScreenLoader } from '../shared/ui/full-screen-loader.tsx';
import { decideRoute } from './guard.ts';

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const state = useAuthStore(
    useShallow((s) => ({
      isInitialed: s.isInitialed,
      isLoggedIn: s.isLoggedIn,
      isLoggingOut: s.isLoggingOut,
      isSettingProfile: s.isSettingProfile,
      profileStatus: s.profileStatus,
      profileHasCreated: s.profileHasCreated,
    })),
  );
  const decision = decideRoute(state, location);
  const arrivedAfterLogout = state.isLoggingOut && decision.kind === 'render';
  useEffect(() => {
    if (arrivedAfterLogout) useAuthStore.getState().finishLogout();
  }, [arrivedAfterLogout]);

  if (decision.kind === 'loading') return <FullScreenLoader />;
  if (decision.kind === 'redirect') {
    return (
      <>
        <FullScreenLoader />
        <Navigate to={decision.to} replace />
      </>
    );
  }
  return children;
}
