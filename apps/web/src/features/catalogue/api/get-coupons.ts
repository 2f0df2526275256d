import type { Coupon } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './query-keys.ts';
import { nextPageOf, type CatalogueScope, type Paged } from './scope.ts';

export const COUPON_PAGE_SIZE = 10;

export const getCoupons = async (
  scope: CatalogueScope,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
) => (await api.get('/bff/coupons', { query: paging, lang: scope.lang, signal })) as Paged<Coupon>;

export const getCouponsInfiniteQueryOptions = (scope: CatalogueScope) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.coupons(scope),
    queryFn: ({ pageParam, signal }) =>
      getCoupons(scope, { page: pageParam, limit: COUPON_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
