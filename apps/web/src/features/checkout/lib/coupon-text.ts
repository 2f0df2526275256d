import type { CouponProblem } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../shared/format.ts';

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
