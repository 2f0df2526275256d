import IconContext from '@ant-design/icons/es/components/Context';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../shared/api/query-client.ts';

const ICONS = { zeroRuntime: true };

// antd's ConfigProvider is not here: it would put the kit's runtime in every route's first download.
// Screens that use antd get it with their own code (app/lazy-screen.tsx).
export function AppProviders({
  client = queryClient,
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      {/* The icons' styles are app.css's: no icon injects them as it mounts. */}
      <IconContext.Provider value={ICONS}>{children}</IconContext.Provider>
    </QueryClientProvider>
  );
}
