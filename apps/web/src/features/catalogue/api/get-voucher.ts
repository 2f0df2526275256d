import type { VoucherDetail } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys, type CatalogueScope } from './scope.ts';

export const getVoucher = async (scope: CatalogueScope, id: string, signal?: AbortSignal) =>
  (await api.get(`/bff/vouchers/${encodeURIComponent(id)}`, { lang: scope.lang, signal })) as VoucherDetail;

export const getVoucherQueryOptions = (scope: CatalogueScope, id: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.scope(scope), 'voucher', id],
    queryFn: ({ signal }) => getVoucher(scope, id, signal),
  });
