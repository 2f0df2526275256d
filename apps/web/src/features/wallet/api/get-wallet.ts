import type { Page, WalletGroupPage, WalletVoucher } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';
import { pagedQueryOptions } from '../../../shared/api/paged-query.ts';
import type { WalletFilter } from '../lib/wallet-filter.ts';
import { requestKey, withDeviceCopy } from './device-copy.ts';
import { walletKeys, type WalletScope } from './query-keys.ts';

export const WALLET_PAGE_SIZE = 20;

type Paging = { page: number; limit: number };

const queryOf = (filter: WalletFilter, paging: Paging) => ({
  status: filter.status,
  sort: filter.sort,
  category: filter.category,
  group: filter.group,
  ...paging,
});

/**
 * One page of the member's wallet items (with `group`: one group's). Like the catalogue's reads it is
 * cast, not parsed: the API holds every answer to the contract before sending it, and parsing again
 * would load Zod with this screen.
 */
export const getWallet = (scope: WalletScope, filter: WalletFilter, paging: Paging, signal?: AbortSignal) => {
  const query = queryOf(filter, paging);
  return withDeviceCopy(
    scope,
    requestKey('/bff/wallet', query),
    async () => (await api.get('/bff/wallet', { query, lang: scope.lang, signal })) as Page<WalletVoucher>,
  );
};

/** One page of the wallet as the list shows it: identical items as one entry, paged by entry. */
export const getWalletGroups = (
  scope: WalletScope,
  filter: WalletFilter,
  paging: Paging,
  signal?: AbortSignal,
) => {
  const query = queryOf(filter, paging);
  return withDeviceCopy(
    scope,
    requestKey('/bff/wallet/groups', query),
    async () => (await api.get('/bff/wallet/groups', { query, lang: scope.lang, signal })) as WalletGroupPage,
  );
};

// Asked even when the browser says it is offline: the answer is then the device's copy.
export const getWalletInfiniteQueryOptions = (scope: WalletScope, filter: WalletFilter) => ({
  ...pagedQueryOptions(walletKeys.pages(scope, filter), (page, signal) =>
    getWallet(scope, filter, { page, limit: WALLET_PAGE_SIZE }, signal),
  ),
  networkMode: 'always' as const,
});

export const getWalletGroupsInfiniteQueryOptions = (scope: WalletScope, filter: WalletFilter) => ({
  ...pagedQueryOptions(walletKeys.groups(scope, filter), (page, signal) =>
    getWalletGroups(scope, filter, { page, limit: WALLET_PAGE_SIZE }, signal),
  ),
  networkMode: 'always' as const,
});
