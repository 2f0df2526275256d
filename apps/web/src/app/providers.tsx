import { IconProvider } from '@ant-design/icons';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../shared/api/query-client.ts';

// antd's ConfigProvider is not here: it would put the kit's runtime in every route's first download.
// Screens that use antd get it with their own code (app/lazy-screen.tsx).
// The icons' few rules are in app.css. Left to themselves, every icon checks and rewrites a <style> in
// the head as it mounts: a signed-in member's first screen spent over a third of its largest task there.
const ICONS = { zeroRuntime: true };

export function AppProviders({
  client = queryClient,
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <IconProvider value={ICONS}>{children}</IconProvider>
    </QueryClientProvider>
  );
}
