import { AppError } from '../../app-error.ts';
import type { OrderItemRow } from './orders.repository.ts';

/*
 * What a refund takes (pure: which units, how much money, how many points), from the order's lines and
 * their issued units as they are under the order's lock.
 */

export interface RefundLineInput {
  itemId: string;
  quantity: number;
}

export interface UnitState {
  id: string;
  order_item_id: string | null;
  used_count: number;
  voided_at: Date | null;
}

export interface RefundPlan {
  /** Order line id → the wallet units this refund takes (unused, not refunded before). */
  take: Map<string, string[]>;
  /** After this refund no unit of the order is left unrefunded. */
  everything: boolean;
}

/**
 * Units to take. Without `lines`: every unit not refunded yet (the whole order, or what a partial
 * refund left). A unit used even once is never refunded — the member had its value — so a request
 * that includes one is refused whole (refund_units_used) rather than quietly shrunk: staff see why
 * and can refund the unused units by line. Asking more units than a line has left unrefunded, or a
 * line not in the order, is refund_exceeds_quantity.
 */
export const planRefund = (
  items: readonly OrderItemRow[],
  units: readonly UnitState[],
  lines: readonly RefundLineInput[] | undefined,
): RefundPlan => {
  const left = new Map<string, UnitState[]>(items.map((i) => [i.id, []]));
  for (const u of units) if (u.order_item_id && !u.voided_at) left.get(u.order_item_id)?.push(u);
  const wanted = new Map<string, number>();
  if (lines === undefined) {
    for (const [itemId, us] of left) if (us.length) wanted.set(itemId, us.length);
  } else {
    for (const l of lines) {
      if (!left.has(l.itemId)) throw new AppError('refund_exceeds_quantity');
      wanted.set(l.itemId, (wanted.get(l.itemId) ?? 0) + l.quantity);
    }
  }
  if (wanted.size === 0) throw new AppError('order_not_refundable');
  const take = new Map<string, string[]>();
  for (const [itemId, quantity] of wanted) {
    const available = left.get(itemId) ?? [];
    if (quantity > available.length) throw new AppError('refund_exceeds_quantity');
    // Unused units first; a used one is reached only when the request needs it.
    const unused = available.filter((u) => u.used_count === 0);
    if (quantity > unused.length) throw new AppError('refund_units_used');
    take.set(
      itemId,
      unused.slice(0, quantity).map((u) => u.id),
    );
  }
  const remaining = [...left.values()].reduce((n, us) => n + us.length, 0);
  const taken = [...take.values()].reduce((n, ids) => n + ids.length, 0);
  return { take, everything: taken === remaining };
};

/**
 * Each line's share of what the order cost, in whole baht by largest remainders (earlier line on a tie),
 * adding up to the total exactly. A coupon's discount is spread over all lines by their totals: the
 * order does not keep which lines a coupon covered, and the last refund of an order gives back exactly
 * what is left, so the order as a whole is always refunded to the baht.
 */
export const linePaid = (total: number, items: readonly Pick<OrderItemRow, 'unit_price' | 'quantity'>[]) => {
  const base = items.reduce((s, i) => s + i.unit_price * i.quantity, 0);
  if (base <= 0 || total <= 0) return items.map(() => 0);
  const exact = items.map((i) => (i.unit_price * i.quantity * total) / base);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
};

/** Money for the planned units: their lines' paid share per unit (rounded down), or all that is left. */
export const refundMoney = (
  total: number,
  alreadyRefunded: number,
  items: readonly OrderItemRow[],
  plan: RefundPlan,
): number => {
  const left = Math.max(0, total - alreadyRefunded);
  if (plan.everything) return left;
  const paid = linePaid(total, items);
  const amount = items.reduce((s, item, n) => {
    const units = plan.take.get(item.id)?.length ?? 0;
    return s + Math.floor(((paid[n] ?? 0) * units) / item.quantity);
  }, 0);
  return Math.min(amount, left);
};

/** Points the refunded units earned: their line's points per unit (rounded down), or all not yet reversed. */
export const refundPoints = (
  orderPoints: number,
  alreadyTaken: number,
  items: readonly OrderItemRow[],
  quantities: ReadonlyMap<string, number>,
  everything: boolean,
): number => {
  const left = Math.max(0, orderPoints - alreadyTaken);
  if (everything) return left;
  const points = items.reduce(
    (s, item) => s + Math.floor((item.points * (quantities.get(item.id) ?? 0)) / item.quantity),
    0,
  );
  return Math.min(points, left);
};
