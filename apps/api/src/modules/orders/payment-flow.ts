import { AppError } from '../../app-error.ts';
import { localized } from '../catalogue/index.ts';
import { notifyOrder } from '../notifications/index.ts';
import type { Charge, WebhookEvent } from '../payments/index.ts';
import { issueWhileWaiting, releaseIn } from './fulfilment.ts';
import { moveOrder, recordOrderEvent } from './order-states.ts';
import type { OrdersCtx } from './orders.context.ts';
import { startLateChargeRefund } from './refund.service.ts';
import {
  insertPayment,
  orderById,
  paymentByRef,
  paymentOf,
  recordPaymentEvent,
  setPaymentStatus,
  settleCouponUse,
  type Db,
  type OrderRow,
  type PaymentRow,
} from './orders.repository.ts';

/*
 * Between an order and its charge at the provider. A charge's state is only ever learnt from the
 * provider itself (a verified webhook, then the charge retrieved again, or a status check asking it),
 * never from what a client says. Provider calls happen outside transactions; the state change they
 * lead to is one transaction with the order's guarded move.
 */

/** How long one request may hold the right to create an order's charge before another may try. */
const CHARGE_CLAIM_MS = 30_000;
/** A charge is not asked for when less than this is left before the order expires. */
const MIN_CHARGE_LIFE_MS = 60_000;

/** What the member pays for, as the gateway's page shows it: the stores and the order number. */
const chargeDescription = async (ctx: OrdersCtx, order: OrderRow) => {
  const stores = await ctx.db
    .selectFrom('purchase_order_item as i')
    .innerJoin('merchant as m', 'm.id', 'i.merchant_id')
    .select(['m.name_en', 'm.name_th'])
    .where('i.order_id', '=', order.id)
    .groupBy(['m.name_en', 'm.name_th'])
    .execute();
  const names = stores.map((m) => localized(order.language, m.name_en, m.name_th));
  return `${names.join(', ')} · ${order.number}`;
};

/**
 * The order's charge, asking the provider for one when there is none yet. Of concurrent callers (a
 * Confirm tapped twice, a status check) only the one holding the claim asks; the others wait briefly
 * for its result. The order id is the gateway's idempotency key, so a second ask (a claim that ran
 * out, a crash after asking) gets the same charge, not a second payable one. Null when the order no
 * longer waits for payment or no charge can be made (now).
 */
export const ensureCharge = async (ctx: OrdersCtx, order: OrderRow): Promise<PaymentRow | null> => {
  const existing = await paymentOf(ctx.db, order.id);
  if (existing || order.status !== 'PENDING' || order.total === 0 || !order.channel_code)
    return existing ?? null;
  const now = ctx.now();
  const expiresAt =
    order.payment_expires_at ?? new Date(now.getTime() + ctx.config.paymentExpiryMinutes * 60_000);
  if (expiresAt.getTime() - now.getTime() < MIN_CHARGE_LIFE_MS) return null;
  const claimed = await ctx.db
    .updateTable('purchase_order')
    .set({ charge_claimed_at: now })
    .where('id', '=', order.id)
    .where('status', '=', 'PENDING')
    .where((eb) =>
      eb.or([
        eb('charge_claimed_at', 'is', null),
        eb('charge_claimed_at', '<', new Date(now.getTime() - CHARGE_CLAIM_MS)),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return waitForCharge(ctx, order.id);

  const charge = await ctx.payments.createCharge({
    amount: order.total,
    channelCode: order.channel_code,
    description: await chargeDescription(ctx, order),
    metadata: { orderId: order.id, orderNumber: order.number },
    expiresAt,
    returnUri: `/checkout/orders/${order.id}`,
    idempotencyKey: order.id,
  });
  // Recorded under the order's row lock: a cancel or expiry either ran before (and this charge is
  // cancelled below) or runs after and finds it (closeUnpaid).
  const stillPending = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('purchase_order')
      .select('status')
      .where('id', '=', order.id)
      .forUpdate()
      .executeTakeFirst();
    const at = ctx.now();
    await insertPayment(trx, {
      order_id: order.id,
      provider: ctx.payments.name,
      channel_code: charge.channelCode,
      channel_type: charge.type,
      provider_ref: charge.ref,
      amount: charge.amount,
      status: charge.status,
      qr_payload: charge.qrPayload,
      authorize_uri: charge.authorizeUri,
      expires_at: charge.expiresAt,
      created_at: at,
      updated_at: at,
    });
    await recordOrderEvent(trx, order.id, at, {
      kind: 'payment',
      to: charge.status,
      detail: { chargeRef: charge.ref, channel: charge.channelCode },
    });
    return current?.status === 'PENDING';
  });
  const payment = await paymentOf(ctx.db, order.id);
  // Another charge was recorded first (the same charge when the gateway honoured the key): a different one must not stay payable.
  if (payment && payment.provider_ref !== charge.ref) await ctx.payments.cancelCharge(charge.ref);
  if (!stillPending && payment) {
    const cancelled = await ctx.payments.cancelCharge(payment.provider_ref);
    if (cancelled.status === 'successful') await applyCharge(ctx, payment, cancelled);
    else
      await ctx.db.transaction().execute(async (trx) => {
        await setPaymentStatus(trx, payment.id, cancelled.status, ctx.now());
        await recordOrderEvent(trx, order.id, ctx.now(), {
          kind: 'payment',
          from: payment.status,
          to: cancelled.status,
          detail: { chargeRef: payment.provider_ref },
        });
      });
  }
  return payment ?? null;
};

const waitForCharge = async (ctx: OrdersCtx, orderId: string): Promise<PaymentRow | null> => {
  for (let i = 0; i < 50; i++) {
    const p = await paymentOf(ctx.db, orderId);
    if (p) return p;
    if ((await orderById(ctx.db, orderId))?.status !== 'PENDING') return null;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
};

/**
 * Applies what the provider says of a charge to its order, in `trx`: successful → IN_PROGRESS and the
 * vouchers queued for issuing; failed → FAILED; expired or cancelled → CANCELLED; the last two give back
 * stock and coupon use. Each move is guarded, so a late or repeated report changes nothing.
 */
export const applyChargeIn = async (
  trx: Db,
  ctx: OrdersCtx,
  payment: PaymentRow,
  charge: Charge,
): Promise<'paid' | 'refund' | null> => {
  const now = ctx.now();
  if (charge.ref !== payment.provider_ref || charge.amount !== payment.amount) {
    ctx.log.error(
      { paymentId: payment.id, chargeRef: charge.ref },
      'a charge does not match its payment: ignored',
    );
    return null;
  }
  const orderId = payment.order_id;
  if (payment.status !== charge.status) {
    await setPaymentStatus(trx, payment.id, charge.status, now);
    await recordOrderEvent(trx, orderId, now, {
      kind: 'payment',
      from: payment.status,
      to: charge.status,
      detail: { chargeRef: charge.ref },
    });
  }
  if (charge.status === 'successful') {
    if (await moveOrder(trx, orderId, 'IN_PROGRESS', now, { paid_at: now })) {
      await settleCouponUse(trx, orderId, 'used', now);
      await ctx.queues.issue.send(trx, { orderId });
      return 'paid';
    } else {
      const order = await orderById(trx, orderId);
      if (order && (order.status === 'CANCELLED' || order.status === 'FAILED')) {
        // Cancelling asks the provider to cancel the charge first, so this needs a charge paid in
        // the gap: nothing was issued for it, so all of it goes back (once per payment).
        ctx.log.warn(
          { orderId, chargeRef: charge.ref },
          'a charge succeeded for an order already closed: refunding it',
        );
        await startLateChargeRefund(trx, ctx, order, payment);
        return 'refund';
      }
    }
  } else if (charge.status === 'failed') {
    if (await moveOrder(trx, orderId, 'FAILED', now)) {
      await releaseIn(trx, orderId, now);
      await notifyOrder(trx, orderId, 'order_failed', now);
    }
  } else if (charge.status === 'expired' || charge.status === 'cancelled') {
    if (await moveOrder(trx, orderId, 'CANCELLED', now)) {
      await releaseIn(trx, orderId, now);
      await notifyOrder(trx, orderId, charge.status === 'expired' ? 'order_expired' : 'order_cancelled', now);
    }
  }
  return null;
};

/**
 * Once paid, the vouchers are issued at once so the member sees them on the next status check; the
 * job queued with the payment is the durable way and does nothing when this got there first. A
 * failure here is left to that job.
 */
const issueNow = async (ctx: OrdersCtx, orderId: string) => {
  ctx.faults.afterPaymentCommitted?.(orderId);
  await issueWhileWaiting(ctx, orderId);
};

const applyCharge = async (ctx: OrdersCtx, payment: PaymentRow, charge: Charge) => {
  const outcome = await ctx.db.transaction().execute((trx) => applyChargeIn(trx, ctx, payment, charge));
  await afterApplied(ctx, payment, outcome);
};

/** After the charge's transaction committed: issue a paid order now, or let the refund job start. */
const afterApplied = async (ctx: OrdersCtx, payment: PaymentRow, outcome: 'paid' | 'refund' | null) => {
  if (outcome === 'paid') await issueNow(ctx, payment.order_id);
  else if (outcome === 'refund') ctx.queues.refund.wake();
};

/**
 * A verified webhook: the charge is retrieved again from the provider (the event only says which
 * charge changed), and the event id is recorded in the same transaction as its effect — the same
 * event delivered twice has no second effect.
 */
export const handleChargeEvent = async (ctx: OrdersCtx, event: WebhookEvent): Promise<void> => {
  const payment = await paymentByRef(ctx.db, ctx.payments.name, event.chargeRef);
  if (!payment) {
    // Perhaps its payment row is not committed yet: a 404 makes the gateway deliver it again later.
    ctx.log.warn({ chargeRef: event.chargeRef }, 'webhook for a charge no order knows (yet)');
    throw new AppError('payment_not_found');
  }
  const charge = await ctx.payments.retrieveCharge(event.chargeRef);
  // Nothing to apply yet; the event is not recorded, so a later delivery of it still counts.
  if (charge.status === 'pending') return;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, ctx.payments.name, event.id, ctx.now()))) return null;
    await recordOrderEvent(trx, payment.order_id, ctx.now(), {
      kind: 'webhook',
      to: charge.status,
      detail: { eventId: event.id, chargeRef: event.chargeRef },
    });
    return applyChargeIn(trx, ctx, payment, charge);
  });
  await afterApplied(ctx, payment, outcome);
};

/**
 * The member asks how the order stands. While it waits for payment, the provider is asked (a webhook
 * may be late or lost), and an order past its payment's expiry is closed now rather than at the next
 * sweep.
 */
export const refreshOrder = async (ctx: OrdersCtx, order: OrderRow): Promise<void> => {
  if (order.status !== 'PENDING') return;
  if (order.payment_expires_at && order.payment_expires_at.getTime() <= ctx.now().getTime()) {
    await expireOrder(ctx, order.id);
    return;
  }
  const payment = await ensureCharge(ctx, order);
  if (!payment) return;
  const charge = await ctx.payments.retrieveCharge(payment.provider_ref);
  if (charge.status !== 'pending') await applyCharge(ctx, payment, charge);
};

/**
 * Closes an unpaid order: the charge is cancelled at the provider first, so it cannot be paid after
 * the order gave its stock back. If the provider says it was paid meanwhile, it is applied as paid.
 * Returns whether the order was closed as `to`.
 */
const closeUnpaid = async (
  ctx: OrdersCtx,
  orderId: string,
  to: 'CANCELLED',
  paymentStatus: 'cancelled' | 'expired',
): Promise<boolean> => {
  // A charge recorded after we looked (ensureCharge records under the order's row lock) sends us
  // round again, cancelling it first; it cannot happen twice for one order (one payment per order).
  for (let attempt = 0; attempt < 3; attempt++) {
    const payment = await paymentOf(ctx.db, orderId);
    if (payment) {
      const charge = await ctx.payments.cancelCharge(payment.provider_ref);
      if (charge.status === 'successful' || charge.status === 'failed') {
        await applyCharge(ctx, payment, charge);
        return false;
      }
    }
    const outcome = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const now = ctx.now();
        if (!(await moveOrder(trx, orderId, to, now))) return 'not-moved' as const;
        const recorded = await paymentOf(trx, orderId);
        if (recorded && recorded.id !== payment?.id) throw new ChargeAppeared();
        if (payment) {
          await setPaymentStatus(trx, payment.id, paymentStatus, now);
          await recordOrderEvent(trx, orderId, now, {
            kind: 'payment',
            from: payment.status,
            to: paymentStatus,
            detail: { chargeRef: payment.provider_ref },
          });
        }
        await releaseIn(trx, orderId, now);
        await notifyOrder(
          trx,
          orderId,
          paymentStatus === 'expired' ? 'order_expired' : 'order_cancelled',
          now,
        );
        return 'closed' as const;
      })
      .catch((err: unknown) => {
        if (err instanceof ChargeAppeared) return 'again' as const;
        throw err;
      });
    if (outcome !== 'again') return outcome === 'closed';
  }
  return false;
};

/** Rolls back a close that found a charge recorded after it looked. */
class ChargeAppeared extends Error {}

/** The member cancels an unpaid order (an order already cancelled stays as it is). */
export const cancelOrder = async (ctx: OrdersCtx, order: OrderRow): Promise<void> => {
  if (order.status === 'CANCELLED') return;
  if (order.status !== 'PENDING') throw new AppError('order_not_cancellable');
  if (!(await closeUnpaid(ctx, order.id, 'CANCELLED', 'cancelled'))) {
    const now = await orderById(ctx.db, order.id);
    if (now?.status !== 'CANCELLED') throw new AppError('order_not_cancellable');
  }
};

/** The expiry job and the sweeper: cancels an unpaid order once its payment has expired. */
export const expireOrder = async (ctx: OrdersCtx, orderId: string): Promise<void> => {
  const order = await orderById(ctx.db, orderId);
  if (!order || order.status !== 'PENDING' || !order.payment_expires_at) return;
  if (order.payment_expires_at.getTime() > ctx.now().getTime()) return;
  await closeUnpaid(ctx, orderId, 'CANCELLED', 'expired');
};
