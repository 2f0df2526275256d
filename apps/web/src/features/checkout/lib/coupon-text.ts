import type { Coupon, CouponProblem } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatNumber } from '../../../shared/format.ts';

/** "10% off, up to ฿100" / "฿50 off". */
export function discountLabel(
  t: TFunction,
  c: Pick<Coupon, 'discountType' | 'discountValue' | 'maxDiscount'>,
) {
  if (c.discountType === 'fixed')
    return t('checkout.coupon.fixedOff', { amount: formatMoney(c.discountValue) });
  const off = t('checkout.coupon.percentOff', { percent: formatNumber(c.discountValue) });
  return c.maxDiscount === null ? off : t('checkout.coupon.capped', { off, max: formatMoney(c.maxDiscount) });
}

/**
 * Why a coupon cannot be used, in the member's language. The minimum-spend text needs the amount: from
 * the coupon when we know it, else the server's own sentence (already in the reader's language).
 */
export function couponProblemText(
  t: TFunction,
  problem: CouponProblem,
  context: { minSpend?: number | null; message?: string | null } = {},
): string {
  if (problem === 'coupon_min_spend') {
    if (typeof context.minSpend === 'number')
      return t('errors.coupon_min_spend', { minSpend: formatMoney(context.minSpend) });
    return context.message ?? t('errors.coupon_not_applicable');
  }
  return t(`errors.${problem}`);
}
