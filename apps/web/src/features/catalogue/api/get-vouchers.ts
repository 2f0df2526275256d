import type { VoucherSummary } from '@app/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryOf, type ListFilter } from '../lib/list-filter.ts';
import { catalogueKeys, nextPageOf, type CatalogueScope, type Paged } from './scope.ts';

export const LIST_PAGE_SIZE = 20;

/** One page of vouchers (the API validates its answers against the contract before sending them). */
export const getVouchers = async (
  scope: CatalogueScope,
  filter: ListFilter,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
) =>
  (await api.get('/bff/vouchers', {
    query: { ...queryOf(filter), ...paging },
    lang: scope.lang,
    signal,
  })) as Paged<VoucherSummary>;

/** The first `limit` vouchers of a filter (home sections, search results). */
export const getVouchersQueryOptions = (scope: CatalogueScope, filter: ListFilter, limit: number) =>
  queryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'vouchers', 'first', filter, limit],
    queryFn: ({ signal }) => getVouchers(scope, filter, { page: 1, limit }, signal),
  });

/** The vouchers list, page after page. */
export const getVouchersInfiniteQueryOptions = (scope: CatalogueScope, filter: ListFilter) =>
  infiniteQueryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'vouchers', 'pages', filter],
    queryFn: ({ pageParam, signal }) =>
      getVouchers(scope, filter, { page: pageParam, limit: LIST_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
