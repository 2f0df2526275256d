import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_RECENT_SEARCHES,
  RECENT_SEARCHES_KEY,
  readRecentSearches,
  useRecentSearches,
  withRecentSearch,
} from './recent-searches.ts';

describe('recent searches (kept on this device)', () => {
  beforeEach(() => useRecentSearches.setState({ searches: [] }));

  it('puts the newest first', () => {
    let list: string[] = [];
    for (const term of ['latte', 'shabu', 'spa']) list = withRecentSearch(list, term);
    expect(list).toEqual(['spa', 'shabu', 'latte']);
  });

  it('keeps no duplicates: searching again moves the term to the front (any letter case)', () => {
    expect(withRecentSearch(['spa', 'Latte', 'shabu'], 'latte')).toEqual(['latte', 'spa', 'shabu']);
    expect(withRecentSearch(['ชาบู', 'spa'], '  ชาบู ')).toEqual(['ชาบู', 'spa']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i += 1) list = withRecentSearch(list, `term ${i}`);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe('term 12');
    expect(list.at(-1)).toBe('term 3');
  });

  it('ignores blank terms and tidies spaces', () => {
    expect(withRecentSearch(['spa'], '   ')).toEqual(['spa']);
    expect(withRecentSearch([], '  cold   brew ')).toEqual(['cold brew']);
  });

  it('reads storage defensively (edited or broken values)', () => {
    expect(readRecentSearches(null)).toEqual([]);
    expect(readRecentSearches('not json')).toEqual([]);
    expect(readRecentSearches('{"a":1}')).toEqual([]);
    expect(readRecentSearches('["spa", 3, "Spa", "latte"]')).toEqual(['spa', 'latte']);
    const many = JSON.stringify(Array.from({ length: 15 }, (_, i) => `t${i}`));
    expect(readRecentSearches(many)).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`));
  });

  it('the store saves to local storage, removes one term and clears the history', () => {
    const { add, remove, clear } = useRecentSearches.getState();
    add('latte');
    add('ชาบู');
    add('Latte');
    expect(useRecentSearches.getState().searches).toEqual(['Latte', 'ชาบู']);
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual(['Latte', 'ชาบู']);
    remove('latte');
    expect(useRecentSearches.getState().searches).toEqual(['ชาบู']);
    clear();
    expect(useRecentSearches.getState().searches).toEqual([]);
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });
});
