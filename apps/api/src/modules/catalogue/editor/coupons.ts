import type { AdminCoupon, AdminCatalogueListQuery, CouponBodySchema } from '@app/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { COUPON_COLUMNS } from '../coupons.repository.ts';
import {
  countWhere,
  existingIds,
  FieldChecks,
  lockForEdit,
  newestFirst,
  onPage,
  pageOf,
  refusedByDatabase,
  writeVersioned,
  statusFilter,
  type Db,
  type Trx,
} from './shared.ts';

/*
 * Coupons in the editor: code (unique, upper-case), discount, minimum spend, dates, limits in total
 * and per member, and the stores / vouchers it is limited to (none = everything) — saved with the
 * coupon in one transaction. New = draft; members can use only published coupons.
 */

type CouponInput = z.output<typeof CouponBodySchema>;

const select = (db: Db) =>
  db.selectFrom('coupon as c').select([
    // The member side's coupon columns, then what only the editor shows.
    ...COUPON_COLUMNS,
    'c.status',
    'c.published_at',
    'c.version',
    'c.created_at',
    sql<
      string[]
    >`array(select cm.merchant_id::text from coupon_merchant cm where cm.coupon_id = c.id order by cm.merchant_id)`.as(
      'store_ids',
    ),
    sql<
      string[]
    >`array(select cv.voucher_id::text from coupon_voucher cv where cv.coupon_id = c.id order by cv.voucher_id)`.as(
      'voucher_ids',
    ),
  ]);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const present = (r: Row): AdminCoupon => ({
  id: r.id,
  code: r.code,
  titleTh: r.title_th,
  titleEn: r.title_en,
  descriptionTh: r.description_th,
  descriptionEn: r.description_en,
  discountType: r.discount_type,
  discountValue: r.discount_value,
  maxDiscount: r.max_discount,
  minSpend: r.min_spend,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at.toISOString(),
  totalLimit: r.total_limit,
  usedCount: r.used_count,
  perMemberLimit: r.per_member_limit,
  storeIds: r.store_ids,
  voucherIds: r.voucher_ids,
  status: r.status,
  publishedAt: r.published_at ? r.published_at.toISOString() : null,
  version: r.version,
  createdAt: r.created_at.toISOString(),
});

export const readCoupon = async (db: Db, id: string) => {
  const r = await select(db).where('c.id', '=', id).executeTakeFirst();
  return r && present(r);
};

export const listCoupons = async (db: Db, q: AdminCatalogueListQuery) => {
  const conds = [statusFilter('c', q.status)];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`).toLowerCase()}%`;
    conds.push(
      sql<boolean>`(lower(c.code) like ${like} or lower(coalesce(c.title_en, '')) like ${like} or lower(coalesce(c.title_th, '')) like ${like})`,
    );
  }
  if (q.storeId)
    conds.push(
      sql<boolean>`exists (select 1 from coupon_merchant cm where cm.coupon_id = c.id and cm.merchant_id = ${q.storeId})`,
    );
  const where = sql<boolean>`${sql.join(conds, sql` and `)}`;
  const total = await countWhere(db, 'coupon', 'c', where);
  const rows = await onPage(newestFirst(select(db).where(where), 'c'), q).execute();
  return pageOf(rows.map(present), total, q.page, q.pageSize);
};

const check = async (trx: Trx, b: CouponInput, id: string | null) => {
  const checks = new FieldChecks();
  const clash = await trx
    .selectFrom('coupon')
    .select('id')
    .where('code', '=', b.code)
    .$if(id !== null, (qb) => qb.where('id', '<>', id as string))
    .executeTakeFirst();
  if (clash) checks.add('code', 'codeTaken');
  const stores = await existingIds(trx, 'merchant', b.storeIds);
  b.storeIds.forEach((s, i) => {
    if (!stores.has(s.toLowerCase())) checks.add(`storeIds.${i}`, 'unknownStore');
  });
  const vouchers = await existingIds(trx, 'voucher', b.voucherIds);
  b.voucherIds.forEach((v, i) => {
    if (!vouchers.has(v.toLowerCase())) checks.add(`voucherIds.${i}`, 'unknownVoucher');
  });
  checks.throwIfAny();
};

const values = (b: CouponInput) => ({
  code: b.code,
  title_en: b.titleEn,
  title_th: b.titleTh,
  description_en: b.descriptionEn,
  description_th: b.descriptionTh,
  discount_type: b.discountType,
  discount_value: b.discountValue,
  max_discount: b.maxDiscount,
  min_spend: b.minSpend,
  starts_at: new Date(b.startsAt),
  ends_at: new Date(b.endsAt),
  total_limit: b.totalLimit,
  per_member_limit: b.perMemberLimit,
});

const saveScope = async (trx: Trx, id: string, b: CouponInput) => {
  await trx.deleteFrom('coupon_merchant').where('coupon_id', '=', id).execute();
  await trx.deleteFrom('coupon_voucher').where('coupon_id', '=', id).execute();
  const stores = [...new Set(b.storeIds.map((s) => s.toLowerCase()))];
  const vouchers = [...new Set(b.voucherIds.map((v) => v.toLowerCase()))];
  if (stores.length)
    await trx
      .insertInto('coupon_merchant')
      .values(stores.map((merchant_id) => ({ coupon_id: id, merchant_id })))
      .execute();
  if (vouchers.length)
    await trx
      .insertInto('coupon_voucher')
      .values(vouchers.map((voucher_id) => ({ coupon_id: id, voucher_id })))
      .execute();
};

export const createCoupon = async (trx: Trx, b: CouponInput, now: Date) => {
  await check(trx, b, null);
  const { id } = await trx
    .insertInto('coupon')
    .values({ ...values(b), status: 'draft', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => refusedByDatabase(err, 'code'));
  await saveScope(trx, id, b);
  return { id, after: await readCoupon(trx, id) };
};

export const updateCoupon = async (trx: Trx, id: string, b: CouponInput) => {
  const version = await lockForEdit(trx, 'coupon', id, 'coupon_not_found', b.version);
  const before = await readCoupon(trx, id);
  await check(trx, b, id);
  await writeVersioned(trx, 'coupon', id, version, values(b), 'code');
  await saveScope(trx, id, b);
  return { id, before, after: await readCoupon(trx, id) };
};
