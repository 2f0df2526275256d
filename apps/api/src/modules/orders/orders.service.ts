import type { Coupon, CouponCheck, Language, Order, PaymentChannel } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { couponsCovering, loadPurchasables, presentCouponRule } from '../catalogue/index.ts';
import {
  couponProblemText,
  createOrder,
  evaluateCoupon,
  memberTier,
  requestHashOf,
  type Contact,
  type Purchase,
} from './checkout.service.ts';
import { issueWhileWaiting } from './fulfilment.ts';
import { isPaidUnissued } from './order-states.ts';
import type { OrdersCtx } from './orders.context.ts';
import { presentOrder } from './orders.presenter.ts';
import { memberCouponUses, memberOrder, orderByKey, type OrderRow } from './orders.repository.ts';
import { cancelOrder, ensureCharge, refreshOrder } from './payment-flow.ts';

/** A provider call: its own refusals pass through; anything else means it could not be reached. */
const viaProvider = async <T>(ctx: OrdersCtx, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.error({ err }, 'payment provider call failed');
    throw new AppError('payment_unavailable', { cause: err });
  }
};

/** The payment methods, or none when the provider cannot say (the screen shows its empty state). */
export const paymentChannels = async (ctx: OrdersCtx, lang: Language): Promise<PaymentChannel[] | null> => {
  try {
    return await ctx.payments.channels(lang);
  } catch (err) {
    ctx.log.error({ err }, 'payment channels could not be read');
    return null;
  }
};

const ownOrder = async (ctx: OrdersCtx, memberId: string, orderId: string): Promise<OrderRow> => {
  const order = await memberOrder(ctx.db, memberId, orderId);
  if (!order) throw new AppError('order_not_found');
  return order;
};

/**
 * Confirm: the order (or, with an Idempotency-Key already used, the order it made) with its charge.
 * When the charge cannot be made now the order stays PENDING and the same Confirm may be retried.
 */
export const placeOrder = async (
  ctx: OrdersCtx,
  memberId: string,
  purchase: Purchase,
  contact: Contact,
  idempotencyKey: string | undefined,
  lang: Language,
): Promise<Order> => {
  // A retried Confirm finds its order without asking the provider anything (it may be what failed).
  const earlier = idempotencyKey ? await orderByKey(ctx.db, memberId, idempotencyKey) : undefined;
  if (earlier && earlier.request_hash !== requestHashOf(purchase, contact))
    throw new AppError('idempotency_key_reused');
  if (earlier) {
    if (earlier.status === 'PENDING') await viaProvider(ctx, () => ensureCharge(ctx, earlier));
    return presentOrder(ctx.db, (await memberOrder(ctx.db, memberId, earlier.id)) ?? earlier, lang);
  }
  let channel: PaymentChannel | undefined;
  if (contact.channelCode) {
    const channels = await viaProvider(ctx, () => ctx.payments.channels(lang));
    channel = channels.find((c) => c.code === contact.channelCode);
    if (!channel) throw new AppError('channel_unavailable');
  }
  const { order } = await createOrder(ctx, memberId, purchase, contact, channel, idempotencyKey, lang);
  if (order.status === 'PENDING') await viaProvider(ctx, () => ensureCharge(ctx, order));
  return presentOrder(ctx.db, (await memberOrder(ctx.db, memberId, order.id)) ?? order, lang);
};

/** Acts on the member's own order through the provider, then answers the order as it now stands. */
const actOnOwnOrder = async (
  ctx: OrdersCtx,
  memberId: string,
  orderId: string,
  lang: Language,
  act: (order: Awaited<ReturnType<typeof ownOrder>>) => Promise<unknown>,
): Promise<Order> => {
  const order = await ownOrder(ctx, memberId, orderId);
  await viaProvider(ctx, () => act(order));
  return presentOrder(ctx.db, await ownOrder(ctx, memberId, orderId), lang);
};

/**
 * The order as it stands: while it waits for payment the provider is asked; once paid and not yet
 * issued (the issuing was cut short, or failed and waits for its retry) it is issued here and now,
 * rather than leaving the member to wait for the issue job behind whatever else is queued.
 */
export const checkOrderStatus = async (ctx: OrdersCtx, memberId: string, orderId: string, lang: Language) => {
  const order = await ownOrder(ctx, memberId, orderId);
  if (!isPaidUnissued(order.status))
    return actOnOwnOrder(ctx, memberId, orderId, lang, (o) => refreshOrder(ctx, o));
  await issueWhileWaiting(ctx, order.id);
  return presentOrder(ctx.db, await ownOrder(ctx, memberId, orderId), lang);
};

export const cancelMemberOrder = (ctx: OrdersCtx, memberId: string, orderId: string, lang: Language) =>
  actOnOwnOrder(ctx, memberId, orderId, lang, (order) => cancelOrder(ctx, order));

/**
 * 'Select discount code': coupons valid now whose scope covers the voucher, without those used up or
 * already used by this member as often as allowed.
 */
export const couponsForVoucher = async (
  ctx: OrdersCtx,
  memberId: string,
  voucherId: string,
  lang: Language,
): Promise<Coupon[]> => {
  const tier = await memberTier(ctx.db, memberId);
  const [voucher] = await loadPurchasables(
    ctx.db,
    [{ voucherId, priceOptionId: null }],
    { lang, tier },
    ctx.now(),
  );
  if (!voucher) throw new AppError('voucher_not_found');
  const rules = await couponsCovering(
    ctx.db,
    { id: voucher.voucherId, merchantId: voucher.merchantId },
    ctx.now(),
  );
  const usable = [];
  for (const rule of rules)
    if (
      rule.perMemberLimit === null ||
      (await memberCouponUses(ctx.db, memberId, rule.id)) < rule.perMemberLimit
    )
      usable.push(presentCouponRule(rule, lang));
  return usable;
};

/** Whether a typed code can be used on this voucher (one unit, or the option and quantity given). */
export const checkCoupon = async (
  ctx: OrdersCtx,
  memberId: string,
  q: {
    voucherId: string;
    couponCode: string;
    priceOptionId?: string | undefined;
    quantity?: number | undefined;
  },
  lang: Language,
): Promise<CouponCheck> => {
  const tier = await memberTier(ctx.db, memberId);
  const now = ctx.now();
  const [voucher] = await loadPurchasables(
    ctx.db,
    [{ voucherId: q.voucherId, priceOptionId: q.priceOptionId ?? null }],
    { lang, tier },
    now,
  );
  if (!voucher) throw new AppError('voucher_not_found');
  const line = {
    voucherId: voucher.voucherId,
    merchantId: voucher.merchantId,
    priceOptionId: voucher.priceOptionId,
    quantity: q.quantity ?? 1,
    unitPrice: voucher.unitPrice,
    unitPoints: voucher.unitPoints,
    rate: voucher.rate,
  };
  const outcome = await evaluateCoupon(ctx.db, memberId, q.couponCode, [line], now);
  const coupon = outcome.rule ? presentCouponRule(outcome.rule, lang) : null;
  if ('problem' in outcome)
    return {
      valid: false,
      problem: outcome.problem,
      message: couponProblemText(lang, outcome.problem, outcome.minSpend),
      coupon,
      discount: 0,
    };
  return { valid: true, problem: null, message: null, coupon, discount: outcome.discount };
};
