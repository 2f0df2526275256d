import type { Banner, BannerPosition } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './query-keys.ts';
import type { CatalogueScope } from './scope.ts';

export const getBanners = async (scope: CatalogueScope, position: BannerPosition, signal?: AbortSignal) =>
  (await api.get(`/bff/banners/${position}`, { lang: scope.lang, signal })) as Banner[];

export const getBannersQueryOptions = (scope: CatalogueScope, position: BannerPosition) =>
  queryOptions({
    queryKey: catalogueKeys.banners(scope, position),
    queryFn: ({ signal }) => getBanners(scope, position, signal),
    staleTime: 5 * 60_000,
  });
