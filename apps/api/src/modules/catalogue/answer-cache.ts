import { LRUCache } from 'lru-cache';
import type { Answer } from './answer.ts';
import type { Freshness } from './freshness.ts';

/**
 * Catalogue answers shared by everyone who sees the same thing (same request, language and tier),
 * kept until the catalogue changes (Freshness empties it) and bounded — any search text is a key of
 * its own — by count and by size, least recently used out first. Concurrent misses of one key are
 * computed once.
 */
export interface AnswerCache {
  through(key: string, compute: () => Promise<Answer>): Promise<Answer>;
  readonly size: number;
}

export interface AnswerCacheLimits {
  maxEntries: number;
  /** Characters of keys and bodies together. */
  maxChars: number;
}

export const ANSWER_CACHE_LIMITS: AnswerCacheLimits = { maxEntries: 5000, maxChars: 64 * 1024 * 1024 };

export const createAnswerCache = (
  freshness: Freshness,
  limits: AnswerCacheLimits = ANSWER_CACHE_LIMITS,
): AnswerCache => {
  const answers = new LRUCache<string, Answer>({
    max: limits.maxEntries,
    maxSize: limits.maxChars,
    sizeCalculation: (a, key) => Math.max(1, a.body.length + key.length),
  });
  const computing = new Map<string, Promise<Answer>>();
  freshness.onChange(() => {
    answers.clear();
    computing.clear();
  });
  return {
    through(key, compute) {
      const gen = freshness.current();
      const keepable = freshness.keeps(gen);
      const hit = answers.get(key);
      if (hit) return Promise.resolve(hit);
      const running = computing.get(key);
      if (running) return running;
      const p = compute()
        .then((a) => {
          if (keepable && freshness.keeps(gen)) answers.set(key, a);
          return a;
        })
        .finally(() => {
          if (computing.get(key) === p) computing.delete(key);
        });
      computing.set(key, p);
      return p;
    },
    get size() {
      return answers.size;
    },
  };
};
