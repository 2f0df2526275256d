/**
 * Remembers large list totals for a short while. Counting 100,000 matching rows costs ~10 ms on the
 * embedded database — more than the rest of a list request — and a list is paged through with the
 * same filter many times. Only totals of at least `minTotal` rows are kept (smaller ones are cheap to
 * count and stay exact), for `ttlMs` of the injected clock; a total can therefore lag reality by that
 * long on a very large catalogue, which a "1,234 results" line can afford. Per process, no member data.
 */
export interface CountCache<Counts extends { total: number }> {
  get(key: string): Counts | undefined;
  set(key: string, counts: Counts): void;
  clear(): void;
}

/** `Counts`: the total, and whatever else the same count found (a list's availability groups). */
export const createCountCache = <Counts extends { total: number }>(
  now: () => Date,
  { ttlMs = 30_000, minTotal = 1_000, maxEntries = 500 } = {},
): CountCache<Counts> => {
  const entries = new Map<string, { counts: Counts; expiresAt: number }>();
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expiresAt <= now().getTime()) {
        entries.delete(key);
        return undefined;
      }
      return e.counts;
    },
    set(key, counts) {
      if (counts.total < minTotal) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { counts, expiresAt: now().getTime() + ttlMs });
    },
    clear: () => entries.clear(),
  };
};
