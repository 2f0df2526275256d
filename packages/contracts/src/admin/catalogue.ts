import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { BannerPositionSchema, TierSchema } from '../catalogue.ts';

/*
 * The back office's catalogue (/admin/api/catalogue): stores, categories, vouchers, privileges,
 * coupons and banners in both languages, their pictures, and drafts. Reading needs `catalogue.read`,
 * every change `catalogue.write`. Every database CHECK has its rule here, with a message naming the
 * field, so a bad form is a 400 listing each field's problem — never a database error.
 *
 * Texts: Thai is required wherever the member app shows a text (names, titles, price option labels);
 * English may be left empty (the member app then shows the Thai).
 */

/** Where an item is in its life: being prepared (members never see it), shown to members, or retired. */
export const CATALOGUE_STATUSES = ['draft', 'published', 'archived'] as const;
export const CatalogueStatusSchema = z.enum(CATALOGUE_STATUSES);
export type CatalogueStatus = z.infer<typeof CatalogueStatusSchema>;

export const CATALOGUE_TEXT_MAX = 200;
export const CATALOGUE_DESCRIPTION_MAX = 5000;
export const CATALOGUE_TERMS_MAX = 30;
export const CATALOGUE_TERM_MAX = 500;
export const CATALOGUE_IMAGES_MAX = 10;
export const CATALOGUE_PRICE_OPTIONS_MAX = 20;
/** Whole baht or points; well inside PostgreSQL's integer. */
export const CATALOGUE_AMOUNT_MAX = 100_000_000;
/** Uploads: JPEG, PNG or WebP up to this size, stored re-encoded as WebP. */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A required text: trimmed, not empty. */
const required = (max = CATALOGUE_TEXT_MAX) =>
  z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
/** An optional text: empty or absent = none (null). */
const optional = (max = CATALOGUE_TEXT_MAX) =>
  z
    .string({ error: 'must be a text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((s) => (s ? s : null));
const terms = z
  .array(required(CATALOGUE_TERM_MAX), { error: 'must be a list of texts' })
  .max(CATALOGUE_TERMS_MAX, `at most ${CATALOGUE_TERMS_MAX} lines`)
  .default([]);
const int = (min: number, max = CATALOGUE_AMOUNT_MAX) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(max, `must be at most ${max}`);
/** null = no limit / unlimited. */
const limit = (min: number, max = CATALOGUE_AMOUNT_MAX) => int(min, max).nullish().default(null);
const id = (what: string) => z.uuid({ error: `must be the id of a ${what}` });
const instant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });
/** An uploaded picture's name (POST /catalogue/images) or a shipped artwork file. */
export const CatalogueImageFileSchema = z
  .string({ error: 'must be a picture name' })
  .regex(
    /^(u-[A-Za-z0-9_-]{16,64}\.webp|[a-z0-9]+(-[a-z0-9]+)*\.svg)$/,
    'must be the name of an uploaded picture',
  );

/**
 * The row's edit version as the form was loaded (every item answer holds it). Sent back with a save, a
 * save made after someone else's is refused with 409 edit_conflict and changes nothing; left out, the
 * save is made whatever the version (older callers).
 */
const editVersion = z.number({ error: 'must be a number' }).int('must be a whole number').min(1).optional();

/** Publish / unpublish / archive: the version the staff member saw (optional, as in a save; no body at all too). */
export const CatalogueStatusBodySchema = z.strictObject({ version: editVersion }).nullish();
export type CatalogueStatusBody = z.input<typeof CatalogueStatusBodySchema>;

/**
 * A cross-field rule's refusal: the English words for anyone reading the schema's own result, and the
 * key of its text under `fieldErrors` (both languages) that the API's error handler answers with, so
 * the staff member reads it in their language.
 */
const refusal = (path: string, messageKey: string, message: string) => ({
  path: [path],
  message,
  params: { messageKey },
});

// ── query and paging ────────────────────────────────────────────────────────────────────────────

const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const CatalogueIdParamsSchema = z.strictObject({ id: z.uuid() });

/** Lists of the back office: drafts included; `status` narrows, `q` matches names/titles (any language). */
export const AdminCatalogueListQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  pageSize: queryInt(1, 100).default(20),
  q: z.string().trim().max(100).optional(),
  /** Default: every status but archived. */
  status: CatalogueStatusSchema.optional(),
  storeId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  position: BannerPositionSchema.optional(),
});
export type AdminCatalogueListQuery = z.output<typeof AdminCatalogueListQuerySchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  envelope(
    z.object({
      items: z.array(item),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  );

/** Every item answer's edit version: +1 on each save in the back office. */
const version = { version: z.number().int() };

const lifecycle = {
  ...version,
  status: CatalogueStatusSchema,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
};

// ── categories ──────────────────────────────────────────────────────────────────────────────────

export const CategoryBodySchema = z.strictObject({
  slug: z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, 'is required')
    .max(60, 'must be at most 60 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'only a-z, 0-9 and single hyphens between them'),
  nameTh: required(),
  nameEn: optional(),
  iconFile: CatalogueImageFileSchema,
  sortOrder: int(-100_000, 100_000).default(0),
  version: editVersion,
});
export type CategoryBody = z.input<typeof CategoryBodySchema>;

export const AdminCategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  nameTh: z.string().nullable(),
  nameEn: z.string().nullable(),
  iconFile: z.string(),
  iconUrl: z.string(),
  sortOrder: z.number().int(),
  ...version,
  createdAt: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryResponseSchema = envelope(AdminCategorySchema);
export const AdminCategoryPageResponseSchema = pageOf(AdminCategorySchema);

// ── stores ──────────────────────────────────────────────────────────────────────────────────────

export const StoreBodySchema = z.strictObject({
  categoryId: id('category'),
  nameTh: required(),
  nameEn: optional(),
  descriptionTh: optional(CATALOGUE_DESCRIPTION_MAX),
  descriptionEn: optional(CATALOGUE_DESCRIPTION_MAX),
  logoFile: CatalogueImageFileSchema,
  version: editVersion,
});
export type StoreBody = z.input<typeof StoreBodySchema>;

export const AdminStoreSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  nameTh: z.string().nullable(),
  nameEn: z.string().nullable(),
  descriptionTh: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  logoFile: z.string(),
  logoUrl: z.string(),
  ...version,
  createdAt: z.string(),
});
export type AdminStore = z.infer<typeof AdminStoreSchema>;
export const AdminStoreResponseSchema = envelope(AdminStoreSchema);
export const AdminStorePageResponseSchema = pageOf(AdminStoreSchema);

// ── vouchers ────────────────────────────────────────────────────────────────────────────────────

const itemTexts = {
  storeId: id('store'),
  categoryId: id('category'),
  titleTh: required(),
  titleEn: optional(),
  descriptionTh: optional(CATALOGUE_DESCRIPTION_MAX),
  descriptionEn: optional(CATALOGUE_DESCRIPTION_MAX),
  termsTh: terms,
  termsEn: terms,
  /** In order; the first is the cover (none: the store's logo is shown). */
  imageFiles: z
    .array(CatalogueImageFileSchema, { error: 'must be a list of pictures' })
    .max(CATALOGUE_IMAGES_MAX, `at most ${CATALOGUE_IMAGES_MAX} pictures`)
    .default([]),
  /** Minimum tier; null = everyone. */
  tier: TierSchema.nullish().default(null),
  version: editVersion,
};

export const PriceOptionBodySchema = z.strictObject({
  /** An existing option of this voucher (kept, so carts and orders that name it keep it); absent = new. */
  id: z.uuid({ error: 'must be the id of one of this voucher’s options' }).optional(),
  labelTh: required(100),
  labelEn: optional(100),
  price: int(0),
});

const afterOrSame = (start: string, end: string | null | undefined) =>
  end == null || new Date(end).getTime() >= new Date(start).getTime();

export const VoucherBodySchema = z
  .strictObject({
    ...itemTexts,
    /** Whole baht, 0 = free. With price options, the lowest option's price is used. */
    price: int(0),
    priceOptions: z
      .array(PriceOptionBodySchema, { error: 'must be a list of options' })
      .max(CATALOGUE_PRICE_OPTIONS_MAX, `at most ${CATALOGUE_PRICE_OPTIONS_MAX} options`)
      .default([]),
    /** The voucher's own earn rate: this many points for its price; null = the programme's rate. */
    pointsEarned: limit(0),
    privilegeOnly: z.boolean({ error: 'must be true or false' }).default(false),
    /** null = unlimited. */
    stock: limit(0),
    saleStartsAt: instant,
    saleEndsAt: instant.nullish().default(null),
    /** Days a bought code stays valid. */
    validDays: int(1, 3650),
    /** Uses per bought code; null = unlimited. */
    usageLimit: limit(1),
    limitPerOrder: limit(1),
    limitPerMember: limit(1),
    /** What the card shows as "฿N / month" for a card-instalment offer; null = none. */
    pricePerCardMonth: limit(0),
  })
  .refine(
    (v) => afterOrSame(v.saleStartsAt, v.saleEndsAt),
    refusal('saleEndsAt', 'catalogue.saleWindow', 'must not be before the sale starts'),
  )
  .refine(
    (v) =>
      new Set(v.priceOptions.flatMap((o) => (o.id ? [o.id.toLowerCase()] : []))).size ===
      v.priceOptions.filter((o) => o.id).length,
    refusal('priceOptions', 'catalogue.optionTwice', 'names one option twice'),
  );
export type VoucherBody = z.input<typeof VoucherBodySchema>;

const itemView = {
  id: z.string(),
  storeId: z.string(),
  categoryId: z.string(),
  titleTh: z.string().nullable(),
  titleEn: z.string().nullable(),
  descriptionTh: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  termsTh: z.array(z.string()),
  termsEn: z.array(z.string()),
  imageFiles: z.array(z.string()),
  imageUrls: z.array(z.string()),
  tier: TierSchema.nullable(),
  stock: z.number().int().nullable(),
  usageLimit: z.number().int().nullable(),
  ...lifecycle,
  updatedAt: z.string(),
};

export const AdminVoucherSchema = z.object({
  ...itemView,
  price: z.number().int(),
  priceOptions: z.array(
    z.object({
      id: z.string(),
      labelTh: z.string().nullable(),
      labelEn: z.string().nullable(),
      price: z.number().int(),
    }),
  ),
  pointsEarned: z.number().int().nullable(),
  privilegeOnly: z.boolean(),
  sold: z.number().int(),
  saleStartsAt: z.string(),
  saleEndsAt: z.string().nullable(),
  validDays: z.number().int(),
  limitPerOrder: z.number().int().nullable(),
  limitPerMember: z.number().int().nullable(),
  pricePerCardMonth: z.number().int().nullable(),
});
export type AdminVoucher = z.infer<typeof AdminVoucherSchema>;
export const AdminVoucherResponseSchema = envelope(AdminVoucherSchema);
export const AdminVoucherPageResponseSchema = pageOf(AdminVoucherSchema);

// ── privileges ──────────────────────────────────────────────────────────────────────────────────

export const PrivilegeBodySchema = z
  .strictObject({
    ...itemTexts,
    pointsCost: int(0),
    stock: limit(0),
    validFrom: instant,
    validUntil: instant.nullish().default(null),
    /** Uses per redeemed privilege; null = unlimited. */
    usageLimit: limit(1),
  })
  .refine(
    (v) => afterOrSame(v.validFrom, v.validUntil),
    refusal('validUntil', 'catalogue.validityWindow', 'must not be before the privilege is valid from'),
  );
export type PrivilegeBody = z.input<typeof PrivilegeBodySchema>;

export const AdminPrivilegeSchema = z.object({
  ...itemView,
  pointsCost: z.number().int(),
  redeemed: z.number().int(),
  likeCount: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
});
export type AdminPrivilege = z.infer<typeof AdminPrivilegeSchema>;
export const AdminPrivilegeResponseSchema = envelope(AdminPrivilegeSchema);
export const AdminPrivilegePageResponseSchema = pageOf(AdminPrivilegeSchema);

// ── coupons ─────────────────────────────────────────────────────────────────────────────────────

export const CouponBodySchema = z
  .strictObject({
    /** Stored upper-case; letters, digits, - and _. */
    code: z
      .string({ error: 'must be a text' })
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(30, 'must be at most 30 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'only letters A-Z, digits, - and _')
      .transform((s) => s.toUpperCase()),
    titleTh: required(),
    titleEn: optional(),
    descriptionTh: optional(CATALOGUE_DESCRIPTION_MAX),
    descriptionEn: optional(CATALOGUE_DESCRIPTION_MAX),
    discountType: z.enum(['percent', 'fixed'], { error: 'must be percent or fixed' }),
    /** Percent (1–100) or whole baht. */
    discountValue: int(1),
    /** The most a percent discount takes off, in baht; null = no cap. */
    maxDiscount: limit(1),
    minSpend: int(0).default(0),
    startsAt: instant,
    endsAt: instant,
    totalLimit: limit(1),
    perMemberLimit: limit(1),
    /** Empty both: every store and voucher. */
    storeIds: z.array(id('store')).max(200, 'at most 200 stores').default([]),
    voucherIds: z.array(id('voucher')).max(500, 'at most 500 vouchers').default([]),
    version: editVersion,
  })
  .refine(
    (c) => new Date(c.endsAt).getTime() > new Date(c.startsAt).getTime(),
    refusal('endsAt', 'catalogue.couponWindow', 'must be after the coupon starts'),
  )
  .refine(
    (c) => c.discountType !== 'percent' || c.discountValue <= 100,
    refusal('discountValue', 'catalogue.percentRange', 'a percent discount must be between 1 and 100'),
  );
export type CouponBody = z.input<typeof CouponBodySchema>;

export const AdminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  titleTh: z.string().nullable(),
  titleEn: z.string().nullable(),
  descriptionTh: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  discountType: z.enum(['percent', 'fixed']),
  discountValue: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  totalLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  perMemberLimit: z.number().int().nullable(),
  storeIds: z.array(z.string()),
  voucherIds: z.array(z.string()),
  ...lifecycle,
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;
export const AdminCouponResponseSchema = envelope(AdminCouponSchema);
export const AdminCouponPageResponseSchema = pageOf(AdminCouponSchema);

// ── banners ─────────────────────────────────────────────────────────────────────────────────────

export const BannerBodySchema = z
  .strictObject({
    position: BannerPositionSchema,
    titleTh: required(),
    titleEn: optional(),
    subtitleTh: optional(),
    subtitleEn: optional(),
    imageFile: CatalogueImageFileSchema,
    /** An in-app path such as /vouchers/<id>; null = not clickable. */
    linkPath: z
      .string({ error: 'must be a text' })
      .trim()
      .max(500, 'must be at most 500 characters')
      .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path in the app, starting with a single /')
      .nullish()
      .default(null),
    sortOrder: int(-100_000, 100_000).default(0),
    startsAt: instant.nullish().default(null),
    endsAt: instant.nullish().default(null),
    version: editVersion,
  })
  .refine(
    (b) => b.startsAt == null || afterOrSame(b.startsAt, b.endsAt),
    refusal('endsAt', 'catalogue.bannerWindow', 'must not be before the banner starts'),
  );
export type BannerBody = z.input<typeof BannerBodySchema>;

export const AdminBannerSchema = z.object({
  id: z.string(),
  position: BannerPositionSchema,
  titleTh: z.string().nullable(),
  titleEn: z.string().nullable(),
  subtitleTh: z.string().nullable(),
  subtitleEn: z.string().nullable(),
  imageFile: z.string(),
  imageUrl: z.string(),
  linkPath: z.string().nullable(),
  sortOrder: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  ...lifecycle,
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;
export const AdminBannerResponseSchema = envelope(AdminBannerSchema);
export const AdminBannerPageResponseSchema = pageOf(AdminBannerSchema);

// ── pictures ────────────────────────────────────────────────────────────────────────────────────

/** POST /catalogue/images (multipart, one file): the stored picture's name for the `*File` fields. */
export const CatalogueImageResponseSchema = envelope(
  z.object({ file: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }),
);

export const CatalogueDeletedResponseSchema = envelope(
  z.object({ id: z.string(), deleted: z.literal(true) }),
);
