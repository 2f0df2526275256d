import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { CouponSchema } from './catalogue.ts';
import { CartPurchaseSchema, CouponProblemSchema, SinglePurchaseSchema } from './orders.ts';

/*
 * The checkout's coupon list, judged by the server for the member's actual basket: the picker shows
 * as usable only what the order would accept, and says why about the rest.
 */

/** POST /bff/coupons/options: what is being bought, as the quote takes it (without a coupon). */
export const CouponOptionsBodySchema = z.union([SinglePurchaseSchema, CartPurchaseSchema]);
export type CouponOptionsBody = z.input<typeof CouponOptionsBodySchema>;

export const CouponOptionSchema = z.object({
  coupon: CouponSchema,
  /** The order would take it now. */
  usable: z.boolean(),
  /** Why not; null when usable. */
  problem: CouponProblemSchema.nullable(),
  /** The reason in the reader's language; null when usable. */
  message: z.string().nullable(),
  /** Baht it takes off this basket; 0 when not usable. */
  discount: z.number().int(),
  /** Below the minimum spend: how many baht more the lines it covers need; else null. */
  shortfall: z.number().int().nullable(),
});
export type CouponOption = z.infer<typeof CouponOptionSchema>;
export const CouponOptionsResponseSchema = envelope(z.array(CouponOptionSchema));
