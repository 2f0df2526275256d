import type { PrivilegeSummary } from '@app/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryOf, type ListFilter } from '../lib/list-filter.ts';
import { LIST_PAGE_SIZE } from './get-vouchers.ts';
import { catalogueKeys, nextPageOf, type CatalogueScope, type Paged } from './scope.ts';

/** One page of privileges; `minPrice`/`maxPrice` and the price sort are on the points cost. */
export const getPrivileges = async (
  scope: CatalogueScope,
  filter: ListFilter,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
) =>
  (await api.get('/bff/privileges', {
    query: { ...queryOf(filter), ...paging },
    lang: scope.lang,
    signal,
  })) as Paged<PrivilegeSummary>;

export const getPrivilegesQueryOptions = (scope: CatalogueScope, filter: ListFilter, limit: number) =>
  queryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'privileges', 'first', filter, limit],
    queryFn: ({ signal }) => getPrivileges(scope, filter, { page: 1, limit }, signal),
  });

export const getPrivilegesInfiniteQueryOptions = (scope: CatalogueScope, filter: ListFilter) =>
  infiniteQueryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'privileges', 'pages', filter],
    queryFn: ({ pageParam, signal }) =>
      getPrivileges(scope, filter, { page: pageParam, limit: LIST_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
