import { describe, expect, it } from 'vitest';
import { aCartItem } from '../../../shared/cart/test-data.ts';
import { groupByMerchant, selectionTotal, tickOf, withTicked } from './cart-lines.ts';

const kafae = { id: 'm2', name: 'Baan Kafae', logoUrl: '/k.svg' };
const a = aCartItem({
  id: 'a',
  quantity: 2,
  voucher: { ...aCartItem({ id: 'a' }).voucher, price: 150 },
  lineTotal: 300,
});
const b = aCartItem({ id: 'b', merchant: kafae, lineTotal: 100 });
const c = aCartItem({ id: 'c', quantity: 3, lineTotal: 300 });
const flagged = aCartItem({
  id: 'd',
  merchant: kafae,
  available: false,
  problem: 'sold_out',
  lineTotal: 999,
});
const cart = [a, b, c, flagged];

describe('groupByMerchant', () => {
  it("groups by store in the order of each store's newest line, keeping the cart order inside", () => {
    const groups = groupByMerchant(cart);
    expect(groups.map((g) => g.merchant.id)).toEqual(['m1', 'm2']);
    expect(groups[0]!.items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(groups[1]!.items.map((i) => i.id)).toEqual(['b', 'd']);
    expect(groupByMerchant([])).toEqual([]);
  });
});

describe('selection', () => {
  it('ticks and unticks lines, never a flagged one, in the cart order', () => {
    const none = new Set<string>();
    const all = withTicked(
      cart,
      none,
      cart.map((i) => i.id),
      true,
    );
    expect(all.map((l) => l.cartItemId)).toEqual(['a', 'b', 'c']);
    expect(all[0]).toEqual({ cartItemId: 'a', voucherId: 'voucher-a', priceOptionId: null, quantity: 2 });
    const withoutStore = withTicked(cart, new Set(['a', 'b', 'c']), ['a', 'c'], false);
    expect(withoutStore.map((l) => l.cartItemId)).toEqual(['b']);
  });

  it('a store or the whole cart is all, some or none of its buyable lines', () => {
    expect(tickOf(cart, new Set(['a', 'b', 'c']))).toBe('all');
    expect(tickOf(cart, new Set(['a']))).toBe('some');
    expect(tickOf(cart, new Set())).toBe('none');
    // A store whose only other line is flagged is 'all' once its buyable line is ticked.
    expect(tickOf([b, flagged], new Set(['b']))).toBe('all');
    expect(tickOf([flagged], new Set(['d']))).toBe('none');
  });

  it('totals the ticked buyable lines: price, units and lines', () => {
    expect(selectionTotal(cart, new Set(['a', 'c']))).toEqual({ price: 600, units: 5, lines: 2 });
    expect(selectionTotal(cart, new Set(['d']))).toEqual({ price: 0, units: 0, lines: 0 });
    expect(selectionTotal(cart, new Set())).toEqual({ price: 0, units: 0, lines: 0 });
  });
});
