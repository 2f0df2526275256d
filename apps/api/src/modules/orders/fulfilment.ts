import type { Language } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { takeFromCartLines } from '../cart/index.ts';
import { loadPurchasables, releaseStock, returnCouponUse } from '../catalogue/index.ts';
import { notifyOrder } from '../notifications/index.ts';
import { earnForOrder } from '../points/index.ts';
import { issueWalletVouchers } from '../wallet/index.ts';
import { unitsByVoucher } from './pricing.ts';
import { isPaidUnissued, moveOrder } from './order-states.ts';
import type { OrdersCtx } from './orders.context.ts';
import { lockOrderMember, orderItems, settleCouponUse, type Db, type OrderRow } from './orders.repository.ts';

/*
 * What happens to a paid order (vouchers into the wallet, points, cart lines removed) and to one that
 * will never be paid (stock and coupon use given back). Each runs inside the caller's transaction
 * together with the order's state change, so either all of it happened or none.
 */

/**
 * Issues a paid order: one wallet voucher per unit, the points it promised, its lines out of the cart,
 * SUCCESSFUL, and the receipt queued. `paidNow` moves it from PENDING first (a total of 0). Does
 * nothing for an order not waiting to be issued, so a retried job cannot issue twice.
 *
 * Locks the member's row before anything else, as checkout and every points write do. The wallet and
 * notification rows it inserts take a key-share lock on that row (their foreign key); taking them
 * first and the row lock later (the points earn) deadlocked two of one member's orders issued at once
 * on PostgreSQL: each held a share the other's row lock waited for.
 */
export const fulfilIn = async (
  trx: Db,
  ctx: OrdersCtx,
  order: Pick<OrderRow, 'id' | 'member_id' | 'number' | 'points_earned' | 'language'>,
  options: { paidNow?: boolean } = {},
): Promise<boolean> => {
  const now = ctx.now();
  const member = await lockOrderMember(trx, order.member_id);
  if (options.paidNow) {
    if (!(await moveOrder(trx, order.id, 'IN_PROGRESS', now, { paid_at: now }))) return false;
    await settleCouponUse(trx, order.id, 'used', now);
  }
  const current = await trx
    .selectFrom('purchase_order')
    .select(['status'])
    .where('id', '=', order.id)
    .forUpdate()
    .executeTakeFirst();
  if (!current || !isPaidUnissued(current.status)) return false;

  const items = await orderItems(trx, order.id);
  // Validity and uses per code come from the catalogue as it is now; the sale's own state does not matter any more.
  const catalogue = await loadPurchasables(
    trx,
    items.map((i) => ({ voucherId: i.voucher_id, priceOptionId: i.price_option_id })),
    { lang: order.language as Language, tier: member?.tier ?? 'member' },
    now,
  );
  await issueWalletVouchers(trx, {
    memberId: order.member_id,
    orderId: order.id,
    now,
    lines: items.map((i, n) => {
      const c = catalogue[n];
      if (!c)
        throw new AppError('voucher_not_found', {
          message: `voucher ${i.voucher_id} of order ${order.id} is gone`,
        });
      return {
        orderItemId: i.id,
        voucherId: i.voucher_id,
        priceOptionId: i.price_option_id,
        quantity: i.quantity,
        validDays: c.validDays,
        usageLimit: c.usageLimit,
      };
    }),
  });
  await earnForOrder(trx, {
    memberId: order.member_id,
    orderId: order.id,
    orderNumber: order.number,
    points: order.points_earned,
    now,
  });
  const cartLines = items.flatMap((i) =>
    i.cart_item_id ? [{ id: i.cart_item_id, quantity: i.quantity }] : [],
  );
  if (cartLines.length) await takeFromCartLines(trx, order.member_id, cartLines, now);
  await moveOrder(trx, order.id, 'SUCCESSFUL', now, { completed_at: now });
  await notifyOrder(trx, order.id, 'order_successful', now);
  await ctx.queues.receipt.send(trx, { orderId: order.id });
  return true;
};

/** Gives back what an order that will never be paid was holding: its units of stock and its coupon use. */
export const releaseIn = async (trx: Db, orderId: string, now: Date): Promise<void> => {
  // In the order stock is taken in (by voucher id), so a release and a checkout never wait on each other.
  const items = await orderItems(trx, orderId);
  for (const [voucherId, units] of unitsByVoucher(
    items.map((i) => ({ voucherId: i.voucher_id, quantity: i.quantity })),
  ))
    await releaseStock(trx, voucherId, units);
  const couponId = await settleCouponUse(trx, orderId, 'released', now);
  if (couponId) await returnCouponUse(trx, couponId);
};

/**
 * The issue job: issues a paid order. When issuing fails the order is marked ERROR and the job is
 * retried (the sweeper sends it again should the retries run out), so a paid order is never lost.
 */
export const issueOrder = async (ctx: OrdersCtx, orderId: string): Promise<void> => {
  try {
    const issued = await ctx.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('purchase_order')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirst();
      return order ? fulfilIn(trx, ctx, order) : false;
    });
    // The receipt was queued in that transaction: now that it committed, a mail worker may take it.
    if (issued) ctx.queues.receipt.wake();
  } catch (err) {
    await ctx.db
      .transaction()
      .execute((trx) => moveOrder(trx, orderId, 'ERROR', ctx.now()))
      .catch(() => undefined);
    throw err;
  }
};

/**
 * Issues a paid order now, for someone waiting on it (the payment's request, a status check); a
 * failure is left to the issue job, which retries. Safe beside that job: both take the member's and
 * the order's locks, and the second finds the order issued.
 */
export const issueWhileWaiting = async (ctx: OrdersCtx, orderId: string): Promise<void> => {
  try {
    await issueOrder(ctx, orderId);
  } catch (err) {
    ctx.log.warn({ err, orderId }, 'issuing an order failed here; the issue job retries it');
  }
};
