import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { useAuthSession } from '../features/auth/index.ts';
import { AppProviders } from './providers.tsx';
import { appRouter } from './router.tsx';

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
      <RouterProvider router={appRouter()} />
    </AppFrame>
  );
}
