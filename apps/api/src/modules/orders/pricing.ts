import { pointsForPaid, type CouponProblem } from '@app/contracts';
import type { CouponRule } from '../catalogue/index.ts';

/*
 * The money rules, as pure functions: what the lines cost, whether a coupon may be used, and what it
 * takes off. The quote and the order call the same functions, so what the member was shown is what
 * the order records.
 */

export interface PricedLine {
  voucherId: string;
  merchantId: string;
  priceOptionId: string | null;
  quantity: number;
  unitPrice: number;
  unitPoints: number;
  /** The earn rate in force for this line (the voucher's own, else the programme's), as priced. */
  rate: { points: number; price: number };
}

export const lineTotal = (l: PricedLine) => l.unitPrice * l.quantity;

export interface Totals {
  itemCount: number;
  subtotal: number;
}

export const totalsOf = (lines: readonly PricedLine[]): Totals => ({
  itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  subtotal: lines.reduce((n, l) => n + lineTotal(l), 0),
});

/**
 * How a coupon's discount is spread over the lines, in whole baht: over the lines it covers only, in
 * proportion to their totals; the baht left by rounding down go one each to the lines with the
 * largest remainders (the earlier line on a tie). The shares add up to the discount exactly, and no
 * line's share exceeds its total (the discount never exceeds the covered lines' sum).
 */
export const discountShares = (
  lines: readonly PricedLine[],
  covered: readonly boolean[],
  discount: number,
): number[] => {
  const base = lines.reduce((n, l, i) => n + (covered[i] ? lineTotal(l) : 0), 0);
  if (discount <= 0 || base <= 0) return lines.map(() => 0);
  const exact = lines.map((l, i) => (covered[i] ? (lineTotal(l) * discount) / base : 0));
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .filter(({ i }) => covered[i])
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
};

/** What each line earns: the earn rule on what is actually paid for it (its total less its share). */
export const linePoints = (lines: readonly PricedLine[], shares: readonly number[]): number[] =>
  lines.map((l, i) => pointsForPaid(lineTotal(l) - (shares[i] ?? 0), l.rate, l.quantity));

export type CouponVerdict =
  { ok: true; discount: number } | { ok: false; problem: CouponProblem; minSpend?: number };

/**
 * Whether `rule` may be used on `lines` by a member who has used it `memberUses` times, and what it
 * takes off. It applies to the lines its scope covers (all lines for a coupon without a scope); the
 * minimum spend is compared with those lines' subtotal, and the discount never exceeds it. Percent
 * discounts round down to whole baht, then the cap applies. The first failed rule is the reason.
 */
export const judgeCoupon = (
  rule: CouponRule,
  lines: readonly PricedLine[],
  memberUses: number,
  now: Date,
  covers: (rule: CouponRule, voucherId: string, merchantId: string) => boolean,
): CouponVerdict => {
  const t = now.getTime();
  if (t < rule.startsAt.getTime()) return { ok: false, problem: 'coupon_not_started' };
  if (t > rule.endsAt.getTime()) return { ok: false, problem: 'coupon_expired' };
  const covered = lines.filter((l) => covers(rule, l.voucherId, l.merchantId));
  if (covered.length === 0) return { ok: false, problem: 'coupon_not_applicable' };
  if (rule.totalLimit !== null && rule.usedCount >= rule.totalLimit)
    return { ok: false, problem: 'coupon_used_up' };
  if (rule.perMemberLimit !== null && memberUses >= rule.perMemberLimit)
    return { ok: false, problem: 'coupon_already_used' };
  const spend = covered.reduce((n, l) => n + lineTotal(l), 0);
  if (spend < rule.minSpend) return { ok: false, problem: 'coupon_min_spend', minSpend: rule.minSpend };
  const raw =
    rule.discountType === 'percent' ? Math.floor((spend * rule.discountValue) / 100) : rule.discountValue;
  const capped = rule.maxDiscount === null ? raw : Math.min(raw, rule.maxDiscount);
  return { ok: true, discount: Math.min(capped, spend) };
};

/** Units per voucher over all lines, ordered by voucher id: the one order rows are locked in. */
export const unitsByVoucher = (lines: readonly { voucherId: string; quantity: number }[]) => {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.voucherId, (units.get(l.voucherId) ?? 0) + l.quantity);
  return [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
};
