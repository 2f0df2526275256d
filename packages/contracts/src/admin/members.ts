import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { LanguageSchema } from '../i18n.ts';
import { MemberInfoSchema } from '../auth.ts';
import { TierSchema } from '../catalogue.ts';
import { OrderStatusSchema } from '../orders.ts';
import { PointsSummarySchema } from '../points.ts';
import { NotificationTypeSchema } from '../notifications.ts';
import { WalletItemKindSchema, WalletStatusSchema } from '../wallet.ts';

/*
 * The back office's Members area (/admin/api/members): search, one member's profile and paged
 * sub-lists, points adjustments, sign-in block and ending sessions. Reading needs `members.read`,
 * adjusting `members.points`, blocking and ending sessions `members.access`.
 */

/** Query-string integers: digits only (`?page=abc` is a 400). */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const ADMIN_PAGE_SIZE_MAX = 100;

export const AdminPagingQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  pageSize: queryInt(1, ADMIN_PAGE_SIZE_MAX).default(20),
});
export type AdminPagingQuery = z.output<typeof AdminPagingQuerySchema>;

export const ADMIN_MEMBER_SEARCH_MAX = 200;

export const AdminMemberSearchQuerySchema = AdminPagingQuerySchema.extend({
  /**
   * E-mail (any part, case-insensitive), first or last name (Thai too, any part), phone number
   * (digits; with or without the leading 0 or the country code) or an order number (exact).
   * Empty or absent: every member, newest first.
   */
  q: z.string().trim().max(ADMIN_MEMBER_SEARCH_MAX).optional(),
});
export type AdminMemberSearchQuery = z.input<typeof AdminMemberSearchQuerySchema>;

const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });

export interface AdminPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export const AdminMemberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** First and last name joined; null when neither is filled in. */
  name: z.string().nullable(),
  /** `+66 812345678`; null without a phone number. */
  phone: z.string().nullable(),
  tier: TierSchema,
  /** The ledger's sum (points past their expiry leave it with the nightly expiry job). */
  pointsBalance: z.number().int(),
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type AdminMemberRow = z.infer<typeof AdminMemberRowSchema>;
export const AdminMemberPageResponseSchema = envelope(adminPageOf(AdminMemberRowSchema));

export const AdminMemberBlockSchema = z.object({ at: z.string(), reason: z.string() });

export const AdminMemberDetailSchema = z.object({
  profile: MemberInfoSchema,
  tier: TierSchema,
  /** Balance (spendable), tier progress and upcoming expiries, as the member's own card shows them. */
  points: PointsSummarySchema,
  /** null while the member may sign in. */
  blocked: AdminMemberBlockSchema.nullable(),
  /** Sign-ins whose refresh token is still good (not revoked, not expired). */
  activeSessions: z.number().int(),
  language: LanguageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;
export const AdminMemberDetailResponseSchema = envelope(AdminMemberDetailSchema);

/** `{id}` in the path: anything that is not one of the members' ids → 404 member_not_found. */
export const AdminMemberParamsSchema = z.strictObject({ id: z.string().max(100) });

export const AdminMemberOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatusSchema,
  /** Whole baht. */
  total: z.number().int(),
  createdAt: z.string(),
  /** Units over all lines. */
  quantity: z.number().int(),
  lines: z.array(z.object({ voucherId: z.string(), title: z.string(), quantity: z.number().int() })),
});
export type AdminMemberOrder = z.infer<typeof AdminMemberOrderSchema>;
export const AdminMemberOrderPageResponseSchema = envelope(adminPageOf(AdminMemberOrderSchema));

export const AdminMemberWalletItemSchema = z.object({
  id: z.string(),
  kind: WalletItemKindSchema,
  /** The voucher's or privilege's title in the back office's language. */
  title: z.string(),
  status: WalletStatusSchema,
  /** null = unlimited. */
  usesLeft: z.number().int().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  validUntil: z.string(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMemberWalletItem = z.infer<typeof AdminMemberWalletItemSchema>;
export const AdminMemberWalletPageResponseSchema = envelope(adminPageOf(AdminMemberWalletItemSchema));

export const PointsLedgerKindSchema = z.enum(['earn', 'burn', 'expire', 'reverse', 'adjust']);

/** One ledger row, as written (the ledger is append-only: corrections are rows of their own). */
export const AdminPointsLedgerEntrySchema = z.object({
  id: z.string(),
  kind: PointsLedgerKindSchema,
  /** Signed. */
  points: z.number().int(),
  reason: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  privilegeId: z.string().nullable(),
  /** Set on the rows that hold points (earns and positive adjustments). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPointsLedgerEntry = z.infer<typeof AdminPointsLedgerEntrySchema>;
export const AdminPointsLedgerPageResponseSchema = envelope(adminPageOf(AdminPointsLedgerEntrySchema));

/** A notification as the member reads it: rendered in the member's own language. */
export const AdminMemberNotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  language: LanguageSchema,
  title: z.string(),
  description: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type AdminMemberNotification = z.infer<typeof AdminMemberNotificationSchema>;
export const AdminMemberNotificationPageResponseSchema = envelope(adminPageOf(AdminMemberNotificationSchema));

/** Why a staff member did it: kept in the audit log (and, for points, in the member's ledger). */
export const AdminReasonSchema = z.string().trim().min(3).max(500);

export const POINTS_ADJUSTMENT_MAX = 1_000_000;

export const PointsAdjustmentBodySchema = z.strictObject({
  /** Signed, non-zero: + grants (a new bucket with the usual expiry), − takes (earliest-expiring first). */
  points: z
    .number()
    .int()
    .min(-POINTS_ADJUSTMENT_MAX)
    .max(POINTS_ADJUSTMENT_MAX)
    .refine((n) => n !== 0, 'must not be 0'),
  reason: AdminReasonSchema,
});
export type PointsAdjustmentBody = z.infer<typeof PointsAdjustmentBodySchema>;

export const PointsAdjustmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  points: z.number().int(),
  reason: z.string(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  /** true when this answer is an earlier adjustment made with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type PointsAdjustment = z.infer<typeof PointsAdjustmentSchema>;
export const PointsAdjustmentResponseSchema = envelope(PointsAdjustmentSchema);

export const AdminReasonBodySchema = z.strictObject({ reason: AdminReasonSchema });
export type AdminReasonBody = z.infer<typeof AdminReasonBodySchema>;

export const MemberAccessSchema = z.object({
  memberId: z.string(),
  blocked: AdminMemberBlockSchema.nullable(),
  /** Sessions this call ended. */
  sessionsEnded: z.number().int(),
});
export type MemberAccess = z.infer<typeof MemberAccessSchema>;
export const MemberAccessResponseSchema = envelope(MemberAccessSchema);
