import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { useAuthStore } from '../../features/auth/store/auth-store.ts';
import { queryClient } from '../../shared/api/query-client.ts';

/**
 * The second step of the app's start (main.tsx): the answers the server sent with its markup into the
 * cache, and the session's refresh under way. Returns whether there is server markup to take over:
 * none when index.html's gate put the boot screen in its place (a stored session, another language).
 */
export function beginSession(root: HTMLElement): boolean {
  const firstView = document.getElementById('first-view');
  const serverRendered = firstView !== null && root.querySelector(':scope > .boot') === null;
  if (serverRendered) hydrate(queryClient, JSON.parse(firstView.textContent ?? '{}') as DehydratedState);
  void useAuthStore.getState().initialize();
  return serverRendered;
}
