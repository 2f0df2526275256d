import type { WalletVoucherDetail } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { walletKeys, type WalletScope } from './query-keys.ts';

/** One of the member's vouchers with its code; another member's id answers 404 like an unknown one. */
export const getWalletVoucher = async (scope: WalletScope, id: string, signal?: AbortSignal) =>
  (await api.get(`/bff/wallet/${encodeURIComponent(id)}`, {
    lang: scope.lang,
    signal,
  })) as WalletVoucherDetail;

export const getWalletVoucherQueryOptions = (scope: WalletScope, id: string) =>
  queryOptions({
    queryKey: walletKeys.detail(scope, id),
    queryFn: ({ signal }) => getWalletVoucher(scope, id, signal),
  });
