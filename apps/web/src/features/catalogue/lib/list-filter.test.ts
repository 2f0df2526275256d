import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  checkPriceRange,
  DEFAULT_FILTER,
  filterFromSearch,
  filterToSearch,
  sortKeyOf,
  SORTS,
  type ListFilter,
} from './list-filter.ts';

const read = (qs: string) => filterFromSearch(new URLSearchParams(qs));

describe('list filter ⇄ URL query', () => {
  it('an empty query is the default: newest first, nothing else', () => {
    expect(read('')).toEqual(DEFAULT_FILTER);
    expect(filterToSearch(DEFAULT_FILTER).toString()).toBe('');
  });

  it.each<[string, ListFilter]>([
    ['category=cafe', { ...DEFAULT_FILTER, category: 'cafe' }],
    ['q=%E0%B8%8A%E0%B8%B2%E0%B8%9A%E0%B8%B9', { ...DEFAULT_FILTER, q: 'ชาบู' }],
    ['orderBy=price&orderDir=DESC', { ...SORTS.priceDesc }],
    [
      'orderBy=price&orderDir=ASC&minPrice=100&maxPrice=500',
      { ...SORTS.priceAsc, minPrice: 100, maxPrice: 500 },
    ],
    ['orderBy=createdAt&orderDir=ASC', { ...SORTS.oldest }],
    ['merchant=m1&minPrice=0', { ...DEFAULT_FILTER, merchant: 'm1', minPrice: 0 }],
    [
      'category=dining&q=buffet&orderBy=price&orderDir=DESC&minPrice=200&maxPrice=1000',
      { category: 'dining', q: 'buffet', ...SORTS.priceDesc, minPrice: 200, maxPrice: 1000 },
    ],
  ])('%s round-trips', (qs, filter) => {
    expect(read(qs)).toEqual(filter);
    expect(filterToSearch(filter).toString()).toBe(qs);
    expect(read(filterToSearch(filter).toString())).toEqual(filter);
  });

  it('writes the default sort as nothing, so a plain list has a plain URL', () => {
    expect(filterToSearch({ ...SORTS.newest, category: 'spa' }).toString()).toBe('category=spa');
  });

  it('drops what the API would refuse rather than sending it', () => {
    expect(read('orderBy=title&orderDir=UP&minPrice=abc&maxPrice=-5&category=%20%20')).toEqual(
      DEFAULT_FILTER,
    );
    expect(read('minPrice=1.5&maxPrice=99999999')).toEqual(DEFAULT_FILTER);
    expect(read('q=' + 'x'.repeat(150)).q).toHaveLength(100);
  });

  it('swaps bounds given the wrong way round', () => {
    expect(read('minPrice=900&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
  });

  it('names the sort and counts the modal settings in use', () => {
    expect(sortKeyOf(read('orderBy=price&orderDir=DESC'))).toBe('priceDesc');
    expect(sortKeyOf(read(''))).toBe('newest');
    expect(activeFilterCount(read(''))).toBe(0);
    expect(activeFilterCount(read('category=cafe&q=x'))).toBe(0);
    expect(activeFilterCount(read('orderBy=price&orderDir=ASC&minPrice=1&maxPrice=2'))).toBe(3);
  });
});

describe('filter modal price fields', () => {
  it('accepts empty fields and whole numbers with min ≤ max', () => {
    expect(checkPriceRange('', '')).toEqual({ ok: true, minPrice: undefined, maxPrice: undefined });
    expect(checkPriceRange('100', '100')).toEqual({ ok: true, minPrice: 100, maxPrice: 100 });
    expect(checkPriceRange(' 1,000 ', '฿2,500')).toEqual({ ok: true, minPrice: 1000, maxPrice: 2500 });
    expect(checkPriceRange('0', '')).toEqual({ ok: true, minPrice: 0, maxPrice: undefined });
  });

  it('refuses min > max, non-numbers and huge numbers, naming the field', () => {
    expect(checkPriceRange('500', '100')).toEqual({ ok: false, field: 'max', error: 'minAboveMax' });
    expect(checkPriceRange('abc', '')).toEqual({ ok: false, field: 'min', error: 'notANumber' });
    expect(checkPriceRange('', '-5')).toEqual({ ok: false, field: 'max', error: 'notANumber' });
    expect(checkPriceRange('1.5', '')).toEqual({ ok: false, field: 'min', error: 'notANumber' });
    expect(checkPriceRange('', '20000000')).toEqual({ ok: false, field: 'max', error: 'tooLarge' });
  });
});
