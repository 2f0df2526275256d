import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { TierSchema } from '../catalogue.ts';

/*
 * The dashboard (/admin/api/dashboard, permission dashboard.read) for a range of Asia/Bangkok days,
 * `from` and `to` inclusive (YYYY-MM-DD), at most DASHBOARD_MAX_DAYS days.
 */

export const DASHBOARD_MAX_DAYS = 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const DashboardQuerySchema = z.strictObject({ from: day, to: day });
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

export const DashboardDaySchema = z.object({
  /** YYYY-MM-DD, an Asia/Bangkok day. */
  day: z.string(),
  /** Orders paid that day (whatever became of them later). */
  orders: z.number().int(),
  /** Baht paid for them. */
  sales: z.number(),
  /** Wallet items used that day. */
  redemptions: z.number().int(),
  pointsIssued: z.number().int(),
  /** Burnt on privileges that day: what was really spent, whatever was given back later. */
  pointsSpent: z.number().int(),
  /**
   * Given back that day: the points of a redemption that failed or whose privilege was refunded,
   * returned to the buckets they came from. A figure of its own, not taken off `pointsSpent`.
   */
  pointsGivenBack: z.number().int(),
  pointsExpired: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const DashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, zeros included. */
  days: z.array(DashboardDaySchema),
  totals: DashboardDaySchema.omit({ day: true }),
  /** Now, not for the range: the points members hold that have not expired. */
  liability: z.object({
    points: z.number().int(),
    /**
     * The spending those points stand for at the current earn rate (1 point per `bahtPerPoint` baht):
     * a scale for the figure, not a valuation — what a point costs the programme depends on what it is
     * redeemed for.
     */
    baht: z.number(),
    bahtPerPoint: z.number().int(),
  }),
  /** Now: members per tier (blocked members included). */
  membersByTier: z.array(z.object({ tier: TierSchema, members: z.number().int() })),
  /** Vouchers by baht sold in the range (orders paid in it), at most 10. */
  topVouchers: z.array(
    z.object({
      id: z.string(),
      title: z.object({ en: z.string().nullable(), th: z.string().nullable() }),
      units: z.number().int(),
      sales: z.number(),
    }),
  ),
  /** Stores by baht sold in the range, at most 10. */
  topStores: z.array(
    z.object({
      id: z.string(),
      name: z.object({ en: z.string().nullable(), th: z.string().nullable() }),
      units: z.number().int(),
      sales: z.number(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const DashboardResponseSchema = envelope(DashboardSchema);
