import type { QueryKey } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { pagedQueryOptions } from '../../../shared/api/paged-query.ts';
import type { CatalogueScope, Paged } from './scope.ts';

/**
 * A catalogue list with no filter (the stores, the coupons), read page after page in the reader's
 * language. Cast, not parsed: the API holds every answer to the contract.
 */
export const cataloguePagesOptions = <T>(
  queryKey: QueryKey,
  path: string,
  scope: CatalogueScope,
  limit: number,
) =>
  pagedQueryOptions(
    queryKey,
    async (page, signal) =>
      (await api.get(path, { query: { page, limit }, lang: scope.lang, signal })) as Paged<T>,
  );
