import { QueryClient, type Query } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '../../shared/api/api-error.ts';

/**
 * Marks the observers a screen creates (through `screenQueryClient`). The header's and the bottom
 * navigation's own reads (the cart badge, the unread count) are not the screen: when only they fail,
 * the screen has what it needs.
 */
const SCREEN = '__screen';

/**
 * A client for the screen's part of the page: the app's own caches (one query, one answer, whoever asks)
 * with observers that say they belong to the screen.
 */
export function screenQueryClient(app: QueryClient): QueryClient {
  const defaults = app.getDefaultOptions();
  return new QueryClient({
    queryCache: app.getQueryCache(),
    mutationCache: app.getMutationCache(),
    defaultOptions: {
      ...defaults,
      queries: { ...defaults.queries, [SCREEN]: true } as typeof defaults.queries,
    },
  });
}

const isScreens = (query: Query) =>
  query.observers.some((o) => (o.options as unknown as Record<string, unknown>)[SCREEN] === true);

/** Why the screen cannot show what it is waiting for, if it is the connection. */
export type ConnectionProblem = 'offline' | 'slow';

/**
 * A read the screen waits for and cannot get: paused (the browser says it is offline, so the query waits
 * for the network), failed for want of a connection, or not even started (a read that waits for the
 * member's session) while the network is what is missing.
 */
function problemOf(query: Query, networkMissing: boolean): ConnectionProblem | null {
  if (query.state.data !== undefined || !isScreens(query)) return null;
  if (!query.isActive()) return networkMissing && query.state.status === 'pending' ? 'offline' : null;
  if (query.state.fetchStatus === 'paused') return 'offline';
  const { error } = query.state;
  if (query.state.status !== 'error' || !isApiError(error)) return null;
  if (error.code === NETWORK_ERROR) return 'offline';
  if (error.code === TIMEOUT_ERROR) return 'slow';
  return null;
}

/**
 * The screen's connection problem: one of its reads is blocked and none has anything to show (a screen
 * with some of its answers — cached, or kept on the device — shows them and says "offline" its own way).
 * Offline wins over slow (the cure is the member's, not ours). `networkMissing`: the browser is offline,
 * or the member's session could not be confirmed for want of a server.
 */
export function connectionProblem(
  queries: readonly Query[],
  { networkMissing = false }: { networkMissing?: boolean } = {},
): ConnectionProblem | null {
  let found: ConnectionProblem | null = null;
  for (const query of queries) {
    if (query.state.data !== undefined && isScreens(query)) return null;
    const problem = problemOf(query, networkMissing);
    if (problem === 'offline' || (problem && !found)) found = problem;
  }
  return found;
}

/** The reads to ask again when the connection may be back. */
export const blockedByConnection = (query: Query) => problemOf(query, false) !== null;
