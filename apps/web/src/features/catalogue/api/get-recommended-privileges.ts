import type { PrivilegeSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys, type CatalogueScope } from './scope.ts';

export const getRecommendedPrivileges = async (
  scope: CatalogueScope,
  params: { limit: number; exclude?: string[] },
  signal?: AbortSignal,
) =>
  (await api.get('/bff/privileges/recommend', {
    query: { limit: params.limit, exclude: params.exclude?.length ? params.exclude.join(',') : undefined },
    lang: scope.lang,
    signal,
  })) as PrivilegeSummary[];

export const getRecommendedPrivilegesQueryOptions = (
  scope: CatalogueScope,
  params: { limit: number; exclude?: string[] },
) =>
  queryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'privileges', 'recommend', params],
    queryFn: ({ signal }) => getRecommendedPrivileges(scope, params, signal),
  });
