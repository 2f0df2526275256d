import { CART_ITEM_MAX_QUANTITY, type Cart, type CartItem, type CartLineProblem } from '@app/contracts';
import type { Purchasable } from '../catalogue/index.ts';
import type { CartLineRow } from './cart.repository.ts';

/** The most a line of this voucher may hold now: the per-line maximum, or what is left when fewer. */
export const lineMaximum = (p: Pick<Purchasable, 'remaining'>): number =>
  p.remaining === null ? CART_ITEM_MAX_QUANTITY : Math.min(CART_ITEM_MAX_QUANTITY, p.remaining);

/**
 * A cart line as the member sees it now. What the catalogue says of its voucher (sold out, sale
 * over, tier, option gone) comes first; otherwise a quantity above what is left is the problem.
 */
export const presentCartItem = (row: CartLineRow, p: Purchasable): CartItem => {
  const maxQuantity = lineMaximum(p);
  const problem: CartLineProblem | null =
    p.problem ?? (p.remaining !== null && row.quantity > p.remaining ? 'not_enough_stock' : null);
  return {
    id: row.id,
    voucher: {
      id: p.voucherId,
      title: p.title,
      imageUrl: p.imageUrl,
      price: p.unitPrice,
      pointsEarned: p.unitPoints,
      remaining: p.remaining,
    },
    merchant: p.merchant,
    priceOption:
      p.priceOptionId !== null && p.optionLabel !== null
        ? { id: p.priceOptionId, label: p.optionLabel, price: p.unitPrice }
        : null,
    quantity: row.quantity,
    maxQuantity,
    lineTotal: p.unitPrice * row.quantity,
    available: problem === null,
    problem,
    addedAt: row.created_at.toISOString(),
  };
};

/** Lines whose voucher is gone (deleted between two reads) are left out: the cascade removes them. */
export const presentCart = (rows: CartLineRow[], purchasables: (Purchasable | null)[]): Cart => {
  const items: CartItem[] = [];
  rows.forEach((row, i) => {
    const p = purchasables[i];
    if (p) items.push(presentCartItem(row, p));
  });
  return { items, itemCount: items.reduce((n, item) => n + item.quantity, 0) };
};
