import type { WalletQuerySchema, WalletStatus } from '@app/contracts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, WalletVoucherTable } from '../../db/schema.ts';
import { isUuid } from '../../uuid.ts';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

type Db = Kysely<Database> | Transaction<Database>;
export type WalletFilters = z.output<typeof WalletQuerySchema>;

/** Inserts units not issued yet (order_item_id + unit is unique): issuing twice adds nothing. */
export const insertWalletVouchers = async (trx: Db, rows: Insertable<WalletVoucherTable>[]) => {
  if (rows.length === 0) return;
  await trx
    .insertInto('wallet_voucher')
    .values(rows)
    .onConflict((oc) => oc.columns(['order_item_id', 'unit']).doNothing())
    .execute();
};

const COLUMNS = [
  'w.id',
  'w.voucher_id',
  'w.privilege_id',
  'w.price_option_id',
  'w.code',
  'w.valid_from',
  'w.valid_until',
  'w.usage_limit',
  'w.used_count',
  'w.created_at',
  'o.number as order_number',
] as const;

const exhausted = sql<boolean>`(w.usage_limit is not null and w.used_count >= w.usage_limit)`;

/** Used beats expired: a code used up and since expired reads as used. */
const statusCondition = (status: WalletStatus, now: Date) => {
  if (status === 'used') return exhausted;
  if (status === 'expired') return sql<boolean>`(not ${exhausted} and w.valid_until < ${now})`;
  return sql<boolean>`(not ${exhausted} and w.valid_until >= ${now})`;
};

const DAY_MS = 86_400_000;

/**
 * The group an item belongs to (WALLET_GROUP_PATTERN in the contract): kind, voucher or privilege,
 * option, uses per code, status (used beats expired, as above) and the Bangkok day its validity ends
 * (`bangkokDay` of calendar.ts, in SQL).
 */
const groupKey = (now: Date) => sql<string>`concat_ws('~',
  case when w.privilege_id is null then 'v' else 'p' end,
  coalesce(w.voucher_id, w.privilege_id)::text,
  coalesce(w.price_option_id::text, '-'),
  coalesce(w.usage_limit::text, '-'),
  case when ${exhausted} then 'used' when w.valid_until < ${now} then 'expired' else 'active' end,
  floor((extract(epoch from w.valid_until) * 1000 + ${BANGKOK_OFFSET_MS}) / ${DAY_MS})::bigint::text)`;

const filtered = (db: Db, memberId: string, f: WalletFilters, now: Date) => {
  let q = db
    .selectFrom('wallet_voucher as w')
    .leftJoin('purchase_order as o', 'o.id', 'w.order_id')
    .where('w.member_id', '=', memberId)
    // A refunded unit has left the wallet.
    .where('w.voided_at', 'is', null);
  if (f.status) q = q.where(statusCondition(f.status, now));
  if (f.group) {
    // The id in the group narrows the rows before the whole key is compared.
    // The pattern allows any 36 hex digits and dashes; one that is no uuid names no group.
    const [kind, itemId = ''] = f.group.split('~');
    q = isUuid(itemId)
      ? q
          .where(kind === 'p' ? 'w.privilege_id' : 'w.voucher_id', '=', itemId)
          .where(groupKey(now), '=', f.group)
      : q.where(sql<boolean>`false`);
  }
  if (f.category)
    q = q.where(
      sql<boolean>`(exists (select 1 from voucher v join category c on c.id = v.category_id
        where v.id = w.voucher_id and c.slug = ${f.category})
        or exists (select 1 from privilege p join category c on c.id = p.category_id
        where p.id = w.privilege_id and c.slug = ${f.category}))`,
    );
  return q;
};

export const countWallet = async (db: Db, memberId: string, f: WalletFilters, now: Date) => {
  const row = await filtered(db, memberId, f, now)
    .select(sql<string | number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const listWallet = (db: Db, memberId: string, f: WalletFilters, now: Date) => {
  let q = filtered(db, memberId, f, now).select(COLUMNS);
  if (f.sort === 'oldest') q = q.orderBy('w.created_at', 'asc').orderBy('w.id', 'asc');
  // Vouchers ending together: the one bought first first, as the other sorts are by purchase too.
  else if (f.sort === 'expiring')
    q = q.orderBy('w.valid_until', 'asc').orderBy('w.created_at', 'asc').orderBy('w.id', 'asc');
  else q = q.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc');
  return q
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
};

export type WalletRow = Awaited<ReturnType<typeof listWallet>>[number];

/** How many entries the grouped wallet has under these filters. */
export const countWalletGroups = async (db: Db, memberId: string, f: WalletFilters, now: Date) => {
  const row = await filtered(db, memberId, f, now)
    .select(sql<string | number>`count(distinct ${groupKey(now)})`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * One page of the grouped wallet: each group's key, size and first item in the list's order. Groups
 * are ordered as their items would be (newest: by their newest purchase; oldest: by their oldest;
 * expiring: by their end, which a group shares, then by their first purchase), then by key, so paging
 * is stable.
 */
export const listWalletGroups = async (db: Db, memberId: string, f: WalletFilters, now: Date) => {
  const [itemOrder, groupOrder] =
    f.sort === 'oldest'
      ? [sql`x.created_at asc, x.id asc`, sql`min(x.created_at) asc, x.g asc`]
      : f.sort === 'expiring'
        ? [
            sql`x.valid_until asc, x.created_at asc, x.id asc`,
            sql`min(x.valid_until) asc, min(x.created_at) asc, x.g asc`,
          ]
        : [sql`x.created_at desc, x.id desc`, sql`max(x.created_at) desc, x.g desc`];
  const items = filtered(db, memberId, f, now).select([
    'w.id',
    'w.created_at',
    'w.valid_until',
    groupKey(now).as('g'),
  ]);
  return db
    .selectFrom(items.as('x'))
    .select([
      'x.g as group',
      sql<string | number>`count(*)`.as('count'),
      sql<string>`(array_agg(x.id order by ${itemOrder}))[1]`.as('firstId'),
    ])
    .groupBy('x.g')
    .orderBy(groupOrder)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
};

/** Items by id (the firsts of a page of groups), in no particular order. */
export const walletVouchersByIds = (db: Db, memberId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('wallet_voucher as w')
        .leftJoin('purchase_order as o', 'o.id', 'w.order_id')
        .select(COLUMNS)
        .where('w.id', 'in', ids)
        .where('w.member_id', '=', memberId)
        .where('w.voided_at', 'is', null)
        .execute();

/** The member's own item (not voided), or undefined. */
export const walletVoucher = async (db: Db, memberId: string, id: string) =>
  (await walletVouchersByIds(db, memberId, [id]))[0];

/**
 * One use, or nothing: the count moves only while a use is left, the validity has not passed and no
 * refund took the unit, so concurrent taps on the last use (or a tap and a refund) cannot both win
 * (the row lock orders them; the loser re-reads).
 */
export const takeWalletUse = async (trx: Db, memberId: string, id: string, now: Date) =>
  (await trx
    .updateTable('wallet_voucher')
    .set({ used_count: sql`used_count + 1` })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .where('valid_until', '>=', now)
    .where('voided_at', 'is', null)
    .returning('id')
    .executeTakeFirst()) !== undefined;

/** A redeemed privilege's item: the one a retried redemption with the same key made. */
export const walletItemByRedeemKey = (db: Db, memberId: string, key: string) =>
  db
    .selectFrom('wallet_voucher')
    .select(['id', 'privilege_id'])
    .where('member_id', '=', memberId)
    .where('redeem_key', '=', key)
    .executeTakeFirst();

export const insertRedeemedItem = async (trx: Db, row: Insertable<WalletVoucherTable>) =>
  (await trx.insertInto('wallet_voucher').values(row).returning('id').executeTakeFirstOrThrow()).id;
