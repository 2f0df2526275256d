import { useDeferredValue } from 'react';

type QueryState = { data: unknown; isPending: boolean; isError: boolean };

/**
 * The query, with fresh data handed to the screen in a background render. TanStack Query delivers an
 * answer through useSyncExternalStore, which React renders at once in one piece: a list of cards
 * arriving was one 60-80 ms task on a phone. Deferred, React renders the cards in slices of a few
 * milliseconds and the page stays responsive; meanwhile the screen keeps what it showed (its skeleton).
 */
export function useDeferredQuery<Q extends QueryState>(query: Q): Q {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  return { ...query, data, isPending: data === undefined && !query.isError };
}
