import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PaymentTable, PurchaseOrderItemTable, PurchaseOrderTable } from '../../db/schema.ts';
import { isUuid } from '../../uuid.ts';
import { lockMember } from '../points/index.ts';

/** `db` or a transaction: repositories never open one. */
export type Db = Kysely<Database> | Transaction<Database>;

export type OrderRow = Selectable<PurchaseOrderTable>;
export type OrderItemRow = Selectable<PurchaseOrderItemTable>;
export type PaymentRow = Selectable<PaymentTable>;

/**
 * Locks the member's row for the rest of the transaction (the points module's lock, which every
 * money path takes first) and reads what checkout and issuing need: one member's checkouts run one
 * at a time, so a retried Confirm finds the first one's order and a per-member coupon limit cannot
 * be overrun. Undefined: no such member.
 */
export const lockOrderMember = async (trx: Db, memberId: string) =>
  (await lockMember(trx, memberId))
    ? trx
        .selectFrom('member')
        .select(['id', 'tier', 'language'])
        .where('id', '=', memberId)
        .executeTakeFirst()
    : undefined;

/** The member's orders still waiting for payment. */
export const openOrderCount = async (db: Db, memberId: string) => {
  const row = await db
    .selectFrom('purchase_order')
    .select(sql<string | number>`count(*)`.as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * Units of a voucher the member holds or may still get: the lines of their orders that are not
 * failed or cancelled (an unpaid order keeps its units until it is cancelled or expires), less the
 * units refunded (given back, they no longer count against a limit per member).
 */
export const unitsHeldByMember = async (db: Db, memberId: string, voucherId: string) => {
  const row = await db
    .selectFrom('purchase_order_item as i')
    .innerJoin('purchase_order as o', 'o.id', 'i.order_id')
    .select(
      sql<string | number>`coalesce(sum(i.quantity - (select count(*) from wallet_voucher w
        where w.order_item_id = i.id and w.voided_at is not null)), 0)`.as('n'),
    )
    .where('o.member_id', '=', memberId)
    .where('i.voucher_id', '=', voucherId)
    .where('o.status', 'not in', ['FAILED', 'CANCELLED'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const orderByKey = (db: Db, memberId: string, key: string) =>
  db
    .selectFrom('purchase_order')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** The member's own order; another member's id reads as absent. */
export const memberOrder = (db: Db, memberId: string, orderId: string) =>
  isUuid(orderId)
    ? db
        .selectFrom('purchase_order')
        .selectAll()
        .where('id', '=', orderId)
        .where('member_id', '=', memberId)
        .executeTakeFirst()
    : Promise.resolve(undefined);

export const orderById = (db: Db, orderId: string) =>
  db.selectFrom('purchase_order').selectAll().where('id', '=', orderId).executeTakeFirst();

export const orderItems = (db: Db, orderId: string) =>
  db
    .selectFrom('purchase_order_item')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

export const paymentOf = (db: Db, orderId: string) =>
  db.selectFrom('payment').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export const paymentByRef = (db: Db, provider: string, ref: string) =>
  db
    .selectFrom('payment')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();

export const insertOrder = (trx: Db, order: Insertable<PurchaseOrderTable>) =>
  trx.insertInto('purchase_order').values(order).returningAll().executeTakeFirstOrThrow();

export const insertOrderItems = async (trx: Db, items: Insertable<PurchaseOrderItemTable>[]) => {
  if (items.length) await trx.insertInto('purchase_order_item').values(items).execute();
};

/** A charge for an order, kept once: a second one for the same order is ignored. */
export const insertPayment = (trx: Db, payment: Insertable<PaymentTable>) =>
  trx
    .insertInto('payment')
    .values(payment)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();

export const setPaymentStatus = (trx: Db, id: string, status: PaymentRow['status'], now: Date) =>
  trx.updateTable('payment').set({ status, updated_at: now }).where('id', '=', id).execute();

/** Records a provider's event; false when it was recorded before (a replay). */
export const recordPaymentEvent = async (trx: Db, provider: string, eventId: string, now: Date) => {
  const row = await trx
    .insertInto('payment_event')
    .values({ provider, event_id: eventId, received_at: now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
};

/** Uses of a coupon by a member that still count: reserved by an open order or used by a paid one. */
export const memberCouponUses = async (db: Db, memberId: string, couponId: string) => {
  const row = await db
    .selectFrom('coupon_use')
    .select(sql<string | number>`count(*)`.as('n'))
    .where('member_id', '=', memberId)
    .where('coupon_id', '=', couponId)
    .where('status', 'in', ['reserved', 'used'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertCouponUse = (
  trx: Db,
  use: { order_id: string; coupon_id: string; member_id: string; now: Date },
) =>
  trx
    .insertInto('coupon_use')
    .values({
      order_id: use.order_id,
      coupon_id: use.coupon_id,
      member_id: use.member_id,
      status: 'reserved',
      created_at: use.now,
      updated_at: use.now,
    })
    .execute();

/** Moves the order's coupon use from reserved to `to`; returns the coupon id when it moved. */
export const settleCouponUse = async (trx: Db, orderId: string, to: 'used' | 'released', now: Date) => {
  const row = await trx
    .updateTable('coupon_use')
    .set({ status: to, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'reserved')
    .returning('coupon_id')
    .executeTakeFirst();
  return row?.coupon_id ?? null;
};

export const couponOf = (db: Db, couponId: string) =>
  db
    .selectFrom('coupon')
    .select(['id', 'code', 'title_en', 'title_th'])
    .where('id', '=', couponId)
    .executeTakeFirst();

/**
 * The sweeper's work: unpaid orders past their payment's expiry, and paid orders still not issued
 * since `staleBefore` (their issue job died or ran out of retries).
 */
export const overdueOrders = (db: Db, now: Date, staleBefore: Date, limit: number) =>
  db
    .selectFrom('purchase_order')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'PENDING'), eb('payment_expires_at', '<=', now)]),
        eb.and([eb('status', 'in', ['IN_PROGRESS', 'ERROR']), eb('updated_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute();

/** Paid orders not issued yet, the longest waiting first. */
export const paidUnissuedOrders = (db: Db, limit: number) =>
  db
    .selectFrom('purchase_order')
    .select(['id'])
    .where('status', 'in', ['IN_PROGRESS', 'ERROR'])
    .orderBy('updated_at')
    .limit(limit)
    .execute();

export const markReceiptSent = (trx: Db, orderId: string, now: Date) =>
  trx
    .updateTable('purchase_order')
    .set({ receipt_sent_at: now })
    .where('id', '=', orderId)
    .where('receipt_sent_at', 'is', null)
    .execute();
