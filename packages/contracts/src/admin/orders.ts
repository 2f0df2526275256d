import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { CART_ITEM_MAX_QUANTITY, IDEMPOTENCY_KEY_MAX_LENGTH } from '../constants.ts';
import { OrderStatusSchema } from '../orders.ts';

/*
 * The back office's Orders area (/admin/api/orders): search and filter orders, an order's detail with
 * its timeline and refunds (`orders.read`), and refunds whole or by line (`orders.refund`).
 */

/** Query-string integers: digits only (`?page=abc` is a 400). */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A day (`2026-06-15`, Bangkok) or an instant (`2026-06-15T05:00:00Z`). */
const queryDate = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/,
    'must be a date (YYYY-MM-DD) or an ISO instant',
  )
  .refine(
    (s) => !Number.isNaN(new Date(s.length === 10 ? `${s}T00:00:00+07:00` : s).getTime()),
    'not a real date',
  );

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be an id');

export const ADMIN_ORDERS_PAGE_SIZE_MAX = 100;

export const AdminOrderQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  pageSize: queryInt(1, ADMIN_ORDERS_PAGE_SIZE_MAX).default(20),
  status: OrderStatusSchema.optional(),
  /** Orders made on or after this day (Bangkok) or instant. */
  from: queryDate.optional(),
  /** Orders made on or before this day (the whole day, Bangkok) or before this instant. */
  to: queryDate.optional(),
  /** A store (merchant) one of the order's lines is from. */
  storeId: uuid.optional(),
  /** A member's id, or their e-mail (whole address, any case). */
  member: z.string().trim().min(1).max(254).optional(),
  /** An order number (whole, any case). */
  number: z.string().trim().min(1).max(40).optional(),
});
export type AdminOrderQuery = z.input<typeof AdminOrderQuerySchema>;

export const AdminOrderRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatusSchema,
  memberId: z.string(),
  memberEmail: z.string(),
  /** Whole baht paid. */
  total: z.number().int(),
  /** Whole baht given back by succeeded refunds. */
  refunded: z.number().int(),
  itemCount: z.number().int(),
  /** The stores of its lines, in English (Thai when it has no English name). */
  stores: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderPageSchema = z.object({
  items: z.array(AdminOrderRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const AdminOrderPageResponseSchema = envelope(AdminOrderPageSchema);

export const AdminOrderLineSchema = z.object({
  /** The order line's id: what a refund by line names. */
  id: z.string(),
  voucherId: z.string(),
  title: z.string(),
  priceOptionLabel: z.string().nullable(),
  store: z.object({ id: z.string(), name: z.string() }),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  points: z.number().int(),
  /** Units in the member's wallet (issued). */
  issued: z.number().int(),
  /** Units used at least once: these are never refunded. */
  used: z.number().int(),
  /** Units refunded, or held by a refund waiting for the provider. */
  refunded: z.number().int(),
  /** Units a refund may still take: issued, unused, not refunded. */
  refundable: z.number().int(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);

export const AdminRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** Whole baht. */
  amount: z.number().int(),
  /** pending: the provider's answer is not recorded yet (retried); failed: refused, nothing changed. */
  status: RefundStatusSchema,
  /** staff: from the back office; late_charge: a charge paid after its order was closed, given back by the app. */
  source: z.enum(['staff', 'late_charge']),
  reason: z.string(),
  staffEmail: z.string().nullable(),
  lines: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  pointsReversed: z.number().int(),
  /** Points the refund should have taken back but the member had already spent or lost to expiry. */
  pointsShortfall: z.number().int(),
  providerRef: z.string().nullable(),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const ORDER_TIMELINE_KINDS = [
  'created',
  'status',
  'payment',
  'webhook',
  'refund',
  'notification',
] as const;

export const AdminOrderTimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(ORDER_TIMELINE_KINDS),
  /** status: the order's states; payment/webhook: the charge's; refund: the refund's status. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Kind-specific facts: the charge ref, a webhook's event id, a refund's id and amount, a notification's type. */
  detail: z.record(z.string(), z.string()),
});
export type AdminOrderTimelineEntry = z.infer<typeof AdminOrderTimelineEntrySchema>;

export const AdminOrderDetailSchema = AdminOrderRowSchema.extend({
  memberLanguage: z.enum(['en', 'th']),
  subtotal: z.number().int(),
  discount: z.number().int(),
  pointsEarned: z.number().int(),
  coupon: z.object({ id: z.string(), code: z.string() }).nullable(),
  payment: z
    .object({
      provider: z.string(),
      ref: z.string(),
      channelType: z.string(),
      amount: z.number().int(),
      status: z.string(),
    })
    .nullable(),
  lines: z.array(AdminOrderLineSchema),
  /** Oldest first. */
  timeline: z.array(AdminOrderTimelineEntrySchema),
  refunds: z.array(AdminRefundSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
export const AdminOrderDetailResponseSchema = envelope(AdminOrderDetailSchema);

export const REFUND_REASON_MAX = 500;

/**
 * A refund. Without `lines`: every unit not refunded yet (the whole order). With lines: that many
 * units of each line. A used unit is never refunded (409 refund_units_used). Send an Idempotency-Key
 * header: the same key again answers the first refund and refunds nothing more.
 */
export const AdminRefundBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        itemId: uuid,
        quantity: z.number().int().min(1).max(CART_ITEM_MAX_QUANTITY),
      }),
    )
    .min(1)
    .max(50)
    .optional(),
  reason: z.string().trim().min(3).max(REFUND_REASON_MAX),
});
export type AdminRefundBody = z.infer<typeof AdminRefundBodySchema>;

/** Required here: a refund moves money, so a retried request must be recognisable. */
export const AdminRefundHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
});

export const AdminRefundResponseSchema = envelope(AdminRefundSchema);
