import type { Coupon, Language } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

/** The coupons this member could use on this voucher now. */
export const getVoucherCoupons = async (voucherId: string, lang: Language, signal?: AbortSignal) =>
  (await api.get(`/bff/coupons/vouchers/${encodeURIComponent(voucherId)}`, { lang, signal })) as Coupon[];

export const getVoucherCouponsQueryOptions = (voucherId: string, lang: Language) =>
  queryOptions({
    queryKey: checkoutKeys.voucherCoupons(lang, voucherId),
    queryFn: ({ signal }) => getVoucherCoupons(voucherId, lang, signal),
  });
