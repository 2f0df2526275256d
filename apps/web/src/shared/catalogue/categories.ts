import type { Category, Language } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/**
 * The categories' cache key. The catalogue's key factory (`catalogueKeys.categories`) returns this very
 * key, so the catalogue and the wallet share one cached list and one request.
 */
export const categoriesQueryKey = (lang: Language) => ['catalogue', lang, 'categories'] as const;

export const getCategories = async (lang: Language, signal?: AbortSignal) =>
  (await api.get('/bff/categories', { lang, signal })) as Category[];

/** Categories change rarely; their names follow the language only. */
export const getCategoriesQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: categoriesQueryKey(lang),
    queryFn: ({ signal }) => getCategories(lang, signal),
    staleTime: 10 * 60_000,
  });
