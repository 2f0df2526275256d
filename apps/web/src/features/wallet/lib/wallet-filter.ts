import type { WalletQuery, WalletStatus } from '@app/contracts';

export type WalletSort = NonNullable<WalletQuery['sort']>;

/**
 * What the wallet list shows, as the URL query carries it (a reload or Back shows the same list):
 * one status tab, the sort and optionally a category slug; with `group`, the items of one group of
 * identical items ("Coffee Pass ×3" opened).
 */
export type WalletFilter = { status: WalletStatus; sort: WalletSort; category?: string; group?: string };

// The contract's values, restated so the screen needs no Zod at runtime (the types keep them in step).
export const WALLET_STATUSES = ['active', 'used', 'expired'] as const satisfies readonly WalletStatus[];
export const WALLET_SORTS = ['newest', 'oldest', 'expiring'] as const satisfies readonly WalletSort[];

/** Vouchers that can still be used are what a member opens the wallet for. */
export const DEFAULT_WALLET_FILTER: WalletFilter = { status: 'active', sort: 'newest' };

// The contract allows 100 characters; a slug is far shorter, so a longer value cannot be one.
const MAX_SLUG = 100;

// The contract's WALLET_GROUP_PATTERN, restated for the same reason as the lists above.
const GROUP_PATTERN =
  /^[vp]~[0-9a-f-]{36}~(?:[0-9a-f-]{36}|-)~(?:\d{1,6}|-)~(?:active|used|expired)~\d{1,7}$/;

/** Reads the filter from a URL query; values the API would refuse fall back to the defaults. */
export function walletFilterFromSearch(params: URLSearchParams): WalletFilter {
  const statusRaw = params.get('status');
  const sortRaw = params.get('sort');
  const filter: WalletFilter = {
    status: WALLET_STATUSES.find((s) => s === statusRaw) ?? DEFAULT_WALLET_FILTER.status,
    sort: WALLET_SORTS.find((s) => s === sortRaw) ?? DEFAULT_WALLET_FILTER.sort,
  };
  const category = params.get('category')?.trim();
  if (category && category.length <= MAX_SLUG) filter.category = category;
  // A group the API would refuse shows the whole list rather than an error.
  const group = params.get('group');
  if (group && GROUP_PATTERN.test(group)) filter.group = group;
  return filter;
}

/** The URL query of a filter: only what differs from the defaults, in a stable order. */
export function walletFilterToSearch(filter: WalletFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status !== DEFAULT_WALLET_FILTER.status) params.set('status', filter.status);
  if (filter.category) params.set('category', filter.category);
  if (filter.sort !== DEFAULT_WALLET_FILTER.sort) params.set('sort', filter.sort);
  if (filter.group) params.set('group', filter.group);
  return params;
}
