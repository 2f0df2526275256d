import type { AddCartItemsBody, Cart } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { applyCart } from './apply-cart.ts';

/** POST /bff/cart/addItems: a voucher and option already in the cart add to its quantity. */
export const addCartItems = async (body: AddCartItemsBody) =>
  (await api.post('/bff/cart/addItems', { body })) as Cart;

/** Adds, then the answer (the whole cart) replaces the cached cart and the store's copy. */
export function useAddCartItems(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addCartItems,
    onSuccess: (cart) => applyCart(client, viewer, cart),
  });
}
