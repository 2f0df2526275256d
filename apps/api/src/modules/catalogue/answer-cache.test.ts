import { describe, expect, it } from 'vitest';
import { answerOf } from './answer.ts';
import { createAnswerCache } from './answer-cache.ts';
import type { Freshness } from './freshness.ts';
import { z } from 'zod';

/** A Freshness moved by hand. */
const manual = () => {
  const listeners: (() => void)[] = [];
  let gen = 0;
  const f: Freshness & { bump(): void } = {
    current: () => gen,
    keeps: (g) => g === gen,
    changed: () => f.bump(),
    onChange: (l) => void listeners.push(l),
    start: async () => {},
    stop: () => {},
    bump: () => {
      gen += 1;
      for (const l of listeners) l();
    },
  };
  return f;
};

const text = (s: string) => answerOf(z.object({ success: z.literal(true), data: z.string() }), s);

describe('answer cache', () => {
  it('is bounded by entries and by size, dropping the least recently used', async () => {
    const cache = createAnswerCache(manual(), { maxEntries: 50, maxChars: 1_000_000 });
    for (let i = 0; i < 500; i++) await cache.through(`search ${i}`, async () => text(`answer ${i}`));
    expect(cache.size).toBe(50);

    const bySize = createAnswerCache(manual(), { maxEntries: 1000, maxChars: 10_000 });
    for (let i = 0; i < 100; i++) await bySize.through(`k${i}`, async () => text('x'.repeat(1000)));
    expect(bySize.size).toBeLessThanOrEqual(10);
    expect(bySize.size).toBeGreaterThan(0);
  });

  it('computes concurrent misses once, and never keeps an answer whose computation began before a change', async () => {
    const f = manual();
    const cache = createAnswerCache(f);
    let computed = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<ReturnType<typeof text>>((r) => {
        computed += 1;
        release = () => r(text(`old ${computed}`));
      });
    const a = cache.through('k', slow);
    const b = cache.through('k', slow);
    expect(computed).toBe(1);
    f.bump(); // the data changed while the answer was being read
    release();
    expect(JSON.parse((await a).body).data).toBe('old 1');
    expect(await b).toBe(await a);
    expect(cache.size).toBe(0);
    const fresh = await cache.through('k', async () => text('new'));
    expect(JSON.parse(fresh.body).data).toBe('new');
    expect(await cache.through('k', async () => text('never read'))).toBe(fresh);
  });
});
