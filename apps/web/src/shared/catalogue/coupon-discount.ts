import type { Coupon } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatNumber } from '../format.ts';

/**
 * What a coupon takes off: "10% off, up to ฿100" / "฿50 off". The catalogue and the checkout each
 * load their own copy of these texts with their screens, so the caller names whose copy to read.
 */
export function couponDiscountLabel(
  t: TFunction,
  c: Pick<Coupon, 'discountType' | 'discountValue' | 'maxDiscount'>,
  texts: 'catalogue' | 'checkout',
) {
  if (c.discountType === 'fixed')
    return t(`${texts}.coupon.fixedOff`, { amount: formatMoney(c.discountValue) });
  const off = t(`${texts}.coupon.percentOff`, { percent: formatNumber(c.discountValue) });
  return c.maxDiscount === null ? off : t(`${texts}.coupon.capped`, { off, max: formatMoney(c.maxDiscount) });
}
