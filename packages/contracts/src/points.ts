import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { TierSchema } from './catalogue.ts';

/*
 * The member's own points (GET /bff/points), in the shape the profile member card and the
 * privileges history's Expiring Points tab need. Everything is decided by the server.
 */

export const PointsExpirySchema = z.object({
  /** The Bangkok calendar day the points lapse at the end of (YYYY-MM-DD). */
  date: z.string(),
  /** The last moment they can be spent (ISO 8601). */
  expiresAt: z.string(),
  points: z.number().int(),
});
export type PointsExpiry = z.infer<typeof PointsExpirySchema>;

export const NextTierSchema = z.object({
  tier: TierSchema,
  /** Points over a rolling 12 months the tier needs. */
  pointsRequired: z.number().int(),
  /** What is still missing (0 once reached; the upgrade then happens with the next earn). */
  pointsNeeded: z.number().int(),
});

export const PointsSummarySchema = z.object({
  /** Spendable points: the ledger's sum, less any already past their expiry. */
  balance: z.number().int(),
  tier: TierSchema,
  /** Points earned over the rolling 12 months (what tiers are judged by). */
  earnedInWindow: z.number().int(),
  /** null at the highest tier. */
  nextTier: NextTierSchema.nullable(),
  /** 0–1 from the current tier's threshold to the next's; 1 at the highest tier. */
  progress: z.number().min(0).max(1),
  /** Points still to lapse, grouped by expiry date, soonest first. */
  expiries: z.array(PointsExpirySchema),
});
export type PointsSummary = z.infer<typeof PointsSummarySchema>;
export const PointsSummaryResponseSchema = envelope(PointsSummarySchema);
