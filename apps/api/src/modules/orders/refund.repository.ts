import type { Insertable, Selectable } from 'kysely';
import type { RefundItemTable, RefundTable } from '../../db/schema.ts';
import type { Db } from './orders.repository.ts';

/* Refund rows, their lines, and the wallet units and coupon use a refund moves. */

export type RefundRow = Selectable<RefundTable>;
export type RefundItemRow = Selectable<RefundItemTable>;

export const refundById = (db: Db, id: string) =>
  db.selectFrom('refund').selectAll().where('id', '=', id).executeTakeFirst();

export const refundByKey = (db: Db, key: string) =>
  db.selectFrom('refund').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

/** Locks a refund that still waits for the provider; undefined once it is settled (by anyone). */
export const lockPendingRefund = (trx: Db, id: string) =>
  trx
    .selectFrom('refund')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();

export const refundsOfOrder = (db: Db, orderId: string) =>
  db.selectFrom('refund').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();

export const refundItemsOf = (db: Db, refundIds: readonly string[]) =>
  refundIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('refund_item')
        .selectAll()
        .where('refund_id', 'in', [...refundIds])
        .execute();

export const insertRefund = (trx: Db, row: Insertable<RefundTable>) =>
  trx.insertInto('refund').values(row).returningAll().executeTakeFirstOrThrow();

export const insertRefundItems = async (trx: Db, rows: Insertable<RefundItemTable>[]) => {
  if (rows.length) await trx.insertInto('refund_item').values(rows).execute();
};

/** Whole baht already given back (succeeded) or on its way (pending) for the order. */
export const refundedAmount = async (db: Db, orderId: string): Promise<number> => {
  const row = await db
    .selectFrom('refund')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('n'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'succeeded'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** The order's issued units (bought vouchers) with whether each is used or already refunded. */
export const orderUnits = (db: Db, orderId: string) =>
  db
    .selectFrom('wallet_voucher')
    .select(['id', 'order_item_id', 'unit', 'used_count', 'voided_at'])
    .where('order_id', '=', orderId)
    .orderBy('order_item_id')
    .orderBy('unit', 'desc')
    .execute();

/**
 * Takes unused units out of the wallet for `refundId`, in one conditional statement: a unit used
 * meanwhile (or taken by another refund) is not taken. Returns how many were.
 */
export const voidUnits = async (trx: Db, ids: readonly string[], refundId: string, now: Date) => {
  if (ids.length === 0) return 0;
  const res = await trx
    .updateTable('wallet_voucher')
    .set({ voided_at: now, void_refund_id: refundId })
    .where('id', 'in', [...ids])
    .where('used_count', '=', 0)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
};

/** A refund the provider refused: its units go back into the wallet. */
export const restoreUnits = (trx: Db, refundId: string) =>
  trx
    .updateTable('wallet_voucher')
    .set({ voided_at: null, void_refund_id: null })
    .where('void_refund_id', '=', refundId)
    .execute();

/** A paid order's coupon use, given back when the whole order is refunded; the coupon id when it moved. */
export const releaseUsedCoupon = async (trx: Db, orderId: string, now: Date) => {
  const row = await trx
    .updateTable('coupon_use')
    .set({ status: 'released', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'used')
    .returning('coupon_id')
    .executeTakeFirst();
  return row?.coupon_id ?? null;
};

/** Refunds left pending (a process died between asking the provider and recording its answer). */
export const stalePendingRefunds = (db: Db, before: Date, limit: number) =>
  db
    .selectFrom('refund')
    .select('id')
    .where('status', '=', 'pending')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
