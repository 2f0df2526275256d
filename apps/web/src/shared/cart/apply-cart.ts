import type { Cart } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useCartStore } from './cart-store.ts';
import { putCart } from './get-cart.ts';

/**
 * A server cart answer replaces the client's cart: the cached query (badge, cart
 * screen) and the store's `serverCart`, whose selection drops lines that are gone or no longer buyable.
 */
export function applyCart(client: QueryClient, viewer: string, cart: Cart): void {
  putCart(client, viewer, cart);
  useCartStore.getState().setServerCart(cart);
}
