import type { Page, WalletVoucher } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import type { WalletFilter } from '../lib/wallet-filter.ts';
import { walletKeys, type WalletScope } from './query-keys.ts';

export const WALLET_PAGE_SIZE = 20;

/**
 * One page of the member's wallet. Like the catalogue's reads it is cast, not parsed: the API holds
 * every answer to the contract before sending it, and parsing again would load Zod with this screen.
 */
export const getWallet = async (
  scope: WalletScope,
  filter: WalletFilter,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
) =>
  (await api.get('/bff/wallet', {
    query: { status: filter.status, sort: filter.sort, category: filter.category, ...paging },
    lang: scope.lang,
    signal,
  })) as Page<WalletVoucher>;

export const getWalletInfiniteQueryOptions = (scope: WalletScope, filter: WalletFilter) =>
  infiniteQueryOptions({
    queryKey: walletKeys.pages(scope, filter),
    queryFn: ({ pageParam, signal }) =>
      getWallet(scope, filter, { page: pageParam, limit: WALLET_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page<WalletVoucher>) =>
      last.page < last.totalPages ? last.page + 1 : undefined,
  });
