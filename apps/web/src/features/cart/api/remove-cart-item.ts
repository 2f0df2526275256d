import type { Cart } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { applyCart } from '../../../shared/cart/apply-cart.ts';

/** DELETE /bff/cart/remove/item/{id}: removes one line; answers the whole cart. */
export const removeCartItem = async (id: string) =>
  (await api.delete(`/bff/cart/remove/item/${encodeURIComponent(id)}`)) as Cart;

export function useRemoveCartItem(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => applyCart(client, viewer, cart),
  });
}
