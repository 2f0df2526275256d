import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { useAuthStore } from '../../features/auth/store/auth-store.ts';
import { queryClient } from '../../shared/api/query-client.ts';

/**
 * The second step of the app's start (main.tsx): the answers the server sent with its markup into the
 * cache (`serverMarkup`: the page holds the server's screen), and the session's refresh under way.
 */
export function beginSession(serverMarkup: boolean): void {
  const firstView = document.getElementById('first-view');
  if (serverMarkup && firstView)
    hydrate(queryClient, JSON.parse(firstView.textContent ?? '{}') as DehydratedState);
  void useAuthStore.getState().initialize();
}
