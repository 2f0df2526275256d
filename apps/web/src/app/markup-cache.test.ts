import { describe, expect, it } from 'vitest';
import { createMarkupCache } from './markup-cache.ts';

describe('the server’s markup cache', () => {
  it('gives back a page’s markup only for the same answers, while it is recent', () => {
    let clock = 1_000;
    const cache = createMarkupCache({ maxEntries: 10, maxAgeMs: 60_000, now: () => clock });
    cache.set('/home', 'answers-1', '<p>one</p>');
    expect(cache.get('/home', 'answers-1')).toBe('<p>one</p>');
    // The catalogue changed: the page's answers differ, so the page is rendered again.
    expect(cache.get('/home', 'answers-2')).toBeUndefined();
    expect(cache.get('/th/home', 'answers-1')).toBeUndefined();
    clock = 60_000;
    expect(cache.get('/home', 'answers-1')).toBe('<p>one</p>');
    clock = 61_001;
    expect(cache.get('/home', 'answers-1')).toBeUndefined();
  });

  it('keeps at most maxEntries addresses, the least recently used out first', () => {
    const cache = createMarkupCache({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.set('/a', 'x', 'a');
    cache.set('/b', 'x', 'b');
    expect(cache.get('/a', 'x')).toBe('a');
    cache.set('/c', 'x', 'c');
    expect(cache.get('/b', 'x')).toBeUndefined();
    expect(cache.get('/a', 'x')).toBe('a');
    expect(cache.get('/c', 'x')).toBe('c');
  });
});
