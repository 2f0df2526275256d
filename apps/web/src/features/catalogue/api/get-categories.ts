import type { Category } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './query-keys.ts';
import type { CatalogueScope } from './scope.ts';

export const getCategories = async (scope: CatalogueScope, signal?: AbortSignal) =>
  (await api.get('/bff/categories', { lang: scope.lang, signal })) as Category[];

/** Categories change rarely; their names follow the language only. */
export const getCategoriesQueryOptions = (scope: CatalogueScope) =>
  queryOptions({
    queryKey: catalogueKeys.categories(scope.lang),
    queryFn: ({ signal }) => getCategories(scope, signal),
    staleTime: 10 * 60_000,
  });
