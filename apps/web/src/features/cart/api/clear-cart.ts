import type { Cart } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { applyCart } from '../../../shared/cart/apply-cart.ts';

/** DELETE /bff/cart/clear: empties the cart; answers the (empty) cart. */
export const clearCart = async () => (await api.delete('/bff/cart/clear')) as Cart;

export function useClearCart(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => applyCart(client, viewer, cart),
  });
}
