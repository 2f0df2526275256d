/**
 * Remembers large list totals for a short while. Counting 100,000 matching rows costs ~10 ms on the
 * embedded database — more than the rest of a list request — and a list is paged through with the
 * same filter many times. Only totals of at least `minTotal` rows are kept (smaller ones are cheap to
 * count and stay exact), for `ttlMs` of the injected clock; a total can therefore lag reality by that
 * long on a very large catalogue, which a "1,234 results" line can afford. Per process, no member data.
 */
export interface CountCache {
  get(key: string): number | undefined;
  set(key: string, total: number): void;
  clear(): void;
}

export const createCountCache = (
  now: () => Date,
  { ttlMs = 30_000, minTotal = 1_000, maxEntries = 500 } = {},
): CountCache => {
  const entries = new Map<string, { total: number; expiresAt: number }>();
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expiresAt <= now().getTime()) {
        entries.delete(key);
        return undefined;
      }
      return e.total;
    },
    set(key, total) {
      if (total < minTotal) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { total, expiresAt: now().getTime() + ttlMs });
    },
    clear: () => entries.clear(),
  };
};
