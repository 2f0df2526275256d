import type { VoucherSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys, type CatalogueScope } from './scope.ts';

/** Recommended on home; "You may also like" on a detail with `exclude` = the voucher on screen. */
export const getRecommendedVouchers = async (
  scope: CatalogueScope,
  params: { limit: number; exclude?: string[] },
  signal?: AbortSignal,
) =>
  (await api.get('/bff/vouchers/recommend', {
    query: { limit: params.limit, exclude: params.exclude?.length ? params.exclude.join(',') : undefined },
    lang: scope.lang,
    signal,
  })) as VoucherSummary[];

export const getRecommendedVouchersQueryOptions = (
  scope: CatalogueScope,
  params: { limit: number; exclude?: string[] },
) =>
  queryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'vouchers', 'recommend', params],
    queryFn: ({ signal }) => getRecommendedVouchers(scope, params, signal),
  });
