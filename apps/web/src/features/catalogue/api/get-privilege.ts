import type { PrivilegeDetail } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys, type CatalogueScope } from './scope.ts';

export const getPrivilege = async (scope: CatalogueScope, id: string, signal?: AbortSignal) =>
  (await api.get(`/bff/privileges/${encodeURIComponent(id)}`, {
    lang: scope.lang,
    signal,
  })) as PrivilegeDetail;

export const getPrivilegeQueryOptions = (scope: CatalogueScope, id: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'privilege', id],
    queryFn: ({ signal }) => getPrivilege(scope, id, signal),
  });
