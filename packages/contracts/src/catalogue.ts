import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { BANNER_POSITIONS, MAX_PAGE_LIMIT, SORT_DIRECTIONS, TIERS } from './constants.ts';

/*
 * The catalogue: merchants (stores), categories, vouchers, privileges, coupons and banners.
 * Texts arrive already in the member's language (Accept-Language: th → Thai), with the fallback
 * rule applied by the server: the requested language, else English, else Thai.
 * Money is whole baht (integers). Instants are ISO 8601 UTC strings.
 */

export { BANNER_POSITIONS, MAX_PAGE_LIMIT, SORT_DIRECTIONS, TIERS, tierRank } from './constants.ts';

export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;

export const BannerPositionSchema = z.enum(BANNER_POSITIONS);
export type BannerPosition = z.infer<typeof BannerPositionSchema>;

export const SortDirectionSchema = z.enum(SORT_DIRECTIONS);
/** Newest/Oldest = createdAt DESC/ASC; price low→high/high→low = price ASC/DESC. */
export const CatalogueOrderBySchema = z.enum(['createdAt', 'price']);
export type CatalogueOrderBy = z.infer<typeof CatalogueOrderBySchema>;
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/** Query-string integers: digits only, so `?page=abc` or `?page=1.5` is a 400, not a surprise. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const PagingQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, MAX_PAGE_LIMIT).default(20),
});

export const CatalogueListQuerySchema = PagingQuerySchema.extend({
  /** Category slug. */
  category: z.string().trim().min(1).max(60).optional(),
  /** Merchant id. */
  merchant: z.string().trim().min(1).max(60).optional(),
  /** Text search over titles (both languages), merchant and category names; partial, case-insensitive. */
  q: z.string().trim().min(1).max(100).optional(),
  orderBy: CatalogueOrderBySchema.default('createdAt'),
  orderDir: SortDirectionSchema.default('DESC'),
  minPrice: queryInt(0, 10_000_000).optional(),
  maxPrice: queryInt(0, 10_000_000).optional(),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
  message: 'minPrice must not be greater than maxPrice',
  path: ['minPrice'],
});
/** The query as a client writes it (strings); `CatalogueListFilters` is the parsed, typed form. */
export type CatalogueListQuery = z.input<typeof CatalogueListQuerySchema>;
export type CatalogueListFilters = z.output<typeof CatalogueListQuerySchema>;

export const RecommendQuerySchema = z.strictObject({
  limit: queryInt(1, 50).default(10),
  /** Comma-separated ids to leave out ("You may also like" leaves out the item on screen). */
  exclude: z.string().max(2000).optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });

/** A page of a list: the items plus the totals a pager needs. */
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export const MerchantRefSchema = z.object({ id: z.string(), name: z.string(), logoUrl: z.string() });
export type MerchantRef = z.infer<typeof MerchantRefSchema>;
export const CategoryRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

export const CategorySchema = CategoryRefSchema.extend({ iconUrl: z.string(), sortOrder: z.number().int() });
export type Category = z.infer<typeof CategorySchema>;

export const MerchantSchema = MerchantRefSchema.extend({
  description: z.string(),
  category: CategoryRefSchema,
  voucherCount: z.number().int(),
});
export type Merchant = z.infer<typeof MerchantSchema>;

/**
 * Why an item cannot be bought or used now; null when it can.
 * tier_locked and privilege_only need a member: for a visitor, eligibility is unknown (eligible: null).
 */
export const AvailabilitySchema = z.enum([
  'sold_out',
  'not_started',
  'ended',
  'tier_locked',
  'privilege_only',
]);
export type Availability = z.infer<typeof AvailabilitySchema>;

export const VoucherSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  merchant: MerchantRefSchema,
  category: CategoryRefSchema,
  /** Whole baht; the lowest option's price when the voucher has options. 0 = Free. */
  price: z.number().int(),
  /** Several price options: the card shows 'From ฿price'. */
  hasPriceOptions: z.boolean(),
  pointsEarned: z.number().int(),
  tier: TierSchema.nullable(),
  privilegeOnly: z.boolean(),
  boughtCount: z.number().int(),
  /** null = unlimited stock. */
  remaining: z.number().int().nullable(),
  saleStartsAt: z.string(),
  saleEndsAt: z.string().nullable(),
  createdAt: z.string(),
  unavailableReason: AvailabilitySchema.nullable(),
  /** With a token: whether the member's tier allows it; without: null. */
  eligible: z.boolean().nullable(),
});
export type VoucherSummary = z.infer<typeof VoucherSummarySchema>;

export const PriceOptionSchema = z.object({ id: z.string(), label: z.string(), price: z.number().int() });
/** A voucher's option as its detail shows it: with what one unit at its price earns (pointsForPaid). */
export const VoucherPriceOptionSchema = PriceOptionSchema.extend({ pointsEarned: z.number().int() });

export const VoucherDetailSchema = VoucherSummarySchema.extend({
  description: z.string(),
  terms: z.array(z.string()),
  images: z.array(z.string()).min(1),
  priceOptions: z.array(VoucherPriceOptionSchema),
  /** A purchased code stays valid this many days after purchase. */
  validDays: z.number().int(),
  /** Uses per purchased code; null = unlimited. */
  usageLimit: z.number().int().nullable(),
  /** Units a member may buy in one order; null = no limit beyond the stock. */
  limitPerOrder: z.number().int().nullable(),
  /** Units a member may buy over all their orders (failed and cancelled ones do not count); null = no limit. */
  limitPerMember: z.number().int().nullable(),
  /** Card-type vouchers: the price per card per month in baht. */
  pricePerCardMonth: z.number().int().nullable(),
});
export type VoucherDetail = z.infer<typeof VoucherDetailSchema>;

export const PrivilegeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  merchant: MerchantRefSchema,
  category: CategoryRefSchema,
  pointsCost: z.number().int(),
  tier: TierSchema.nullable(),
  remaining: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  unavailableReason: AvailabilitySchema.nullable(),
  eligible: z.boolean().nullable(),
  /** With a token: the member's like; without: false. */
  liked: z.boolean(),
  likeCount: z.number().int(),
});
export type PrivilegeSummary = z.infer<typeof PrivilegeSummarySchema>;

export const PrivilegeDetailSchema = PrivilegeSummarySchema.extend({
  description: z.string(),
  terms: z.array(z.string()),
  images: z.array(z.string()).min(1),
  usageLimit: z.number().int().nullable(),
});
export type PrivilegeDetail = z.infer<typeof PrivilegeDetailSchema>;

export const LikeBodySchema = z.strictObject({ like: z.boolean() });
export const LikeDataSchema = z.object({ id: z.string(), liked: z.boolean(), likeCount: z.number().int() });
export type LikeData = z.infer<typeof LikeDataSchema>;

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  discountType: z.enum(['percent', 'fixed']),
  /** Percent (1-100) or whole baht. */
  discountValue: z.number().int(),
  /** Cap for percent discounts, baht; null = no cap. */
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Empty lists = applies to the whole catalogue. */
  merchants: z.array(MerchantRefSchema),
  voucherIds: z.array(z.string()),
  perMemberLimit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const BannerSchema = z.object({
  id: z.string(),
  position: BannerPositionSchema,
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string(),
  /** An in-app path such as /vouchers/… or /privileges/…; null = not clickable. */
  linkPath: z.string().nullable(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** The ticket-office banner list pages with `page` and `per_page` (that service's names). */
export const TicketOfficeBannerQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  per_page: queryInt(1, MAX_PAGE_LIMIT).default(10),
});

export const VoucherPageResponseSchema = envelope(pageOf(VoucherSummarySchema));
export const VoucherDetailResponseSchema = envelope(VoucherDetailSchema);
export const VoucherListResponseSchema = envelope(z.array(VoucherSummarySchema));
export const PrivilegePageResponseSchema = envelope(pageOf(PrivilegeSummarySchema));
export const PrivilegeDetailResponseSchema = envelope(PrivilegeDetailSchema);
export const PrivilegeListResponseSchema = envelope(z.array(PrivilegeSummarySchema));
export const LikeResponseSchema = envelope(LikeDataSchema);
export const CategoryListResponseSchema = envelope(z.array(CategorySchema));
export const MerchantPageResponseSchema = envelope(pageOf(MerchantSchema));
/** GET /bff/merchants/{id}: one store (its vouchers: GET /bff/vouchers?merchant={id}). */
export const MerchantResponseSchema = envelope(MerchantSchema);
export const CouponPageResponseSchema = envelope(pageOf(CouponSchema));
export const BannerListResponseSchema = envelope(z.array(BannerSchema));
export const BannerPageResponseSchema = envelope(pageOf(BannerSchema));
