import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { useAuthSession } from '../features/auth/index.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes, NavigatorBridge } from './router.tsx';

function Session() {
  useAuthSession();
  return null;
}

/** Everything around the router; the server renders the same frame around its own router. */
export function AppFrame({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return (
    <AppProviders client={client}>
      <Session />
      {children}
    </AppProviders>
  );
}

export function App() {
  return (
    <AppFrame>
      <BrowserRouter>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
