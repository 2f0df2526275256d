import { sql } from 'kysely';
import { and, COUNT, countOf, type Db, type Paging } from './query-parts.ts';

/** The Coupon tab shows published coupons valid now or later and not used up. */
const couponConditions = (now: Date) =>
  and([
    sql`c.status = 'published'`,
    sql`c.ends_at >= ${now}`,
    sql`(c.total_limit is null or c.used_count < c.total_limit)`,
  ]);

export const countCoupons = (db: Db, now: Date) =>
  countOf(db.selectFrom('coupon as c').select(COUNT).where(couponConditions(now)));

/** What a coupon row holds for presenting and judging it. */
export const COUPON_COLUMNS = [
  'c.id',
  'c.code',
  'c.title_en',
  'c.title_th',
  'c.description_en',
  'c.description_th',
  'c.discount_type',
  'c.discount_value',
  'c.max_discount',
  'c.min_spend',
  'c.starts_at',
  'c.ends_at',
  'c.total_limit',
  'c.used_count',
  'c.per_member_limit',
] as const;

/** Valid coupons first, then upcoming ones; each by soonest end, then code. */
export const listCoupons = (db: Db, page: Paging, now: Date) =>
  db
    .selectFrom('coupon as c')
    .select(COUPON_COLUMNS)
    .where(couponConditions(now))
    .orderBy(sql`c.starts_at > ${now}`)
    .orderBy('c.ends_at')
    .orderBy('c.code')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export type CouponRow = Awaited<ReturnType<typeof listCoupons>>[number];

/** The stores each coupon is limited to (none = the whole catalogue). */
export const couponMerchants = (db: Db, couponIds: string[]) =>
  couponIds.length
    ? db
        .selectFrom('coupon_merchant as cm')
        .innerJoin('merchant as m', 'm.id', 'cm.merchant_id')
        .select(['cm.coupon_id', 'm.id', 'm.name_en', 'm.name_th', 'm.logo_file'])
        .where('cm.coupon_id', 'in', couponIds)
        .orderBy('m.name_en')
        .execute()
    : Promise.resolve([]);

/** The vouchers each coupon is limited to (none = the whole catalogue). */
export const couponVouchers = (db: Db, couponIds: string[]) =>
  couponIds.length
    ? db
        .selectFrom('coupon_voucher')
        .select(['coupon_id', 'voucher_id'])
        .where('coupon_id', 'in', couponIds)
        .orderBy('voucher_id')
        .execute()
    : Promise.resolve([]);
