import { describe, expect, it } from 'vitest';
import { endOfBangkokDay, startOfBangkokDay } from '../src/db/demo/seed.ts';
import { judge, tierAllows, tiersAtMost } from '../src/modules/catalogue/availability.ts';
import { createCountCache } from '../src/modules/catalogue/count-cache.ts';
import { localized, localizedList } from '../src/modules/catalogue/localize.ts';
import { escapeLike } from '../src/modules/catalogue/search.ts';

describe('catalogue rules', () => {
  it('texts: the requested language, else English, else Thai; empty counts as missing', () => {
    expect(localized('th', 'Coffee', 'กาแฟ')).toBe('กาแฟ');
    expect(localized('en', 'Coffee', 'กาแฟ')).toBe('Coffee');
    expect(localized('th', 'Coffee', null)).toBe('Coffee');
    expect(localized('th', 'Coffee', '  ')).toBe('Coffee');
    expect(localized('en', null, 'กาแฟ')).toBe('กาแฟ');
    expect(localized('en', '', 'กาแฟ')).toBe('กาแฟ');
    expect(localized('th', null, null)).toBe('');
    expect(localizedList('th', ['a', 'b', ''], ['ก', '', ''])).toEqual(['ก', 'b']);
  });

  it('tiers are minimums', () => {
    expect(tierAllows('member', null)).toBe(true);
    expect(tierAllows('silver', 'gold')).toBe(false);
    expect(tierAllows('platinum', 'gold')).toBe(true);
    expect(tiersAtMost('silver')).toEqual(['member', 'silver']);
  });

  it('availability: first reason wins (ended, not started, sold out, tier, privilege-only); visitors get eligible null', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const open = { startsAt: new Date('2025-12-01'), endsAt: null, stock: null, taken: 0 };
    const any = { tier: null, privilegeOnly: false };
    expect(judge(open, now, any, null)).toEqual({ unavailableReason: null, eligible: null });
    expect(judge(open, now, { tier: 'gold', privilegeOnly: true }, null)).toEqual({
      unavailableReason: null,
      eligible: null,
    });
    expect(judge(open, now, { tier: 'gold', privilegeOnly: true }, 'member').unavailableReason).toBe(
      'tier_locked',
    );
    expect(judge(open, now, { tier: null, privilegeOnly: true }, 'member')).toEqual({
      unavailableReason: 'privilege_only',
      eligible: false,
    });
    expect(judge(open, now, { tier: null, privilegeOnly: true }, 'silver')).toEqual({
      unavailableReason: null,
      eligible: true,
    });
    const soldOut = { ...open, stock: 5, taken: 5 };
    expect(judge(soldOut, now, { tier: 'gold', privilegeOnly: false }, 'member').unavailableReason).toBe(
      'sold_out',
    );
    const ended = { ...soldOut, endsAt: new Date('2025-12-31T23:59:59Z') };
    expect(judge(ended, now, any, null).unavailableReason).toBe('ended');
    expect(judge({ ...open, endsAt: now }, now, any, null).unavailableReason).toBeNull();
    expect(judge({ ...open, startsAt: new Date(now.getTime() + 1) }, now, any, null).unavailableReason).toBe(
      'not_started',
    );
  });

  it('Bangkok days: boundaries at 17:00 UTC', () => {
    const beforeMidnight = new Date('2026-01-01T16:59:59Z'); // 23:59:59 on 1 Jan in Bangkok
    const afterMidnight = new Date('2026-01-01T17:00:00Z'); // 00:00 on 2 Jan in Bangkok
    expect(startOfBangkokDay(beforeMidnight).toISOString()).toBe('2025-12-31T17:00:00.000Z');
    expect(endOfBangkokDay(beforeMidnight).toISOString()).toBe('2026-01-01T16:59:59.000Z');
    expect(startOfBangkokDay(afterMidnight).toISOString()).toBe('2026-01-01T17:00:00.000Z');
    expect(startOfBangkokDay(afterMidnight, 2).toISOString()).toBe('2026-01-03T17:00:00.000Z');
    expect(endOfBangkokDay(afterMidnight, -1).toISOString()).toBe('2026-01-01T16:59:59.000Z');
  });

  it('count cache keeps only large totals (with what was counted alongside), for its time-to-live on the injected clock', () => {
    let t = 0;
    const cache = createCountCache<{ total: number; onSale?: number }>(() => new Date(t), {
      ttlMs: 1000,
      minTotal: 100,
      maxEntries: 2,
    });
    cache.set('small', { total: 99 });
    expect(cache.get('small')).toBeUndefined();
    cache.set('a', { total: 100, onSale: 90 });
    expect(cache.get('a')).toEqual({ total: 100, onSale: 90 });
    t = 1000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', { total: 200 });
    cache.set('c', { total: 300 });
    cache.set('d', { total: 400 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('d')).toEqual({ total: 400 });
  });

  it("LIKE's characters are escaped", () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
