import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { blockedByConnection, connectionProblem, type ConnectionProblem } from './screen-queries.ts';

const subscribeTo = (cache: ReturnType<QueryClient['getQueryCache']>) => (notify: () => void) => {
  const offCache = cache.subscribe(notify);
  const offOnline = onlineManager.subscribe(notify);
  return () => {
    offCache();
    offOnline();
  };
};

/** While a screen waits on the connection, it asks again this often (and at once when it comes back). */
export const RETRY_INTERVAL_MS = 10_000;

/**
 * Calls `retry` when the browser says the network is back and every RETRY_INTERVAL_MS while `active`
 * (not while the browser says it is offline: nothing can arrive, and the 'online' event will come).
 */
export function useRetryWhileBlocked(active: boolean, retry: () => void): void {
  useEffect(() => {
    if (!active) return;
    const whenOnline = () => {
      if (onlineManager.isOnline()) retry();
    };
    window.addEventListener('online', whenOnline);
    const timer = window.setInterval(whenOnline, RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', whenOnline);
      window.clearInterval(timer);
    };
  }, [active, retry]);
}

/**
 * The screen's connection problem, and a retry that asks again for every read it waits on. The retry
 * runs by itself too (useRetryWhileBlocked), so the screen fills in when the network returns.
 */
export function useConnectionProblem(
  client: QueryClient,
  sessionUnconfirmed = false,
): {
  problem: ConnectionProblem | null;
  retry: () => void;
  retrying: boolean;
} {
  const cache = client.getQueryCache();
  const subscribe = useMemo(() => subscribeTo(cache), [cache]);
  const problem = useSyncExternalStore(
    subscribe,
    () =>
      connectionProblem(cache.getAll(), { networkMissing: sessionUnconfirmed || !onlineManager.isOnline() }),
    () => null,
  );
  // Retried by itself also when the screen shows something and says what failed its own way (a detail
  // whose "You may also like" arrived, but not the item): the member should not have to tap.
  const blocked = useSyncExternalStore(
    subscribe,
    () => cache.getAll().some(blockedByConnection),
    () => false,
  );
  const [retrying, setRetrying] = useState(false);
  const retry = useCallback(() => {
    setRetrying(true);
    void client
      // A read already on its way is left to finish (or to run out of time), not started over.
      .refetchQueries({
        type: 'active',
        predicate: (q) => blockedByConnection(q) && q.state.fetchStatus !== 'fetching',
      })
      .finally(() => setRetrying(false));
  }, [client]);
  useRetryWhileBlocked(problem !== null || blocked, retry);
  return { problem, retry, retrying };
}
