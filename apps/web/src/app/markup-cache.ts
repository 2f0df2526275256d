type Entry = { answers: string; markup: string; at: number };

export type MarkupCache = {
  /** The markup rendered for `url` from these same answers, if it is recent enough. */
  get(url: string, answers: string): string | undefined;
  set(url: string, answers: string, markup: string): void;
};

/**
 * The server's recent renders of visitors' pages. Rendering is the costly part of a page (tens of
 * milliseconds), while its answers come from the API's own cache: a page whose answers are unchanged
 * reuses its markup. A catalogue change changes the answers, so it shows at once; `maxAgeMs` bounds what
 * depends on the clock (an "expires today" label), as the app's own once-a-minute refresh does.
 * Bounded by count, oldest out first: any query string is an address of its own.
 */
export function createMarkupCache({
  maxEntries,
  maxAgeMs,
  now = Date.now,
}: {
  maxEntries: number;
  maxAgeMs: number;
  now?: () => number;
}): MarkupCache {
  const entries = new Map<string, Entry>();
  return {
    get(url, answers) {
      const entry = entries.get(url);
      if (!entry || entry.answers !== answers || now() - entry.at > maxAgeMs) return undefined;
      return entry.markup;
    },
    set(url, answers, markup) {
      entries.delete(url);
      entries.set(url, { answers, markup, at: now() });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}
