import type { CartItem, MerchantRef } from '@app/contracts';
import { lineOf, type CartCheckoutItem } from '../../../shared/cart/cart-store.ts';

/** A store's lines, in the cart's order (newest first). */
export type MerchantGroup = { merchant: MerchantRef; items: CartItem[] };

/** Lines grouped by store; stores in the order of their newest line, lines in the cart's order. */
export function groupByMerchant(items: readonly CartItem[]): MerchantGroup[] {
  const groups = new Map<string, MerchantGroup>();
  for (const item of items) {
    const group = groups.get(item.merchant.id);
    if (group) group.items.push(item);
    else groups.set(item.merchant.id, { merchant: item.merchant, items: [item] });
  }
  return [...groups.values()];
}

/** Only lines that can be bought now can be ticked; a flagged line waits for the member to fix it. */
export const isSelectable = (item: CartItem) => item.available;

/** 'all' when every buyable line of `items` is ticked; 'none' also when none is buyable. */
export type Tick = 'all' | 'some' | 'none';

export function tickOf(items: readonly CartItem[], selected: ReadonlySet<string>): Tick {
  const buyable = items.filter(isSelectable);
  const ticked = buyable.filter((i) => selected.has(i.id)).length;
  if (ticked === 0) return 'none';
  return ticked === buyable.length ? 'all' : 'some';
}

/**
 * The selection after ticking (`on`) or unticking the lines `ids`: in the cart's order, buyable lines
 * only, each as the server last described it.
 */
export function withTicked(
  cart: readonly CartItem[],
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): CartCheckoutItem[] {
  const changing = new Set(ids);
  return cart.filter((i) => isSelectable(i) && (changing.has(i.id) ? on : selected.has(i.id))).map(lineOf);
}

/** What the selection costs and holds: the sum of its line totals, its units and its lines. */
export function selectionTotal(cart: readonly CartItem[], selected: ReadonlySet<string>) {
  let price = 0;
  let units = 0;
  let lines = 0;
  for (const item of cart) {
    if (!selected.has(item.id) || !isSelectable(item)) continue;
    price += item.lineTotal;
    units += item.quantity;
    lines += 1;
  }
  return { price, units, lines };
}
