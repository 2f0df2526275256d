import type { WalletVoucherDetail } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { withDeviceCopy } from './device-copy.ts';
import { walletKeys, type WalletScope } from './query-keys.ts';

/**
 * One of the member's vouchers with its code; another member's id answers 404 like an unknown one.
 * With no network, the copy this device kept of it (the code works at a counter without signal).
 */
export const getWalletVoucher = (scope: WalletScope, id: string, signal?: AbortSignal) => {
  const path = `/bff/wallet/${encodeURIComponent(id)}`;
  return withDeviceCopy(
    scope,
    path,
    async () => (await api.get(path, { lang: scope.lang, signal })) as WalletVoucherDetail,
  );
};

export const getWalletVoucherQueryOptions = (scope: WalletScope, id: string) =>
  queryOptions({
    queryKey: walletKeys.detail(scope, id),
    queryFn: ({ signal }) => getWalletVoucher(scope, id, signal),
    // Asked even when the browser says it is offline: the answer is then the device's copy.
    networkMode: 'always',
  });
