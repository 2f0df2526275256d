import type { CouponCheck } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export type CheckCouponInput = {
  voucherId: string;
  couponCode: string;
  priceOptionId?: string | null;
  quantity?: number;
};

/** Whether a typed code can be used on this voucher (at this option and quantity), and why not. */
export const checkCoupon = async ({ voucherId, couponCode, priceOptionId, quantity }: CheckCouponInput) =>
  (await api.get('/bff/coupons/check', {
    query: { voucherId, couponCode, priceOptionId, quantity },
  })) as CouponCheck;

// A mutation rather than a query: it runs when the member presses Check, never on its own.
export const useCheckCoupon = () => useMutation({ mutationFn: checkCoupon });
