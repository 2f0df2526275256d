import type { CheckoutType } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCartRestored, useCartStore, type CheckoutItem } from '../../../shared/cart/cart-store.ts';
import { cartKeys } from '../../../shared/cart/get-cart.ts';

/*
 * The one place the checkout meets the cart's persisted store (shared/cart): what is being bought is
 * its checkout payload, the selected cart lines ('multiple') or one Buy Now ('single').
 */

export type { CheckoutItem };
export type CheckoutSelection = { type: CheckoutType; items: CheckoutItem[] };

const selectionOf = (items: CheckoutItem[], type: CheckoutType | null): CheckoutSelection | null =>
  type && items.length > 0 ? { type, items } : null;

/**
 * What is being bought, or null when nothing is (checkout opened directly). `ready` is false until the
 * saved payload has been read back (at most the store's restore timeout), so a reload of /checkout
 * shows its skeleton rather than "nothing to check out".
 */
export function useCheckoutSelection(): { ready: boolean; selection: CheckoutSelection | null } {
  const ready = useCartRestored();
  const [items, type] = useCartStore(useShallow((s) => [s.checkoutPayload, s.checkoutType] as const));
  const selection = useMemo(() => selectionOf(items, type), [items, type]);
  return { ready, selection };
}

export const readCheckoutSelection = (): CheckoutSelection | null => {
  const { checkoutPayload, checkoutType } = useCartStore.getState();
  return selectionOf(checkoutPayload, checkoutType);
};

/** After a purchase: the bought items are no longer "to be bought". */
export const clearCheckoutSelection = (): void => useCartStore.getState().clearCheckout();

/**
 * A completed purchase changes the cart (bought lines leave it), the wallet (new vouchers) and the
 * member's points (on the profile): every cached copy of them is asked again. The wallet's and the
 * profile's keys belong to their features, which this one may not import: their roots are named here.
 */
export async function refreshAfterPurchase(client: QueryClient): Promise<void> {
  await Promise.all(
    [cartKeys.all, ['wallet'], ['profile']].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}
