import type {
  Banner,
  Category,
  CategoryRefSchema,
  Coupon,
  Language,
  Merchant,
  MerchantRefSchema,
  PrivilegeDetail,
  PrivilegeSummary,
  Tier,
  VoucherDetail,
  VoucherSummary,
} from '@app/contracts';
import type { z } from 'zod';
import { pointsForPaid } from '@app/contracts';
import type { CategoryRow } from '../../db/schema.ts';
import { earnRateOf } from '../programme/index.ts';
import { judge, remainingOf, type SaleWindow } from './availability.ts';
import type { BannerRow } from './banners.repository.ts';
import type { CouponRow } from './coupons.repository.ts';
import { localized, localizedList } from './localize.ts';
import type { MediaLibrary } from './media.ts';
import type { MerchantRow } from './merchants.repository.ts';
import type { PrivilegeDetailRow, PrivilegeSummaryRow } from './privileges.repository.ts';
import type { References } from './references.ts';
import type { VoucherDetailRow, VoucherSummaryRow } from './vouchers.repository.ts';

/** Rows → the wire, field by field (no column reaches a client by accident). */

export interface PresentContext {
  lang: Language;
  now: Date;
  /** null for a visitor: eligibility unknown. */
  memberTier: Tier | null;
  media: MediaLibrary;
  /** Covering the merchants and categories of the rows being presented. */
  refs: References;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d === null ? null : d.toISOString());

/** A store and a category as items show them, from a joined row (merchant lists). */
const merchantRefOf = (
  r: MerchantRow,
  c: Pick<PresentContext, 'lang' | 'media'>,
): z.infer<typeof MerchantRefSchema> => ({
  id: r.merchant_id,
  name: localized(c.lang, r.merchant_name_en, r.merchant_name_th),
  logoUrl: c.media.url('merchants', r.merchant_logo_file),
});

const categoryRefOf = (
  r: MerchantRow,
  c: Pick<PresentContext, 'lang'>,
): z.infer<typeof CategoryRefSchema> => ({
  id: r.category_id,
  slug: r.category_slug,
  name: localized(c.lang, r.category_name_en, r.category_name_th),
});

/** …and of an item, from the reference cache. */
const itemRefs = (r: { merchant_id: string; category_id: string }, c: PresentContext) => {
  const m = c.refs.merchant(r.merchant_id);
  const k = c.refs.category(r.category_id);
  return {
    merchant: {
      id: m.id,
      name: localized(c.lang, m.name_en, m.name_th),
      logoUrl: c.media.url('merchants', m.logo_file),
    },
    category: { id: k.id, slug: k.slug, name: localized(c.lang, k.name_en, k.name_th) },
  };
};

/** A card row as both kinds have it. */
interface ItemCardRow {
  id: string;
  merchant_id: string;
  category_id: string;
  title_en: string | null;
  title_th: string | null;
  tier: Tier | null;
  stock: number | null;
  created_at: Date;
  cover_file: string | null;
}

/**
 * What a voucher card and a privilege card share: id, title, picture (the store's logo when the item
 * has none), store and category, the tier, what is left in stock, and the verdict on whether it can
 * be had now. `window` is the kind's sale (voucher) or validity (privilege) window, with its stock and
 * sold or redeemed count.
 */
const itemCard = (
  r: ItemCardRow,
  c: PresentContext,
  pictures: 'vouchers' | 'privileges',
  window: SaleWindow,
  privilegeOnly: boolean,
) => {
  const verdict = judge(window, c.now, { tier: r.tier, privilegeOnly }, c.memberTier);
  const { merchant, category } = itemRefs(r, c);
  return {
    id: r.id,
    title: localized(c.lang, r.title_en, r.title_th),
    imageUrl: r.cover_file ? c.media.url(pictures, r.cover_file) : merchant.logoUrl,
    merchant,
    category,
    tier: r.tier,
    remaining: remainingOf(window.stock, window.taken),
    createdAt: iso(r.created_at),
    unavailableReason: verdict.unavailableReason,
    eligible: verdict.eligible,
  };
};

/** What both details add to the card: description, terms, every picture (else the card's), uses per code. */
const itemDetailTexts = (
  r: {
    description_en: string | null;
    description_th: string | null;
    terms_en: string[];
    terms_th: string[];
    usage_limit: number | null;
    image_files: string[];
  },
  c: PresentContext,
  pictures: 'vouchers' | 'privileges',
  card: { imageUrl: string },
) => ({
  description: localized(c.lang, r.description_en, r.description_th),
  terms: localizedList(c.lang, r.terms_en, r.terms_th),
  images: r.image_files.length ? r.image_files.map((f) => c.media.url(pictures, f)) : [card.imageUrl],
  usageLimit: r.usage_limit,
});

// The kinds' own fields are added to the card with Object.assign: copying the card with an object
// spread measured ten times slower per row, which a 20-row list page pays twenty times.

export const presentVoucherSummary = (r: VoucherSummaryRow, c: PresentContext): VoucherSummary => {
  const sale = { startsAt: r.sale_starts_at, endsAt: r.sale_ends_at, stock: r.stock, taken: r.sold };
  return Object.assign(itemCard(r, c, 'vouchers', sale, r.privilege_only), {
    price: r.price,
    hasPriceOptions: r.has_price_options,
    pointsEarned: pointsForPaid(r.price, earnRateOf(r, c.refs.bahtPerPoint)),
    privilegeOnly: r.privilege_only,
    boughtCount: r.sold,
    saleStartsAt: iso(r.sale_starts_at),
    saleEndsAt: isoOrNull(r.sale_ends_at),
  });
};

export const presentVoucherDetail = (r: VoucherDetailRow, c: PresentContext): VoucherDetail => {
  const card = presentVoucherSummary(r, c);
  return Object.assign(card, itemDetailTexts(r, c, 'vouchers', card), {
    priceOptions: r.price_options.map((o) => ({
      id: o.id,
      label: localized(c.lang, o.label_en, o.label_th),
      price: o.price,
      pointsEarned: pointsForPaid(o.price, earnRateOf(r, c.refs.bahtPerPoint)),
    })),
    validDays: r.valid_days,
    limitPerOrder: r.limit_per_order,
    limitPerMember: r.limit_per_member,
    pricePerCardMonth: r.price_per_card_month,
  });
};

/** A privilege has no privilege-only flag: its tier alone limits who may have it. */
export const presentPrivilegeSummary = (r: PrivilegeSummaryRow, c: PresentContext): PrivilegeSummary => {
  const validity = { startsAt: r.valid_from, endsAt: r.valid_until, stock: r.stock, taken: r.redeemed };
  return Object.assign(itemCard(r, c, 'privileges', validity, false), {
    pointsCost: r.points_cost,
    validFrom: iso(r.valid_from),
    validUntil: isoOrNull(r.valid_until),
    liked: Boolean(r.liked),
    likeCount: r.like_count,
  });
};

export const presentPrivilegeDetail = (r: PrivilegeDetailRow, c: PresentContext): PrivilegeDetail => {
  const card = presentPrivilegeSummary(r, c);
  return Object.assign(card, itemDetailTexts(r, c, 'privileges', card));
};

export const presentCategory = (
  r: Pick<CategoryRow, 'id' | 'slug' | 'name_en' | 'name_th' | 'icon_file' | 'sort_order'>,
  c: Pick<PresentContext, 'lang' | 'media'>,
): Category => ({
  id: r.id,
  slug: r.slug,
  name: localized(c.lang, r.name_en, r.name_th),
  iconUrl: c.media.url('categories', r.icon_file),
  sortOrder: r.sort_order,
});

export const presentMerchant = (r: MerchantRow, c: Pick<PresentContext, 'lang' | 'media'>): Merchant => ({
  ...merchantRefOf(r, c),
  description: localized(c.lang, r.description_en, r.description_th),
  category: categoryRefOf(r, c),
  voucherCount: Number(r.voucher_count),
});

export const presentCoupon = (
  r: CouponRow,
  merchants: { id: string; name_en: string | null; name_th: string | null; logo_file: string }[],
  voucherIds: string[],
  c: Pick<PresentContext, 'lang' | 'media'>,
): Coupon => ({
  id: r.id,
  code: r.code,
  title: localized(c.lang, r.title_en, r.title_th),
  description: localized(c.lang, r.description_en, r.description_th),
  discountType: r.discount_type,
  discountValue: r.discount_value,
  maxDiscount: r.max_discount,
  minSpend: r.min_spend,
  startsAt: iso(r.starts_at),
  endsAt: iso(r.ends_at),
  merchants: merchants.map((m) => ({
    id: m.id,
    name: localized(c.lang, m.name_en, m.name_th),
    logoUrl: c.media.url('merchants', m.logo_file),
  })),
  voucherIds,
  perMemberLimit: r.per_member_limit,
  remaining: remainingOf(r.total_limit, r.used_count),
});

export const presentBanner = (r: BannerRow, c: Pick<PresentContext, 'lang' | 'media'>): Banner => ({
  id: r.id,
  position: r.position,
  title: localized(c.lang, r.title_en, r.title_th),
  subtitle: localized(c.lang, r.subtitle_en, r.subtitle_th),
  imageUrl: c.media.url('banners', r.image_file),
  linkPath: r.link_path,
});

/** The paging block of every list answer. */
export const pageOf = <T>(items: T[], page: number, limit: number, total: number) => ({
  items,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});
