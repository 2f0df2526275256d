import { create } from 'zustand';
import { safeStorage } from '../../../shared/storage.ts';

/** Recent searches live on this device only, newest first. */
export const RECENT_SEARCHES_KEY = 'privileges.recentSearches';
export const MAX_RECENT_SEARCHES = 10;
const MAX_TERM_LENGTH = 100;

const normalize = (term: string) => term.trim().replace(/\s+/g, ' ');
const sameTerm = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** `term` first, any earlier copy of it (any letter case) dropped, at most 10 kept. Blank terms change nothing. */
export function withRecentSearch(list: readonly string[], term: string): string[] {
  const clean = normalize(term).slice(0, MAX_TERM_LENGTH);
  if (!clean) return [...list];
  return [clean, ...list.filter((t) => !sameTerm(t, clean))].slice(0, MAX_RECENT_SEARCHES);
}

/** What storage holds, cleaned: strings only, no duplicates, at most 10 (it may have been edited by hand). */
export function readRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((t): t is string => typeof t === 'string')
    .reduceRight<string[]>((list, t) => withRecentSearch(list, t), []);
}

type RecentSearchesState = {
  searches: string[];
  add: (term: string) => void;
  remove: (term: string) => void;
  clear: () => void;
};

const save = (searches: string[]) => {
  if (searches.length) safeStorage.set(RECENT_SEARCHES_KEY, JSON.stringify(searches));
  else safeStorage.remove(RECENT_SEARCHES_KEY);
};

export const useRecentSearches = create<RecentSearchesState>()((set, get) => ({
  searches: readRecentSearches(safeStorage.get(RECENT_SEARCHES_KEY)),
  add: (term) => {
    const searches = withRecentSearch(get().searches, term);
    save(searches);
    set({ searches });
  },
  remove: (term) => {
    const searches = get().searches.filter((t) => !sameTerm(t, term));
    save(searches);
    set({ searches });
  },
  clear: () => {
    save([]);
    set({ searches: [] });
  },
}));
