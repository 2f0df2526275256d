import type { Cart, UpdateCartItemBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { applyCart } from '../../../shared/cart/apply-cart.ts';

/** PATCH /bff/cart/update/item: sets one line's quantity; answers the whole cart. */
export const updateCartItem = async (body: UpdateCartItemBody) =>
  (await api.patch('/bff/cart/update/item', { body })) as Cart;

export function useUpdateCartItem(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: (cart) => applyCart(client, viewer, cart),
  });
}
