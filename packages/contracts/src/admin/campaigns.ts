import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { TierSchema } from '../catalogue.ts';

/*
 * Campaign messages (/admin/api/campaigns, permission campaigns.send): a bilingual notification (and
 * an e-mail when chosen) for a segment of members, sent now or at a set time through the job queue,
 * at most once per member. Blocked members get nothing.
 */

export const CAMPAIGN_TITLE_MAX = 120;
export const CAMPAIGN_BODY_MAX = 2000;
/** The furthest ahead a campaign may be scheduled. */
export const CAMPAIGN_SCHEDULE_MAX_DAYS = 366;
/** "Points expire within N days": N at most. */
export const CAMPAIGN_EXPIRY_DAYS_MAX = 366;

const title = z.string().trim().min(1).max(CAMPAIGN_TITLE_MAX);
const body = z.string().trim().min(1).max(CAMPAIGN_BODY_MAX);

/**
 * Who gets it: every member, members of these tiers, members with a successful order from a store
 * (paid orders, whole or partly refunded ones included), or members with points that expire within
 * `days` days. Evaluated once, when the send starts.
 */
export const CampaignSegmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('tier'), tiers: z.array(TierSchema).min(1).max(4) }),
  z.strictObject({ kind: z.literal('store'), storeId: z.uuid() }),
  z.strictObject({
    kind: z.literal('points_expiring'),
    days: z.number().int().min(1).max(CAMPAIGN_EXPIRY_DAYS_MAX),
  }),
]);
export type CampaignSegment = z.infer<typeof CampaignSegmentSchema>;

export const CampaignLinkSchema = z.strictObject({
  kind: z.enum(['voucher', 'privilege']),
  id: z.uuid(),
});
export type CampaignLink = z.infer<typeof CampaignLinkSchema>;

export const CampaignStatusSchema = z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

/** A new campaign (a draft until it is sent or scheduled). */
export const CreateCampaignBodySchema = z.strictObject({
  title: z.strictObject({ en: title, th: title }),
  body: z.strictObject({ en: body, th: body }),
  link: CampaignLinkSchema.nullable().optional(),
  /** Also e-mail it to each recipient's sign-in address, in their language. */
  email: z.boolean().optional(),
  segment: CampaignSegmentSchema,
});
export type CreateCampaignBody = z.infer<typeof CreateCampaignBodySchema>;

/** Send a draft: now (no `at`), or at `at` (in the future, within CAMPAIGN_SCHEDULE_MAX_DAYS). */
export const SendCampaignBodySchema = z.strictObject({
  at: z.iso.datetime({ offset: true }).optional(),
});
export type SendCampaignBody = z.infer<typeof SendCampaignBodySchema>;

export const CampaignParamsSchema = z.strictObject({ id: z.string().max(100) });

export const CampaignListQuerySchema = z.strictObject({
  status: CampaignStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const CampaignSchema = z.object({
  id: z.string(),
  title: z.object({ en: z.string(), th: z.string() }),
  body: z.object({ en: z.string(), th: z.string() }),
  link: CampaignLinkSchema.nullable(),
  email: z.boolean(),
  segment: CampaignSegmentSchema,
  status: CampaignStatusSchema,
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Fixed when the send starts (0 before). */
  recipients: z.number().int(),
  /** Notifications written so far. */
  delivered: z.number().int(),
  /** Recipients blocked (or gone) by the time their batch ran: nothing sent. */
  skipped: z.number().int(),
  emailsSent: z.number().int(),
  emailsFailed: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignResponseSchema = envelope(CampaignSchema);
export const CampaignListResponseSchema = envelope(
  z.object({ items: z.array(CampaignSchema), total: z.number().int() }),
);

/** How many members the segment holds now (blocked members not counted). */
export const CampaignPreviewBodySchema = z.strictObject({ segment: CampaignSegmentSchema });
export const CampaignPreviewResponseSchema = envelope(z.object({ recipients: z.number().int() }));
