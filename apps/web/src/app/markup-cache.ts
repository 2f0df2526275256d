import { LRUCache } from 'lru-cache';

type Entry = { answers: string; markup: string };

export type MarkupCache = {
  /** The markup rendered for `address` from these same answers, if it is recent enough. */
  get(address: string, answers: string): string | undefined;
  set(address: string, answers: string, markup: string): void;
};

/**
 * The server's recent renders of visitors' pages. Rendering is the costly part of a page (tens of
 * milliseconds), while its answers come from the API's own cache: a page whose answers are unchanged
 * reuses its markup. A catalogue change changes the answers, so it shows at once; `maxAgeMs` bounds what
 * depends on the clock (an "expires today" label), as the app's own once-a-minute refresh does.
 * Bounded by count, least recently used out first: a query string is an address of its own.
 */
export function createMarkupCache({
  maxEntries,
  maxAgeMs,
  now = () => performance.now(),
}: {
  maxEntries: number;
  maxAgeMs: number;
  now?: () => number;
}): MarkupCache {
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    ttl: maxAgeMs,
    // Read the clock at every look-up rather than once per millisecond (and the injected clock in tests).
    ttlResolution: 0,
    perf: { now },
  });
  return {
    get(address, answers) {
      const entry = entries.get(address);
      return entry?.answers === answers ? entry.markup : undefined;
    },
    set(address, answers, markup) {
      entries.set(address, { answers, markup });
    },
  };
}
