import type { Order, OrderStatus } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

/** The order as it stands; the server asks the payment provider when no notification has come. */
export const checkOrderStatus = async (orderId: string, signal?: AbortSignal) =>
  (await api.post('/bff/orders/check-status', { body: { orderId }, signal })) as Order;

/** How often a screen waiting on an order asks again. */
export const ORDER_POLL_MS = 4_000;

/** Statuses that will still change on their own (payment or voucher issuing under way). */
export const isOrderOpen = (status: OrderStatus) =>
  status === 'PENDING' || status === 'IN_PROGRESS' || status === 'ERROR';

export const getOrderStatusQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.order(orderId),
    queryFn: ({ signal }) => checkOrderStatus(orderId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && isOrderOpen(order.status) ? ORDER_POLL_MS : false;
    },
    // Back from the bank's page or another app (PromptPay is paid in a banking app): ask at once.
    refetchOnWindowFocus: true,
  });
