import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { CategoryRefSchema, MerchantRefSchema, pageOf, PagingQuerySchema } from './catalogue.ts';

/*
 * The wallet: vouchers the member bought, one per unit, each with its own code (GET /bff/wallet,
 * GET /bff/wallet/{id}); only the member's own. Status is decided by the server (Asia/Bangkok calendar).
 */

export const WalletStatusSchema = z.enum(['active', 'used', 'expired']);
export type WalletStatus = z.infer<typeof WalletStatusSchema>;

/**
 * Identical wallet items are one entry of GET /bff/wallet/groups: the same voucher (or privilege), the
 * same price option, the same number of uses per code, the same status and the same last day of
 * validity (Asia/Bangkok). Each keeps its own code and count of uses. The group names exactly that:
 * `v|p ~ voucher or privilege id ~ option id or - ~ uses per code or - ~ status ~ Bangkok day number`.
 */
export const WALLET_GROUP_PATTERN =
  /^[vp]~[0-9a-f-]{36}~(?:[0-9a-f-]{36}|-)~(?:\d{1,6}|-)~(?:active|used|expired)~\d{1,7}$/;

export const WalletQuerySchema = PagingQuerySchema.extend({
  /** Category slug. */
  category: z.string().max(100).optional(),
  status: WalletStatusSchema.optional(),
  /** newest / oldest purchase first, or the soonest to expire first. */
  sort: z.enum(['newest', 'oldest', 'expiring']).default('newest'),
  /** Only the items of one group of identical items (a `group` of GET /bff/wallet/groups). */
  group: z
    .string()
    .max(120)
    .regex(WALLET_GROUP_PATTERN, 'must be the group of a wallet entry, as GET /bff/wallet/groups names it')
    .optional(),
});
export type WalletQuery = z.input<typeof WalletQuerySchema>;

export const WalletItemKindSchema = z.enum(['voucher', 'privilege']);
export type WalletItemKind = z.infer<typeof WalletItemKindSchema>;

export const WalletVoucherSchema = z.object({
  id: z.string(),
  /** A voucher bought in an order, or a privilege redeemed with points. */
  kind: WalletItemKindSchema,
  /** Set for kind 'voucher'. */
  voucherId: z.string().nullable(),
  /** Set for kind 'privilege'. */
  privilegeId: z.string().nullable(),
  title: z.string(),
  imageUrl: z.string(),
  merchant: MerchantRefSchema,
  category: CategoryRefSchema,
  priceOptionLabel: z.string().nullable(),
  status: WalletStatusSchema,
  validFrom: z.string(),
  validUntil: z.string(),
  /** Whole days left in Asia/Bangkok (0 = expires today); null once expired. */
  daysLeft: z.number().int().nullable(),
  /** null = unlimited. */
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  /** When it was bought or redeemed. */
  purchasedAt: z.string(),
  /** The order it was bought in; null for a redeemed privilege. */
  orderNumber: z.string().nullable(),
});
export type WalletVoucher = z.infer<typeof WalletVoucherSchema>;

export const WalletVoucherDetailSchema = WalletVoucherSchema.extend({
  /** What the counter scans or types. */
  code: z.string(),
  description: z.string(),
  terms: z.array(z.string()),
});
export type WalletVoucherDetail = z.infer<typeof WalletVoucherDetailSchema>;

export const WalletPageResponseSchema = envelope(pageOf(WalletVoucherSchema));

/**
 * One entry of the grouped wallet (GET /bff/wallet/groups, the same query as GET /bff/wallet): the
 * group's first item in the list's order, with how many identical items it stands for. Paged by
 * group, in SQL, so a group never straddles two pages and `total` counts entries.
 */
export const WalletGroupSchema = WalletVoucherSchema.extend({
  /** Identical items in this entry (1: an item on its own). */
  count: z.number().int().min(1),
  /** Names the group: GET /bff/wallet?group=… lists its items. */
  group: z.string(),
});
export type WalletGroup = z.infer<typeof WalletGroupSchema>;
export const WalletGroupPageSchema = pageOf(WalletGroupSchema).extend({
  /** Items in all the entries (the wallet's "3 vouchers"), where `total` counts entries. */
  itemTotal: z.number().int(),
});
export type WalletGroupPage = z.infer<typeof WalletGroupPageSchema>;
export const WalletGroupPageResponseSchema = envelope(WalletGroupPageSchema);
export const WalletVoucherResponseSchema = envelope(WalletVoucherDetailSchema);

/*
 * Using a wallet item: POST /bff/wallet/{id}/use (body empty or {}) consumes one use and answers the
 * item as it is now (detail shape). Send `Idempotency-Key`: a retried tap with the same key counts
 * once and answers the item again. Used up → 409 wallet_voucher_used_up; expired → 409
 * wallet_voucher_expired; another member's or an unknown id → 404 wallet_voucher_not_found.
 */
export const WalletUseBodySchema = z.object({}).strict();
export const WalletUseResponseSchema = WalletVoucherResponseSchema;

/*
 * Redeeming a privilege with points: POST /bff/privileges/{id}/redeem (body empty or {}). One step
 * burns the points, takes one unit of the privilege's stock and puts it into the wallet with its own
 * code. Send `Idempotency-Key`: a retry with the same key answers the same redemption.
 */
export const PrivilegeRedeemBodySchema = z.object({}).strict();
export const PrivilegeRedemptionSchema = z.object({
  item: WalletVoucherDetailSchema,
  /** The member's points balance after the redemption. */
  balance: z.number().int(),
});
export type PrivilegeRedemption = z.infer<typeof PrivilegeRedemptionSchema>;
export const PrivilegeRedeemResponseSchema = envelope(PrivilegeRedemptionSchema);
