import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER } from '../lib/list-filter.ts';
import { catalogueKeys, everyLanguage } from './query-keys.ts';

const en = { lang: 'en', viewer: 'm1' } as const;
const th = { lang: 'th', viewer: 'm1' } as const;
const visitor = { lang: 'en', viewer: 'visitor' } as const;

describe('catalogueKeys', () => {
  it('starts every answer that depends on the reader with the language and the viewer', () => {
    const keys = [
      catalogueKeys.vouchers.first(en, DEFAULT_FILTER, 6),
      catalogueKeys.vouchers.pages(en, DEFAULT_FILTER),
      catalogueKeys.vouchers.recommend(en, { limit: 10 }),
      catalogueKeys.vouchers.detail(en, 'v1'),
      catalogueKeys.privileges.detail(en, 'p1'),
      catalogueKeys.privileges.favorites(en),
      catalogueKeys.banners(en, 'TOP'),
      catalogueKeys.coupons(en),
    ];
    for (const key of keys) expect(key.slice(0, 3)).toEqual(['catalogue', 'en', 'm1']);
  });

  it('keys categories and merchants by language only', () => {
    expect(catalogueKeys.categories('th')).toEqual(['catalogue', 'th', 'categories']);
    expect(catalogueKeys.merchant('en', 'x')).toEqual(['catalogue', 'en', 'merchant', 'x']);
    expect(partialMatchKey(catalogueKeys.merchants('en'), catalogueKeys.language('en'))).toBe(true);
  });

  it("a kind's prefix reaches all of its answers and none of the other kind's", () => {
    const prefix = catalogueKeys.privileges.all(en);
    expect(partialMatchKey(catalogueKeys.privileges.pages(en, DEFAULT_FILTER), prefix)).toBe(true);
    expect(partialMatchKey(catalogueKeys.privileges.favorites(en), prefix)).toBe(true);
    expect(partialMatchKey(catalogueKeys.vouchers.detail(en, 'p1'), prefix)).toBe(false);
  });
});

describe('everyLanguage', () => {
  const query = (queryKey: readonly unknown[]) => ({ queryKey }) as never;

  it("matches one reader's answers in both languages, and no other reader's", () => {
    const { predicate } = everyLanguage('m1', catalogueKeys.privileges.all);
    expect(predicate?.(query(catalogueKeys.privileges.detail(en, 'p1')))).toBe(true);
    expect(predicate?.(query(catalogueKeys.privileges.recommend(th, { limit: 10 })))).toBe(true);
    expect(predicate?.(query(catalogueKeys.privileges.detail(visitor, 'p1')))).toBe(false);
    expect(predicate?.(query(catalogueKeys.vouchers.detail(en, 'v1')))).toBe(false);
  });
});
