import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { TIERS } from '../constants.ts';
import { TierSchema } from '../catalogue.ts';

/** Bilingual text a staff member writes (what a tier unlocks). */
const Unlocks = z.strictObject({
  en: z.string().trim().min(1).max(200),
  th: z.string().trim().min(1).max(200),
});

export const TierRuleSchema = z.strictObject({
  code: TierSchema,
  /** Points earned over a rolling 12 months that the tier needs. */
  pointsRequired: z.number().int().min(0).max(100_000_000),
  unlocks: Unlocks,
});
export type TierRule = z.infer<typeof TierRuleSchema>;

/** The earn and tier rules; the newest version is in force and applies to new activity only. */
export const ProgrammeRulesSchema = z.object({
  id: z.string(),
  /** 1 point for every full this-many baht paid (a voucher may set its own rate instead). */
  bahtPerPoint: z.number().int(),
  /** Earned points lapse at the end of the Asia/Bangkok quarter this many months after they were earned. */
  pointsLifetimeMonths: z.number().int(),
  tiers: z.array(TierRuleSchema),
  /** The staff member's e-mail; null for the rules the programme started with. */
  changedBy: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ProgrammeRulesView = z.infer<typeof ProgrammeRulesSchema>;

export const RulesDataSchema = z.object({
  current: ProgrammeRulesSchema,
  /** Every version, newest first (the current one included). */
  history: z.array(ProgrammeRulesSchema),
});
export const RulesResponseSchema = envelope(RulesDataSchema);
export type RulesData = z.infer<typeof RulesDataSchema>;

/**
 * New rules: every tier once, lowest first; Member needs 0 points; each higher tier needs more than
 * the one below it.
 */
export const UpdateRulesBodySchema = z
  .strictObject({
    bahtPerPoint: z.number().int().min(1).max(100_000),
    pointsLifetimeMonths: z.number().int().min(1).max(120),
    tiers: z.array(TierRuleSchema).length(TIERS.length),
    reason: z.string().trim().min(3).max(500),
  })
  .superRefine((b, ctx) => {
    b.tiers.forEach((t, i) => {
      if (t.code !== TIERS[i])
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'code'],
          message: `must be ${TIERS[i]} (lowest first)`,
        });
      if (i === 0 && t.pointsRequired !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', 0, 'pointsRequired'],
          message: 'the first tier needs 0 points',
        });
      const below = b.tiers[i - 1];
      if (i > 0 && below && t.pointsRequired <= below.pointsRequired)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'pointsRequired'],
          message: `must be more than ${below.code}'s ${below.pointsRequired}`,
        });
    });
  });
export type UpdateRulesBody = z.infer<typeof UpdateRulesBodySchema>;
