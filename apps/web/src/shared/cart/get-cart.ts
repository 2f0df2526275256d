import type { Cart } from '@app/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/*
 * The cart read and its cache key, here rather than in features/cart because the bottom navigation's
 * badge, the voucher detail's Add to Cart and checkout read or refresh it too. The answer is cast, not
 * parsed: the API checks every answer against the contract before sending it, and the badge is on every
 * first screen, which must not download Zod (docs/decisions.md, "First screens paint without antd or Zod").
 */

/** Whose cart: the member id. Logout clears the query cache, and the key keeps members apart meanwhile. */
export const cartKeys = {
  /** Every member's cart answers (to invalidate after checkout). */
  all: ['cart'] as const,
  of: (viewer: string) => ['cart', viewer] as const,
};

export const getCart = async (signal?: AbortSignal) => (await api.get('/bff/cart', { signal })) as Cart;

export const getCartQueryOptions = (viewer: string) =>
  queryOptions({ queryKey: cartKeys.of(viewer), queryFn: ({ signal }) => getCart(signal) });

/**
 * A cart answer may replace the cached cart only when every item's voucher has a finite numeric price:
 * a line without one could not be totalled, so such an answer makes the caller read the cart again.
 */
export const hasNumericPrices = (cart: Cart): boolean =>
  Array.isArray(cart.items) &&
  cart.items.every((i) => typeof i.voucher?.price === 'number' && Number.isFinite(i.voucher.price));

/** A cart answer replaces the cached cart (the badge and the cart screen follow at once). */
export const putCart = (client: QueryClient, viewer: string, cart: Cart) =>
  client.setQueryData(cartKeys.of(viewer), cart);
