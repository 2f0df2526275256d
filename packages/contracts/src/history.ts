import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { pageOf, PagingQuerySchema, SortDirectionSchema } from './catalogue.ts';
import { OrderStatusSchema } from './orders.ts';

/*
 * The member's own history, and no one else's: GET /bff/orders/histories and GET
 * /bff/orders/histories/point, with the query page, limit, orderBy, orderDir, type, startDate, endDate.
 * - /histories: everything the member did — purchases (orders), uses of wallet items, and points
 *   movements — newest first by default. The Transaction History screen (/profile/history) reads it.
 * - /histories/point: the points movements only (earn, burn, expire, reverse, adjust). The privileges
 *   history's History tab reads it for the last 30 days.
 * Days are Asia/Bangkok calendar days (YYYY-MM-DD), both ends included; no dates = all time.
 * Another member's rows are never part of an answer.
 */

/** Days since 1970-01-01 of a real calendar date written YYYY-MM-DD; null for anything else (2025-02-30). */
export const dayNumberOf = (date: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / 86_400_000;
};

const BangkokDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => dayNumberOf(s) !== null, 'must be a real calendar date');

/** The longest period one query may cover (a year and a day, so "the last 12 months" always fits). */
export const HISTORY_MAX_DAYS = 367;

/**
 * Both ends given: the end on or after the start, at most HISTORY_MAX_DAYS days (both included). One end
 * alone is open on the other side, like no dates at all.
 */
const periodProblem = (q: { startDate?: string | undefined; endDate?: string | undefined }) => {
  if (q.startDate === undefined || q.endDate === undefined) return null;
  const [start, end] = [dayNumberOf(q.startDate), dayNumberOf(q.endDate)];
  if (start === null || end === null) return null;
  if (end < start) return 'endDate must not be before startDate';
  if (end - start + 1 > HISTORY_MAX_DAYS) return `the period must be at most ${HISTORY_MAX_DAYS} days`;
  return null;
};

export const HistoryTypeSchema = z.enum(['all', 'purchase', 'use', 'points']);
export type HistoryType = z.infer<typeof HistoryTypeSchema>;

export const PointsMovementKindSchema = z.enum(['earn', 'burn', 'expire', 'reverse', 'adjust']);
export type PointsMovementKind = z.infer<typeof PointsMovementKindSchema>;

const historyQuery = <T extends z.ZodType>(type: T) =>
  PagingQuerySchema.extend({
    /** Only the time is meaningful to sort by: every kind of row has one. */
    orderBy: z.enum(['createdAt']).default('createdAt'),
    orderDir: SortDirectionSchema.default('DESC'),
    type,
    startDate: BangkokDaySchema.optional(),
    endDate: BangkokDaySchema.optional(),
  }).superRefine((q, ctx) => {
    const problem = periodProblem(q);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endDate'] });
  });

export const HistoryQuerySchema = historyQuery(HistoryTypeSchema.default('all'));
export type HistoryQuery = z.input<typeof HistoryQuerySchema>;

export const PointsHistoryQuerySchema = historyQuery(
  z.union([z.literal('all'), PointsMovementKindSchema]).default('all'),
);
export type PointsHistoryQuery = z.input<typeof PointsHistoryQuerySchema>;

export const PointsMovementSchema = z.object({
  kind: z.literal('points'),
  id: z.string(),
  createdAt: z.string(),
  movement: PointsMovementKindSchema,
  /** Signed: positive in, negative out. */
  points: z.number().int(),
  /** The order that earned them or whose cancellation reversed them. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The privilege they were spent on (burn) or given back from (reverse). */
  privilegeId: z.string().nullable(),
  /** What it refers to, in the member's language (the privilege's title; null for an order or an expiry). */
  title: z.string().nullable(),
  /** For an earn: the last moment these points can be spent. */
  expiresAt: z.string().nullable(),
});
export type PointsMovement = z.infer<typeof PointsMovementSchema>;

export const PurchaseHistorySchema = z.object({
  kind: z.literal('purchase'),
  /** The order id (opens /checkout/orders/{id}). */
  id: z.string(),
  createdAt: z.string(),
  orderNumber: z.string(),
  status: OrderStatusSchema,
  /** Whole baht paid (after the coupon). */
  total: z.number().int(),
  /** Units bought. */
  quantity: z.number().int(),
  /** The first item's title, in the member's language. */
  title: z.string(),
  imageUrl: z.string(),
  /** Every line of the order in its order (a voucher bought with two options is two lines), in the member's language. */
  items: z.array(
    z.object({
      voucherId: z.string(),
      title: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type PurchaseHistory = z.infer<typeof PurchaseHistorySchema>;

export const UseHistorySchema = z.object({
  kind: z.literal('use'),
  id: z.string(),
  createdAt: z.string(),
  /** The wallet item used (opens /wallet/{id}). */
  walletItemId: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  merchantName: z.string(),
  /** Uses so far including this one, and the limit (null = unlimited). */
  useNumber: z.number().int(),
  usageLimit: z.number().int().nullable(),
});
export type UseHistory = z.infer<typeof UseHistorySchema>;

export const HistoryEntrySchema = z.discriminatedUnion('kind', [
  PurchaseHistorySchema,
  UseHistorySchema,
  PointsMovementSchema,
]);
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageResponseSchema = envelope(pageOf(HistoryEntrySchema));
export const PointsHistoryPageResponseSchema = envelope(pageOf(PointsMovementSchema));

/** The parsed queries (defaults filled in) the API works with. */
export type HistoryFilters = z.output<typeof HistoryQuerySchema>;
export type PointsHistoryFilters = z.output<typeof PointsHistoryQuerySchema>;
