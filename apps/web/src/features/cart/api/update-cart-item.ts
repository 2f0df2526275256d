import type { Cart, UpdateCartItemBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { applyCart } from '../../../shared/cart/apply-cart.ts';
import { cartKeys, hasNumericPrices } from '../../../shared/cart/get-cart.ts';

/** PATCH /bff/cart/update/item: sets one line's quantity; answers the whole cart. */
export const updateCartItem = async (body: UpdateCartItemBody) =>
  (await api.patch('/bff/cart/update/item', { body })) as Cart;

/**
 * The answer replaces the cart only when every item's voucher has a numeric price;
 * otherwise the cart is read again rather than showing lines without a price.
 */
export function useUpdateCartItem(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: (cart) => {
      if (hasNumericPrices(cart)) applyCart(client, viewer, cart);
      else void client.invalidateQueries({ queryKey: cartKeys.of(viewer) });
    },
  });
}
