import type { Coupon, Language } from '@app/contracts';
import { sql } from 'kysely';
import { presentCoupon } from './catalogue.presenter.ts';
import { COUPON_COLUMNS, couponMerchants, couponVouchers, type CouponRow } from './coupons.repository.ts';
import { shippedMediaLibrary } from './media.ts';
import type { Db } from './query-parts.ts';

/*
 * What checkout needs from the catalogue's coupons: a coupon's rules by code or for one voucher, its
 * wire shape, and its total-use counter (changed only by a conditional UPDATE, so 50 buyers racing
 * for the last 10 uses get exactly 10).
 */

export interface CouponRule {
  id: string;
  code: string;
  discountType: 'percent' | 'fixed';
  discountValue: number;
  maxDiscount: number | null;
  minSpend: number;
  startsAt: Date;
  endsAt: Date;
  totalLimit: number | null;
  usedCount: number;
  perMemberLimit: number | null;
  /** Empty = every store / every voucher. */
  merchantIds: string[];
  voucherIds: string[];
  /** For presenting. */
  row: CouponRow;
  merchants: Awaited<ReturnType<typeof couponMerchants>>;
}

/** A voucher being bought, as coupon scopes name it. */
export interface CoveredVoucher {
  id: string;
  merchantId: string;
}

const withScopes = async (db: Db, rows: CouponRow[]): Promise<CouponRule[]> => {
  const ids = rows.map((r) => r.id);
  const merchants = await couponMerchants(db, ids);
  const vouchers = await couponVouchers(db, ids);
  return rows.map((r) => {
    const own = merchants.filter((m) => m.coupon_id === r.id);
    return {
      id: r.id,
      code: r.code,
      discountType: r.discount_type,
      discountValue: r.discount_value,
      maxDiscount: r.max_discount,
      minSpend: r.min_spend,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      totalLimit: r.total_limit,
      usedCount: r.used_count,
      perMemberLimit: r.per_member_limit,
      merchantIds: own.map((m) => m.id),
      voucherIds: vouchers.filter((v) => v.coupon_id === r.id).map((v) => v.voucher_id),
      row: r,
      merchants: own,
    };
  });
};

/**
 * The published coupon with this code (codes are stored upper-case), whatever its dates and uses; a
 * draft or archived coupon is unknown to members.
 */
export const couponByCode = async (db: Db, code: string): Promise<CouponRule | undefined> => {
  const rows = await db
    .selectFrom('coupon as c')
    .select(COUPON_COLUMNS)
    .where('c.code', '=', code.toUpperCase())
    .where('c.status', '=', 'published')
    .execute();
  return (await withScopes(db, rows))[0];
};

/**
 * Published coupons valid now, not used up, whose scope covers any of these vouchers (its own list, its store's
 * list, or no list at all); soonest to end first.
 */
export const couponsCovering = async (
  db: Db,
  voucher: CoveredVoucher | readonly CoveredVoucher[],
  now: Date,
): Promise<CouponRule[]> => {
  const vouchers = 'id' in voucher ? [voucher] : voucher;
  if (vouchers.length === 0) return [];
  const voucherIds = [...new Set(vouchers.map((v) => v.id))];
  const merchantIds = [...new Set(vouchers.map((v) => v.merchantId))];
  const rows = await db
    .selectFrom('coupon as c')
    .select(COUPON_COLUMNS)
    .where('c.status', '=', 'published')
    .where('c.starts_at', '<=', now)
    .where('c.ends_at', '>=', now)
    .where(sql<boolean>`(c.total_limit is null or c.used_count < c.total_limit)`)
    .where(
      sql<boolean>`(
        (not exists (select 1 from coupon_voucher cv where cv.coupon_id = c.id)
          and not exists (select 1 from coupon_merchant cm where cm.coupon_id = c.id))
        or exists (select 1 from coupon_voucher cv where cv.coupon_id = c.id
          and cv.voucher_id in (${sql.join(voucherIds.map((id) => sql`${id}::uuid`))}))
        or exists (select 1 from coupon_merchant cm where cm.coupon_id = c.id
          and cm.merchant_id in (${sql.join(merchantIds.map((id) => sql`${id}::uuid`))})))`,
    )
    .orderBy('c.ends_at')
    .orderBy('c.code')
    .limit(50)
    .execute();
  return withScopes(db, rows);
};

/** Whether a coupon's scope covers a voucher of a store. */
export const couponCovers = (rule: CouponRule, voucherId: string, merchantId: string): boolean =>
  (rule.voucherIds.length === 0 && rule.merchantIds.length === 0) ||
  rule.voucherIds.includes(voucherId) ||
  rule.merchantIds.includes(merchantId);

export const presentCouponRule = (rule: CouponRule, lang: Language): Coupon =>
  presentCoupon(rule.row, rule.merchants, rule.voucherIds, { lang, media: shippedMediaLibrary() });

/** Takes one use of the coupon's total if one is left; false when it is used up. */
export const takeCouponUse = async (trx: Db, couponId: string): Promise<boolean> => {
  const r = await trx
    .updateTable('coupon')
    .set({ used_count: sql`used_count + 1` })
    .where('id', '=', couponId)
    .where(sql<boolean>`(total_limit is null or used_count < total_limit)`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Gives one use back (an order that did not complete). */
export const returnCouponUse = async (trx: Db, couponId: string): Promise<void> => {
  await trx
    .updateTable('coupon')
    .set({ used_count: sql`greatest(used_count - 1, 0)` })
    .where('id', '=', couponId)
    .execute();
};
