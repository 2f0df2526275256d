import type { CouponOption, CouponOptionsBody, Language } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

/** The coupons for what is being bought, each judged by the server as the order would judge it. */
export const getCouponOptions = async (body: CouponOptionsBody, lang: Language, signal?: AbortSignal) =>
  (await api.post('/bff/coupons/options', { body, lang, signal })) as CouponOption[];

export const getCouponOptionsQueryOptions = (body: CouponOptionsBody, lang: Language) =>
  queryOptions({
    queryKey: checkoutKeys.couponOptions(lang, body),
    queryFn: ({ signal }) => getCouponOptions(body, lang, signal),
    // Limits and other members' uses move: the list is judged again each time the picker opens.
    staleTime: 0,
  });
