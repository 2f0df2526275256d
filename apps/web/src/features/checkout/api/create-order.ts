import type { CreateCartOrderBody, CreateOrderBody, Order } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

/** What to buy, with its contact and payment choices. */
export type OrderRequest =
  { kind: 'single'; body: CreateOrderBody } | { kind: 'cart'; body: CreateCartOrderBody };
export type CreateOrderInput = OrderRequest & { idempotencyKey: string };

/**
 * Creates the order (Buy Now or the selected cart lines). The same key with the same body answers the
 * same order, so a Confirm sent twice — a double tap, a retry after a lost answer — buys once.
 */
export const createOrder = async ({ kind, body, idempotencyKey }: CreateOrderInput) =>
  (await api.post(kind === 'cart' ? '/bff/orders/cart' : '/bff/orders', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  })) as Order;

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // The status screen opens on this answer without asking again.
    onSuccess: (order) => client.setQueryData(checkoutKeys.order(order.id), order),
  });
}
