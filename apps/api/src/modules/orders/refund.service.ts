import { createHash } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../audit/audit.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { isUuid } from '../../uuid.ts';
import { releaseStock, returnCouponUse } from '../catalogue/index.ts';
import { notify } from '../notifications/index.ts';
import type { Refund } from '../payments/index.ts';
import { lockMember, lowerTierAfterRefund, reversePoints } from '../points/index.ts';
import { isRefundable, moveOrder } from './order-states.ts';
import type { OrdersCtx } from './orders.context.ts';
import { orderById, orderItems, paymentOf, type Db, type OrderRow } from './orders.repository.ts';
import { unitsByVoucher } from './pricing.ts';
import { planRefund, refundMoney, refundPoints, type RefundLineInput } from './refund-plan.ts';
import {
  insertRefund,
  insertRefundItems,
  lockPendingRefund,
  orderUnits,
  refundById,
  refundByKey,
  refundedAmount,
  refundItemsOf,
  refundsOfOrder,
  releaseUsedCoupon,
  restoreUnits,
  voidUnits,
  type RefundRow,
} from './refund.repository.ts';

/*
 * The one place an order's money goes back (the back office's refunds, and a charge paid after its
 * order was closed). No provider call runs inside a transaction — a slow or hung provider must not hold
 * the member's and the order's locks — so a refund goes in three steps:
 *
 * 1. start, one transaction under the member's and then the order's lock: the refund row `pending`
 *    with its lines and amount, and its wallet units taken out of the wallet at once (voided), so a Use
 *    racing the refund either came first (the unit is used: refused) or finds the unit gone. A job is
 *    queued in the same transaction to finish the refund should this process die.
 * 2. the provider is asked, outside any transaction, with the refund's id as its idempotency key.
 * 3. settle, one transaction: succeeded with every effect (points reversed, stock back, coupon use
 *    released when nothing is left, the order's guarded move, notification, mail queued), or failed
 *    with its units given back to the wallet. An unknown answer (the provider threw) leaves it pending
 *    for the job, which asks again with the same key: money goes back once.
 */

/** An audit writer the back office passes in (the orders module does not import the back office). */
export type RefundAudit = (
  trx: Db,
  entry: {
    action: string;
    entityType: string;
    entityId: string;
    before: unknown;
    after: unknown;
    reason: string;
  },
) => Promise<void>;

export interface RefundInput {
  orderId: string;
  /** Units by line; absent: everything not refunded yet. */
  lines?: readonly RefundLineInput[];
  reason: string;
  idempotencyKey: string;
  /** Who asked (null: the app itself, for a late charge). */
  staff: { id: string; email: string } | null;
  /** Writes the staff member's audit row inside the refund's first transaction. */
  audit?: RefundAudit;
}

/** How long a started refund may wait before the job finishes it (the request normally does at once). */
const RETRY_AFTER_MS = 30_000;

const requestHashOf = (input: Pick<RefundInput, 'orderId' | 'lines' | 'reason'>) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        orderId: input.orderId,
        lines: input.lines
          ? [...input.lines]
              .map((l) => [l.itemId, l.quantity] as const)
              .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
          : null,
        reason: input.reason,
      }),
    )
    .digest('hex');

/** The same key again: the same request answers the refund made the first time; another is refused. */
const replayOf = (earlier: RefundRow, hash: string): RefundRow => {
  if (earlier.request_hash !== hash) throw new AppError('idempotency_key_reused');
  return earlier;
};

/**
 * Refunds a paid, issued order whole or by line (see the top of the file). Returns the refund as it
 * stands: succeeded, failed (the provider refused; nothing changed), or pending (the provider did not
 * answer; the job finishes it).
 */
export const refundOrder = async (ctx: OrdersCtx, input: RefundInput): Promise<RefundRow> => {
  if (!isUuid(input.orderId)) throw new AppError('order_not_found');
  const hash = requestHashOf(input);
  const earlier = await refundByKey(ctx.db, input.idempotencyKey);
  if (earlier) {
    const refund = replayOf(earlier, hash);
    return refund.status === 'pending' ? settleRefund(ctx, refund.id) : refund;
  }
  const order = await orderById(ctx.db, input.orderId);
  if (!order) throw new AppError('order_not_found');
  let started: RefundRow;
  try {
    started = await ctx.db.transaction().execute((trx) => startRefund(trx, ctx, order, input, hash));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same key committed first by a concurrent request, or another refund of the order is pending.
    const same = await refundByKey(ctx.db, input.idempotencyKey);
    if (!same) throw new AppError('refund_in_progress');
    started = replayOf(same, hash);
  }
  return started.status === 'pending' ? settleRefund(ctx, started.id) : started;
};

const startRefund = async (
  trx: Db,
  ctx: OrdersCtx,
  order: OrderRow,
  input: RefundInput,
  hash: string,
): Promise<RefundRow> => {
  const now = ctx.now();
  await lockMember(trx, order.member_id);
  const again = await refundByKey(trx, input.idempotencyKey);
  if (again) return replayOf(again, hash);
  const current = await trx
    .selectFrom('purchase_order')
    .selectAll()
    .where('id', '=', order.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!isRefundable(current.status)) throw new AppError('order_not_refundable');
  const pending = await trx
    .selectFrom('refund')
    .select('id')
    .where('order_id', '=', order.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw new AppError('refund_in_progress');

  const items = await orderItems(trx, order.id);
  const plan = planRefund(items, await orderUnits(trx, order.id), input.lines);
  const amount = refundMoney(current.total, await refundedAmount(trx, order.id), items, plan);
  const refund = await insertRefund(trx, {
    order_id: order.id,
    member_id: order.member_id,
    amount,
    status: 'pending',
    source: 'staff',
    reason: input.reason,
    staff_id: input.staff?.id ?? null,
    staff_email: input.staff?.email ?? null,
    idempotency_key: input.idempotencyKey,
    request_hash: hash,
    provider_ref: null,
    failure_code: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  });
  await insertRefundItems(
    trx,
    [...plan.take].map(([itemId, ids]) => ({
      refund_id: refund.id,
      order_item_id: itemId,
      quantity: ids.length,
    })),
  );
  const ids = [...plan.take.values()].flat();
  // Under the member's lock a Use cannot slip in (it takes that lock first), so this is a check.
  if ((await voidUnits(trx, ids, refund.id, now)) !== ids.length) throw new AppError('refund_units_used');
  await input.audit?.(trx, {
    action: 'order.refund',
    entityType: 'order',
    entityId: order.id,
    before: { status: current.status },
    // What was asked; the outcome (succeeded, or failed with nothing changed) is on the refund's row.
    after: {
      refundId: refund.id,
      status: 'pending',
      amount,
      lines: [...plan.take].map(([itemId, u]) => ({ itemId, quantity: u.length })),
      whole: plan.everything && current.status === 'SUCCESSFUL',
    },
    reason: input.reason,
  });
  await ctx.queues.refund.send(
    trx,
    { refundId: refund.id },
    // pg-boss schedules by the database's clock, not the app's (a test's clock may stand still).
    { startAfter: new Date(Date.now() + RETRY_AFTER_MS) },
  );
  return refund;
};

/**
 * A charge paid after its order was cancelled or failed (nothing was issued for it): the whole charge
 * goes back. Recorded in `trx` (the transaction applying the charge) and finished by the job, so it
 * happens exactly once per payment whoever reports the charge, however often.
 */
export const startLateChargeRefund = async (
  trx: Db,
  ctx: OrdersCtx,
  order: Pick<OrderRow, 'id' | 'member_id' | 'number'>,
  payment: { id: string; amount: number },
): Promise<void> => {
  const now = ctx.now();
  const key = `late-charge:${payment.id}`;
  const inserted = await trx
    .insertInto('refund')
    .values({
      order_id: order.id,
      member_id: order.member_id,
      amount: payment.amount,
      status: 'pending',
      source: 'late_charge',
      reason: `payment received after order ${order.number} was closed`,
      staff_id: null,
      staff_email: null,
      idempotency_key: key,
      request_hash: key,
      provider_ref: null,
      failure_code: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await ctx.queues.refund.send(trx, { refundId: inserted.id });
};

/**
 * Asks the provider for a pending refund and records its answer. Safe to run again and beside another
 * run: the provider answers one key once, and only one settle finds the refund still pending.
 */
export const settleRefund = async (ctx: OrdersCtx, refundId: string): Promise<RefundRow> => {
  const refund = await refundById(ctx.db, refundId);
  if (!refund) throw new AppError('not_found');
  if (refund.status !== 'pending') return refund;
  let answer: Refund | null = null;
  if (refund.amount > 0) {
    const payment = await paymentOf(ctx.db, refund.order_id);
    if (!payment) return failRefund(ctx, refund, 'payment_not_found');
    try {
      answer = await ctx.payments.refund(payment.provider_ref, refund.amount, refund.id);
    } catch (err) {
      ctx.log.warn(
        { err, refundId },
        'the payment provider did not answer a refund; the refund job asks again',
      );
      return refund;
    }
    if (answer.status === 'failed') return failRefund(ctx, refund, answer.failureCode ?? 'refund_declined');
  }
  const done = await ctx.db.transaction().execute((trx) => completeIn(trx, ctx, refund, answer));
  ctx.queues.refundMail.wake();
  return done;
};

const failRefund = (ctx: OrdersCtx, refund: RefundRow, failureCode: string) =>
  ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, refund.member_id);
    const locked = await lockPendingRefund(trx, refund.id);
    if (!locked) return (await refundById(trx, refund.id)) ?? refund;
    await restoreUnits(trx, refund.id);
    const now = ctx.now();
    const failed = await trx
      .updateTable('refund')
      .set({ status: 'failed', failure_code: failureCode, updated_at: now, completed_at: now })
      .where('id', '=', refund.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditOutcome(trx, failed, now);
    return failed;
  });

/**
 * A refund's outcome, written by the app (the provider's answer, often in the job): the staff
 * member's row says what was asked, this one what came of it; a late charge's refund has only this.
 */
const auditOutcome = (trx: Db, refund: RefundRow, now: Date) =>
  recordAudit(trx, SYSTEM_ACTOR, now, {
    action: `order.refund.${refund.status}`,
    entityType: 'order',
    entityId: refund.order_id,
    before: { refundId: refund.id, status: 'pending' },
    after: {
      refundId: refund.id,
      status: refund.status,
      source: refund.source,
      amount: refund.amount,
      ...(refund.status === 'failed'
        ? { failureCode: refund.failure_code }
        : { pointsReversed: refund.points_reversed, pointsShortfall: refund.points_shortfall }),
    },
    reason: refund.reason,
  });

const completeIn = async (
  trx: Db,
  ctx: OrdersCtx,
  pending: RefundRow,
  answer: Refund | null,
): Promise<RefundRow> => {
  const now = ctx.now();
  await lockMember(trx, pending.member_id);
  const refund = await lockPendingRefund(trx, pending.id);
  if (!refund) return (await refundById(trx, pending.id)) ?? pending;
  const order = await trx
    .selectFrom('purchase_order')
    .selectAll()
    .where('id', '=', refund.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();

  let reversed = 0;
  let shortfall = 0;
  if (refund.source === 'staff') {
    const items = await orderItems(trx, order.id);
    const lines = await refundItemsOf(trx, [refund.id]);
    const quantities = new Map(lines.map((l) => [l.order_item_id, l.quantity]));
    const everything = (await orderUnits(trx, order.id)).every((u) => u.voided_at !== null);
    const earlier = (await refundsOfOrder(trx, order.id)).filter(
      (r) => r.status === 'succeeded' && r.source === 'staff',
    );
    const target = refundPoints(
      order.points_earned,
      earlier.reduce((s, r) => s + r.points_reversed + r.points_shortfall, 0),
      items,
      quantities,
      everything,
    );
    reversed = await reversePoints(trx, {
      memberId: order.member_id,
      reason: `refund of order ${order.number}`,
      now,
      refundId: refund.id,
      refundOfOrderId: order.id,
      points: target,
    });
    shortfall = target - reversed;
    // In the order stock is taken in (by voucher id), as checkout and releases do.
    for (const [voucherId, units] of unitsByVoucher(
      items.flatMap((i) => {
        const q = quantities.get(i.id) ?? 0;
        return q > 0 ? [{ voucherId: i.voucher_id, quantity: q }] : [];
      }),
    ))
      await releaseStock(trx, voucherId, units);
    if (everything) {
      const couponId = await releaseUsedCoupon(trx, order.id, now);
      if (couponId) await returnCouponUse(trx, couponId);
    }
    const to = everything ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    if (order.status !== to && !(await moveOrder(trx, order.id, to, now)))
      throw new Error(`order ${order.id} cannot move from ${order.status} to ${to}`);
  }
  const done = await trx
    .updateTable('refund')
    .set({
      status: 'succeeded',
      provider_ref: answer?.ref ?? null,
      points_reversed: reversed,
      points_shortfall: shortfall,
      updated_at: now,
      completed_at: now,
    })
    .where('id', '=', refund.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await auditOutcome(trx, done, now);
  // With the refund's points recorded above: they no longer count toward the member's tier.
  if (refund.source === 'staff') await lowerTierAfterRefund(trx, order.member_id, now);
  await notify(trx, {
    memberId: order.member_id,
    type: 'order_refunded',
    params: { number: order.number, orderId: order.id, amount: refund.amount },
    dedupeKey: `refund:${refund.id}`,
    now,
  });
  await ctx.queues.refundMail.send(trx, { refundId: refund.id });
  return done;
};

/** The refund job: finishes a refund left pending; throws while the provider still does not answer (retried). */
export const finishRefund = async (ctx: OrdersCtx, refundId: string): Promise<void> => {
  const refund = await settleRefund(ctx, refundId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (refund?.status === 'pending') throw new Error(`refund ${refundId} is still waiting for the provider`);
};
