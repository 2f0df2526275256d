import type { WalletVoucherDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { walletKeys, type WalletScope } from './query-keys.ts';

export type UseInput = { id: string; idempotencyKey: string };

/**
 * Spends one use (POST /bff/wallet/{id}/use). The same key counts once, so a tap retried after a lost
 * answer never spends two. The answer is the item as the server now counts it: the screen shows that,
 * never a count of its own.
 */
export const spendWalletUse = async (scope: WalletScope, { id, idempotencyKey }: UseInput) =>
  (await api.post(`/bff/wallet/${encodeURIComponent(id)}/use`, {
    body: {},
    lang: scope.lang,
    headers: { 'Idempotency-Key': idempotencyKey },
  })) as WalletVoucherDetail;

export function useUseWalletVoucher(scope: WalletScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UseInput) => spendWalletUse(scope, input),
    onSuccess: (item) => client.setQueryData(walletKeys.detail(scope, item.id), item),
    // Used or not, the lists' statuses and the history may have moved; a refusal (used up, expired)
    // means this screen's copy is stale too.
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
