import type { Merchant } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './query-keys.ts';
import { nextPageOf, type CatalogueScope, type Paged } from './scope.ts';

export const MERCHANT_PAGE_SIZE = 20;

export const getMerchants = async (
  scope: CatalogueScope,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
) => (await api.get('/bff/merchants', { query: paging, lang: scope.lang, signal })) as Paged<Merchant>;

export const getMerchantsInfiniteQueryOptions = (scope: CatalogueScope) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.merchants(scope.lang),
    queryFn: ({ pageParam, signal }) =>
      getMerchants(scope, { page: pageParam, limit: MERCHANT_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
