import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { CouponSchema, MerchantRefSchema } from './catalogue.ts';
import { CheckoutPhoneSchema, EmailSchema } from './auth.ts';
import {
  CART_ITEM_MAX_QUANTITY,
  CART_MAX_LINES,
  CHECKOUT_TYPES,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ORDER_STATUSES,
} from './constants.ts';

export {
  CHECKOUT_TYPES,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ORDER_STATUSES,
  PAYMENT_EXPIRY_MINUTES,
} from './constants.ts';

/**
 * The optional Idempotency-Key header of a write a client may retry (placing an order, using a
 * wallet voucher, redeeming a privilege): the same key on a retry gets the first answer back. One to
 * IDEMPOTENCY_KEY_MAX_LENGTH printable ASCII characters without spaces, e.g. a UUID.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});

/*
 * Coupons at checkout, the server's quote, orders, payment channels and payments. The bodies and
 * answers written here are the contract; the reasons behind the ones we chose are in docs/decisions.md.
 * Every amount is computed by the server; what a client sends as a price or discount is not read.
 */

/**
 * The earn rule, the one place it is written: points follow the baht actually paid, at a rate of so
 * many points for so many baht — the programme's (1 point per N baht, a programme rule the back office
 * sets) or a voucher's own (its points for its price, kept pro rata for its other price options and for
 * discounts); a free voucher with points of its own grants them per unit. Orders apply it to each
 * line's total after the line's share of the coupon discount; the catalogue and the cart apply it to one
 * unit's price.
 */
export const pointsForPaid = (paid: number, rate: { points: number; price: number }, units = 1): number => {
  if (rate.price === 0) return rate.points * units;
  if (paid <= 0) return 0;
  return Math.floor((paid * rate.points) / rate.price);
};

const Id = z.uuid();
const CouponCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((s) => s.toUpperCase());

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
export const CheckoutTypeSchema = z.enum(CHECKOUT_TYPES);
export type CheckoutType = z.infer<typeof CheckoutTypeSchema>;

/** Why a coupon cannot be used on this purchase. */
export const CouponProblemSchema = z.enum([
  'coupon_not_found',
  'coupon_expired',
  'coupon_not_started',
  'coupon_min_spend',
  'coupon_not_applicable',
  'coupon_used_up',
  'coupon_already_used',
]);
export type CouponProblem = z.infer<typeof CouponProblemSchema>;

/** GET /bff/coupons/vouchers/{voucherId}: the coupons this member could use on this voucher now. */
export const VoucherCouponsResponseSchema = envelope(z.array(CouponSchema));

/**
 * GET /bff/coupons/check?voucherId&couponCode: one unit of the voucher (at `priceOptionId` and
 * `quantity` when given) is the spend the minimum is compared with.
 */
export const CouponCheckQuerySchema = z.strictObject({
  voucherId: Id,
  couponCode: CouponCode,
  priceOptionId: Id.optional(),
  quantity: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(CART_ITEM_MAX_QUANTITY))
    .optional(),
});
export const CouponCheckSchema = z.object({
  valid: z.boolean(),
  /** Null when valid. */
  problem: CouponProblemSchema.nullable(),
  /** The reason in the reader's language; null when valid. */
  message: z.string().nullable(),
  /** Null for an unknown code. */
  coupon: CouponSchema.nullable(),
  /** Baht off the spend checked; 0 when not valid. */
  discount: z.number().int(),
});
export type CouponCheck = z.infer<typeof CouponCheckSchema>;
export const CouponCheckResponseSchema = envelope(CouponCheckSchema);

/** What is being bought: one voucher (Buy Now) or lines of the member's cart. */
export const SinglePurchaseSchema = z.strictObject({
  voucherId: Id,
  priceOptionId: Id.nullable().optional(),
  quantity: z.number().int().min(1).max(CART_ITEM_MAX_QUANTITY),
});
export const CartPurchaseSchema = z.strictObject({
  cartItemIds: z.array(Id).min(1).max(CART_MAX_LINES),
});

/** POST /bff/orders/quote: the summary for exactly these items, this coupon and this member. */
export const QuoteBodySchema = z.union([
  SinglePurchaseSchema.extend({ couponCode: CouponCode.optional() }),
  CartPurchaseSchema.extend({ couponCode: CouponCode.optional() }),
]);
export type QuoteBody = z.input<typeof QuoteBodySchema>;

export const OrderLineSchema = z.object({
  voucherId: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  merchant: MerchantRefSchema,
  priceOptionId: z.string().nullable(),
  priceOptionLabel: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  pointsEarned: z.number().int(),
  /** The cart line it comes from (cart checkouts). */
  cartItemId: z.string().nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const AppliedCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  discount: z.number().int(),
});

export const QuoteSchema = z.object({
  checkoutType: CheckoutTypeSchema,
  items: z.array(OrderLineSchema),
  /** Units. */
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  pointsEarned: z.number().int(),
  coupon: AppliedCouponSchema.nullable(),
  /** A coupon was asked for and cannot be used: why (the quote is then without it). */
  couponProblem: CouponProblemSchema.nullable(),
  couponMessage: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;
export const QuoteResponseSchema = envelope(QuoteSchema);

/** GET /bff/orders/channel-codes: the payment methods; on a provider failure an empty list and a message. */
export const PaymentChannelSchema = z.object({
  code: z.string(),
  type: z.enum(['promptpay', 'card']),
  name: z.string(),
  description: z.string(),
});
export type PaymentChannel = z.infer<typeof PaymentChannelSchema>;
export const PaymentChannelsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(PaymentChannelSchema),
  /** Present with an empty list: 'No payment methods found / Please try again later'. */
  message: z.array(z.string()).optional(),
});

const Contact = {
  phone: CheckoutPhoneSchema,
  email: EmailSchema,
  /** Required unless the total is 0. */
  channelCode: z.string().min(1).max(40).optional(),
  couponCode: CouponCode.optional(),
};

/** POST /bff/orders (Buy Now). Send an `Idempotency-Key` header: a retried Confirm returns the same order. */
export const CreateOrderBodySchema = SinglePurchaseSchema.extend(Contact);
export type CreateOrderBody = z.input<typeof CreateOrderBodySchema>;
/** POST /bff/orders/cart: the selected cart lines, at the quantities the cart holds. */
export const CreateCartOrderBodySchema = CartPurchaseSchema.extend(Contact);
export type CreateCartOrderBody = z.input<typeof CreateCartOrderBodySchema>;

export const PaymentStatusSchema = z.enum(['pending', 'successful', 'failed', 'expired', 'cancelled']);
export const PaymentSchema = z.object({
  channelCode: z.string(),
  type: z.enum(['promptpay', 'card']),
  status: PaymentStatusSchema,
  amount: z.number().int(),
  expiresAt: z.string(),
  /** PromptPay: the EMVCo payload to draw as a QR code. */
  qrPayload: z.string().nullable(),
  /** Card: the hosted page to send the member to. */
  authorizeUri: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatusSchema,
  checkoutType: CheckoutTypeSchema,
  items: z.array(OrderLineSchema),
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  pointsEarned: z.number().int(),
  coupon: AppliedCouponSchema.nullable(),
  channelCode: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  payment: PaymentSchema.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Unpaid orders: when they are cancelled. */
  expiresAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderResponseSchema = envelope(OrderSchema);

/** POST /bff/orders/check-status and POST /bff/orders/cancel. */
export const OrderRefBodySchema = z.strictObject({ orderId: Id });
