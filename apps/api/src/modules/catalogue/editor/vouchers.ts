import type { AdminVoucher, VoucherBodySchema } from '@app/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../app-error.ts';
import {
  checkItemRefs,
  itemReads,
  itemTextValues,
  presentItem,
  replaceImages,
  type Db,
} from './items.shared.ts';
import {
  dateOrNull,
  fieldErrors,
  lockForEdit,
  refusedByDatabase,
  writeVersioned,
  type Trx,
} from './shared.ts';
import { itemNameColumns, itemTextColumns } from '../query-parts.ts';

/*
 * Vouchers in the editor: every column of a voucher, its price options (saved with it, in the same
 * transaction) and pictures. A new voucher is a draft. Price options keep their ids when sent back,
 * so carts and orders naming one keep it; an option that orders or wallet items name cannot be
 * removed (change its label or price, or archive the voucher).
 */

type VoucherInput = z.output<typeof VoucherBodySchema>;

const COLUMNS = [
  ...itemNameColumns('v'),
  ...itemTextColumns('v'),
  'v.price',
  'v.points_earned',
  'v.tier',
  'v.privilege_only',
  'v.stock',
  'v.sold',
  'v.sale_starts_at',
  'v.sale_ends_at',
  'v.valid_days',
  'v.usage_limit',
  'v.limit_per_order',
  'v.limit_per_member',
  'v.price_per_card_month',
  'v.status',
  'v.published_at',
  'v.version',
  'v.created_at',
  'v.updated_at',
  sql<
    Array<{ id: string; label_en: string | null; label_th: string | null; price: number }>
  >`coalesce((select json_agg(json_build_object('id', o.id, 'label_en', o.label_en, 'label_th', o.label_th,
    'price', o.price) order by o.position, o.id) from voucher_price_option o where o.voucher_id = v.id), '[]')`.as(
    'options',
  ),
] as const;

const select = (db: Db) => db.selectFrom('voucher as v').select(COLUMNS);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const present = (r: Row, images: string[]): AdminVoucher => ({
  ...presentItem(r, images, 'vouchers'),
  price: r.price,
  priceOptions: r.options.map((o) => ({
    id: o.id,
    labelTh: o.label_th,
    labelEn: o.label_en,
    price: o.price,
  })),
  pointsEarned: r.points_earned,
  privilegeOnly: r.privilege_only,
  sold: r.sold,
  saleStartsAt: r.sale_starts_at.toISOString(),
  saleEndsAt: r.sale_ends_at ? r.sale_ends_at.toISOString() : null,
  validDays: r.valid_days,
  limitPerOrder: r.limit_per_order,
  limitPerMember: r.limit_per_member,
  pricePerCardMonth: r.price_per_card_month,
});

export const { read: readVoucher, list: listVouchers } = itemReads('voucher', 'v', select, present);

const values = (b: VoucherInput, now: Date) => ({
  ...itemTextValues(b),
  price: b.price,
  points_earned: b.pointsEarned,
  tier: b.tier,
  privilege_only: b.privilegeOnly,
  stock: b.stock,
  sale_starts_at: new Date(b.saleStartsAt),
  sale_ends_at: dateOrNull(b.saleEndsAt),
  valid_days: b.validDays,
  usage_limit: b.usageLimit,
  limit_per_order: b.limitPerOrder,
  limit_per_member: b.limitPerMember,
  price_per_card_month: b.pricePerCardMonth,
  updated_at: now,
});

/**
 * The voucher's options become the body's: sent ids are updated (they must be this voucher's), the
 * rest removed (refused when sold), new ones added — in the body's order.
 */
const saveOptions = async (trx: Trx, voucherId: string, b: VoucherInput, existing: string[]) => {
  const own = new Set(existing.map((i) => i.toLowerCase()));
  const kept = new Set<string>();
  const bad: string[] = [];
  b.priceOptions.forEach((o, i) => {
    if (!o.id) return;
    if (own.has(o.id.toLowerCase())) kept.add(o.id.toLowerCase());
    else bad.push(`priceOptions.${i}.id`);
  });
  const removed = existing.filter((id) => !kept.has(id.toLowerCase()));
  const sold = removed.length
    ? await sql<{ id: string }>`select distinct price_option_id as id from (
        select price_option_id from purchase_order_item where price_option_id in (${sql.join(removed)})
        union all select price_option_id from wallet_voucher where price_option_id in (${sql.join(removed)})) x`.execute(
        trx,
      )
    : { rows: [] };
  if (bad.length || sold.rows.length) {
    throw fieldErrors([
      ...bad.map((path) => ({ path, key: 'notThisVouchersOption' })),
      ...sold.rows.map((r) => ({
        path: 'priceOptions',
        key: 'optionSold',
        vars: { option: r.id },
      })),
    ]);
  }
  if (removed.length) await trx.deleteFrom('voucher_price_option').where('id', 'in', removed).execute();
  for (const [position, o] of b.priceOptions.entries()) {
    const row = { label_en: o.labelEn, label_th: o.labelTh, price: o.price, position };
    if (o.id) await trx.updateTable('voucher_price_option').set(row).where('id', '=', o.id).execute();
    else
      await trx
        .insertInto('voucher_price_option')
        .values({ ...row, voucher_id: voucherId })
        .execute();
  }
};

export const createVoucher = async (trx: Trx, b: VoucherInput, now: Date) => {
  const checks = await checkItemRefs(trx, b, 'vouchers');
  b.priceOptions.forEach((o, i) => {
    if (o.id) checks.add(`priceOptions.${i}.id`, 'newVoucherOptionId');
  });
  checks.throwIfAny();
  const { id } = await trx
    .insertInto('voucher')
    .values({ ...values(b, now), status: 'draft', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => refusedByDatabase(err, 'storeId'));
  await saveOptions(trx, id, b, []);
  await replaceImages(trx, 'voucher', id, b.imageFiles);
  return { id, after: await readVoucher(trx, id) };
};

export const updateVoucher = async (trx: Trx, id: string, b: VoucherInput, now: Date) => {
  const version = await lockForEdit(trx, 'voucher', id, 'voucher_not_found', b.version);
  const before = await readVoucher(trx, id);
  if (!before) throw new AppError('voucher_not_found');
  const checks = await checkItemRefs(trx, b, 'vouchers');
  checks.throwIfAny();
  await writeVersioned(trx, 'voucher', id, version, values(b, now), 'storeId');
  await saveOptions(
    trx,
    id,
    b,
    before.priceOptions.map((o) => o.id),
  );
  await replaceImages(trx, 'voucher', id, b.imageFiles);
  return { id, before, after: await readVoucher(trx, id) };
};
