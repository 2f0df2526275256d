import type { Order } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

/** Cancels an unpaid order; its stock and coupon use are given back. */
export const cancelOrder = async (orderId: string) =>
  (await api.post('/bff/orders/cancel', { body: { orderId } })) as Order;

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => client.setQueryData(checkoutKeys.order(order.id), order),
  });
}
