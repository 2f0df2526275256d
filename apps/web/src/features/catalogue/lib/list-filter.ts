import type { CatalogueListQuery } from '@app/contracts';
import { SORT_DIRECTIONS } from '@app/contracts/constants';

export type OrderBy = NonNullable<CatalogueListQuery['orderBy']>;
export type OrderDir = (typeof SORT_DIRECTIONS)[number];

/**
 * What a catalogue list shows, exactly as the URL query carries it (so a filtered list can be shared
 * and survives a reload): category slug, merchant id, text, sort and price bounds in whole baht
 * (points for privileges).
 */
export type ListFilter = {
  category?: string;
  merchant?: string;
  q?: string;
  orderBy: OrderBy;
  orderDir: OrderDir;
  minPrice?: number;
  maxPrice?: number;
};

/** The filter modal's four sorts and the contract's orderBy/orderDir for each. */
export const SORTS = {
  newest: { orderBy: 'createdAt', orderDir: 'DESC' },
  oldest: { orderBy: 'createdAt', orderDir: 'ASC' },
  priceAsc: { orderBy: 'price', orderDir: 'ASC' },
  priceDesc: { orderBy: 'price', orderDir: 'DESC' },
} as const satisfies Record<string, { orderBy: OrderBy; orderDir: OrderDir }>;

export type SortKey = keyof typeof SORTS;
export const SORT_KEYS = Object.keys(SORTS) as SortKey[];

export const DEFAULT_FILTER: ListFilter = { ...SORTS.newest };

/** The contract's bounds: the API answers 400 beyond them. */
export const MAX_PRICE = 10_000_000;
const MAX_TEXT = 100;
const MAX_ID = 60;

const ORDER_BYS: readonly OrderBy[] = ['createdAt', 'price'];

function text(params: URLSearchParams, key: string, max: number): string | undefined {
  const v = params.get(key)?.trim();
  return v ? v.slice(0, max) : undefined;
}

function whole(params: URLSearchParams, key: string): number | undefined {
  const v = params.get(key)?.trim();
  if (!v || !/^\d{1,8}$/.test(v)) return undefined;
  const n = Number(v);
  return n <= MAX_PRICE ? n : undefined;
}

/**
 * Reads a filter from a URL query. Anything the API would refuse is dropped rather than sent
 * (a hand-edited `minPrice=abc` shows the unfiltered list); bounds given the wrong way round are swapped.
 */
export function filterFromSearch(params: URLSearchParams): ListFilter {
  const orderByRaw = params.get('orderBy');
  const orderDirRaw = params.get('orderDir');
  const orderBy = ORDER_BYS.find((o) => o === orderByRaw) ?? DEFAULT_FILTER.orderBy;
  const orderDir = SORT_DIRECTIONS.find((d) => d === orderDirRaw) ?? DEFAULT_FILTER.orderDir;
  let minPrice = whole(params, 'minPrice');
  let maxPrice = whole(params, 'maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const filter: ListFilter = { orderBy, orderDir };
  const category = text(params, 'category', MAX_ID);
  const merchant = text(params, 'merchant', MAX_ID);
  const q = text(params, 'q', MAX_TEXT);
  if (category) filter.category = category;
  if (merchant) filter.merchant = merchant;
  if (q) filter.q = q;
  if (minPrice !== undefined) filter.minPrice = minPrice;
  if (maxPrice !== undefined) filter.maxPrice = maxPrice;
  return filter;
}

/** The URL query of a filter: only what differs from the defaults, in a stable order. */
export function filterToSearch(filter: ListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.merchant) params.set('merchant', filter.merchant);
  if (filter.q) params.set('q', filter.q);
  if (filter.orderBy !== DEFAULT_FILTER.orderBy || filter.orderDir !== DEFAULT_FILTER.orderDir) {
    params.set('orderBy', filter.orderBy);
    params.set('orderDir', filter.orderDir);
  }
  if (filter.minPrice !== undefined) params.set('minPrice', String(filter.minPrice));
  if (filter.maxPrice !== undefined) params.set('maxPrice', String(filter.maxPrice));
  return params;
}

export function sortKeyOf(filter: Pick<ListFilter, 'orderBy' | 'orderDir'>): SortKey {
  return (
    SORT_KEYS.find((k) => SORTS[k].orderBy === filter.orderBy && SORTS[k].orderDir === filter.orderDir) ??
    'newest'
  );
}

/** How many of the modal's settings differ from the defaults (the badge on the Filter button). */
export function activeFilterCount(filter: ListFilter): number {
  return (
    (sortKeyOf(filter) === 'newest' ? 0 : 1) +
    (filter.minPrice !== undefined ? 1 : 0) +
    (filter.maxPrice !== undefined ? 1 : 0)
  );
}

export type PriceRangeError = 'notANumber' | 'tooLarge' | 'minAboveMax';

/** The filter modal's price fields: empty, or whole numbers from 0 to MAX_PRICE with min ≤ max. */
export function checkPriceRange(
  minText: string,
  maxText: string,
):
  | { ok: true; minPrice?: number; maxPrice?: number }
  | { ok: false; field: 'min' | 'max'; error: PriceRangeError } {
  const read = (s: string) => {
    const v = s.replace(/[,\s฿]/g, '');
    if (v === '') return { value: undefined };
    if (!/^\d+$/.test(v)) return { error: 'notANumber' as const };
    const n = Number(v);
    return n > MAX_PRICE ? { error: 'tooLarge' as const } : { value: n };
  };
  const min = read(minText);
  if ('error' in min && min.error) return { ok: false, field: 'min', error: min.error };
  const max = read(maxText);
  if ('error' in max && max.error) return { ok: false, field: 'max', error: max.error };
  const minPrice = 'value' in min ? min.value : undefined;
  const maxPrice = 'value' in max ? max.value : undefined;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    return { ok: false, field: 'max', error: 'minAboveMax' };
  }
  return { ok: true, minPrice, maxPrice };
}

/** The list query the API takes: the filter without empty values. */
export function queryOf(filter: ListFilter): Record<string, string | number | undefined> {
  return {
    category: filter.category,
    merchant: filter.merchant,
    q: filter.q,
    orderBy: filter.orderBy,
    orderDir: filter.orderDir,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
  };
}
