import type { Cart, RemoveCartItemsBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { applyCart } from '../../../shared/cart/apply-cart.ts';

/** DELETE /bff/cart/remove/items with `{ ids }`: removes several lines; answers the whole cart. */
export const removeCartItems = async (body: RemoveCartItemsBody) =>
  (await api.delete('/bff/cart/remove/items', { body })) as Cart;

export function useRemoveCartItems(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCartItems,
    onSuccess: (cart) => applyCart(client, viewer, cart),
  });
}
