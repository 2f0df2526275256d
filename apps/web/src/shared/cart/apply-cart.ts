import type { Cart } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useCartStore } from './cart-store.ts';
import { cartKeys, hasNumericPrices, putCart } from './get-cart.ts';

/**
 * A server cart answer replaces the client's cart: the cached query (badge, cart screen) and the
 * store's `serverCart`, whose selection drops lines that are gone or no longer buyable. Answers are
 * cast, not parsed (no Zod on the cart's first paint): one with a line that has no numeric price could
 * not be totalled, so the cart is read again instead.
 */
export function applyCart(client: QueryClient, viewer: string, cart: Cart): void {
  if (!hasNumericPrices(cart)) {
    void client.invalidateQueries({ queryKey: cartKeys.of(viewer) });
    return;
  }
  putCart(client, viewer, cart);
  useCartStore.getState().setServerCart(cart);
}
