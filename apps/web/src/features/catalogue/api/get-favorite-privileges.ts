import type { PrivilegeSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './query-keys.ts';
import type { CatalogueScope } from './scope.ts';

/** The signed-in member's liked privileges, most recently liked first. */
export const getFavoritePrivileges = async (scope: CatalogueScope, signal?: AbortSignal) =>
  (await api.get('/bff/privileges/favorite', { lang: scope.lang, signal })) as PrivilegeSummary[];

export const getFavoritePrivilegesQueryOptions = (scope: CatalogueScope) =>
  queryOptions({
    queryKey: catalogueKeys.privileges.favorites(scope),
    queryFn: ({ signal }) => getFavoritePrivileges(scope, signal),
  });
