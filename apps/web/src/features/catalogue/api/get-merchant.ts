import type { Merchant } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './query-keys.ts';
import type { CatalogueScope } from './scope.ts';

export const getMerchant = async (scope: CatalogueScope, id: string, signal?: AbortSignal) =>
  (await api.get(`/bff/merchants/${encodeURIComponent(id)}`, { lang: scope.lang, signal })) as Merchant;

export const getMerchantQueryOptions = (scope: CatalogueScope, id: string) =>
  queryOptions({
    queryKey: catalogueKeys.merchant(scope.lang, id),
    queryFn: ({ signal }) => getMerchant(scope, id, signal),
  });
