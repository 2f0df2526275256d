import type { CounterRedeemResult, CounterVoucher } from '@app/contracts';

/*
 * The counter API's answers as this screen reads them (POST /admin/api/counter/lookup and /redeem).
 */

export type CounterItem = CounterVoucher;
export type CounterRedemption = CounterRedeemResult;

/** The API's refusals of a code, each with its own message on the screen. */
export const REFUSALS = [
  'counter_unknown_code',
  'counter_wrong_store',
  'counter_used_up',
  'counter_expired',
  'counter_refunded',
] as const;
export type RefusalCode = (typeof REFUSALS)[number];
export const isRefusalCode = (code: string): code is RefusalCode =>
  (REFUSALS as readonly string[]).includes(code);
