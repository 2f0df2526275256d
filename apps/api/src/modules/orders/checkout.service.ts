import { createHash, randomInt } from 'node:crypto';
import {
  type CartLineProblem,
  type CouponProblem,
  type ErrorCode,
  type Language,
  type PaymentChannel,
  type Quote,
  type Tier,
} from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { t } from '../../i18n/messages.ts';
import { cartLinesFor } from '../cart/index.ts';
import {
  couponByCode,
  couponCovers,
  loadPurchasables,
  reserveStock,
  takeCouponUse,
  type CouponRule,
  type Purchasable,
} from '../catalogue/index.ts';
import { fulfilIn } from './fulfilment.ts';
import type { OrdersCtx } from './orders.context.ts';
import {
  insertCouponUse,
  insertOrder,
  insertOrderItems,
  lockOrderMember,
  memberCouponUses,
  openOrderCount,
  orderByKey,
  unitsHeldByMember,
  type Db,
  type OrderRow,
} from './orders.repository.ts';
import {
  discountShares,
  judgeCoupon,
  linePoints,
  totalsOf,
  unitsByVoucher,
  type PricedLine,
} from './pricing.ts';

/** Buy Now: one voucher, option and quantity; or the chosen lines of the member's cart. */
export type Purchase =
  | { kind: 'single'; voucherId: string; priceOptionId: string | null; quantity: number }
  | { kind: 'cart'; cartItemIds: string[] };

export interface ResolvedLine extends PricedLine {
  item: Purchasable;
  cartItemId: string | null;
}

/** Why Buy Now cannot buy this voucher, as the error a member reads. */
const SINGLE_PROBLEM_ERROR: Record<CartLineProblem, ErrorCode> = {
  sold_out: 'out_of_stock',
  not_started: 'sale_not_started',
  ended: 'sale_ended',
  tier_locked: 'tier_locked',
  privilege_only: 'privilege_only',
  option_removed: 'price_option_not_found',
  not_enough_stock: 'quantity_limit',
};

const minSpendText = (lang: Language, minSpend: number) =>
  t(lang, 'errors.coupon_min_spend', { minSpend: `฿${new Intl.NumberFormat('en-US').format(minSpend)}` });

/** The text of a coupon problem in `lang`. */
export const couponProblemText = (lang: Language, problem: CouponProblem, minSpend?: number) =>
  problem === 'coupon_min_spend' && minSpend !== undefined
    ? minSpendText(lang, minSpend)
    : t(lang, `errors.${problem}`);

/**
 * The lines being bought, priced from the catalogue now; any line that cannot be bought is an error
 * (for a cart line: cart_item_unavailable, the cart screen says which and why).
 */
export const resolveLines = async (
  db: Db,
  memberId: string,
  purchase: Purchase,
  viewer: { lang: Language; tier: Tier },
  now: Date,
): Promise<ResolvedLine[]> => {
  let wanted: {
    voucherId: string;
    priceOptionId: string | null;
    quantity: number;
    cartItemId: string | null;
  }[];
  if (purchase.kind === 'single') {
    wanted = [{ ...purchase, cartItemId: null }];
  } else {
    const ids = [...new Set(purchase.cartItemIds.map((id) => id.toLowerCase()))];
    const lines = await cartLinesFor(db, memberId, ids);
    if (lines.length !== ids.length) throw new AppError('cart_item_not_found');
    wanted = lines.map((l) => ({ ...l, cartItemId: l.id }));
  }
  const items = await loadPurchasables(db, wanted, viewer, now);
  return wanted.map((w, i) => {
    const item = items[i];
    if (!item) throw new AppError(purchase.kind === 'single' ? 'voucher_not_found' : 'cart_item_unavailable');
    if (item.problem) {
      if (purchase.kind === 'cart') throw new AppError('cart_item_unavailable');
      throw new AppError(
        item.problem === 'option_removed' && w.priceOptionId === null
          ? 'price_option_required'
          : SINGLE_PROBLEM_ERROR[item.problem],
      );
    }
    if (item.remaining !== null && w.quantity > item.remaining)
      throw new AppError(purchase.kind === 'cart' ? 'cart_item_unavailable' : 'quantity_limit');
    return {
      voucherId: item.voucherId,
      merchantId: item.merchantId,
      priceOptionId: item.priceOptionId,
      quantity: w.quantity,
      unitPrice: item.unitPrice,
      unitPoints: item.unitPoints,
      rate: item.rate,
      item,
      cartItemId: w.cartItemId,
    };
  });
};

type CouponOutcome =
  | { rule: CouponRule; discount: number }
  | { rule: CouponRule | undefined; problem: CouponProblem; minSpend?: number };

export const evaluateCoupon = async (
  db: Db,
  memberId: string,
  code: string,
  lines: readonly PricedLine[],
  now: Date,
): Promise<CouponOutcome> => {
  const rule = await couponByCode(db, code);
  if (!rule) return { rule, problem: 'coupon_not_found' };
  const verdict = judgeCoupon(rule, lines, await memberCouponUses(db, memberId, rule.id), now, couponCovers);
  return verdict.ok ? { rule, discount: verdict.discount } : { rule, ...verdict };
};

/**
 * What each line earns: the earn rule on what is actually paid for it, once the coupon's discount is
 * spread over the lines it covers (discountShares). The quote and the order both use this, so the
 * points the checkout shows are the points the ledger gets.
 */
const pointsOfLines = (
  lines: readonly PricedLine[],
  coupon: { rule: CouponRule; discount: number } | null,
): number[] =>
  linePoints(
    lines,
    discountShares(
      lines,
      lines.map((l) => (coupon ? couponCovers(coupon.rule, l.voucherId, l.merchantId) : false)),
      coupon?.discount ?? 0,
    ),
  );

/**
 * A voucher's limits per member: units of it in this purchase against its limit per order, and with
 * the units the member already holds (orders not failed or cancelled) against its limit per member.
 * In an order this runs after the member's row is locked, so two of their checkouts cannot both pass.
 */
const checkMemberLimits = async (
  db: Db,
  memberId: string,
  lines: readonly ResolvedLine[],
  lang: Language,
): Promise<void> => {
  for (const [voucherId, units] of unitsByVoucher(lines)) {
    const item = lines.find((l) => l.voucherId === voucherId)?.item;
    if (!item) continue;
    if (item.limitPerOrder !== null && units > item.limitPerOrder)
      throw new AppError('purchase_limit_reached', {
        message: t(lang, 'errors.purchaseLimit.perOrder', { count: item.limitPerOrder, title: item.title }),
      });
    if (item.limitPerMember !== null) {
      const held = await unitsHeldByMember(db, memberId, voucherId);
      const left = Math.max(0, item.limitPerMember - held);
      if (units > left)
        throw new AppError('purchase_limit_reached', {
          message: t(
            lang,
            left > 0 ? 'errors.purchaseLimit.perMember' : 'errors.purchaseLimit.perMemberReached',
            {
              count: item.limitPerMember,
              title: item.title,
              left,
            },
          ),
        });
    }
  }
};

const presentLines = (lines: readonly ResolvedLine[], points: readonly number[]) =>
  lines.map((l, i) => ({
    voucherId: l.voucherId,
    title: l.item.title,
    imageUrl: l.item.imageUrl,
    merchant: l.item.merchant,
    priceOptionId: l.priceOptionId,
    priceOptionLabel: l.item.optionLabel,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineTotal: l.unitPrice * l.quantity,
    pointsEarned: points[i] ?? 0,
    cartItemId: l.cartItemId,
  }));

/** The summary for exactly these lines, this coupon and this member; nothing is written. */
export const quote = async (
  ctx: OrdersCtx,
  memberId: string,
  purchase: Purchase,
  couponCode: string | undefined,
  lang: Language,
): Promise<Quote> => {
  const now = ctx.now();
  const tier = await memberTier(ctx.db, memberId);
  const lines = await resolveLines(ctx.db, memberId, purchase, { lang, tier }, now);
  await checkMemberLimits(ctx.db, memberId, lines, lang);
  const totals = totalsOf(lines);
  const coupon = couponCode ? await evaluateCoupon(ctx.db, memberId, couponCode, lines, now) : null;
  const discount = coupon && 'discount' in coupon ? coupon.discount : 0;
  const points = pointsOfLines(lines, coupon && 'discount' in coupon ? coupon : null);
  return {
    checkoutType: purchase.kind === 'single' ? 'single' : 'multiple',
    items: presentLines(lines, points),
    ...totals,
    pointsEarned: points.reduce((a, b) => a + b, 0),
    discount,
    total: totals.subtotal - discount,
    coupon:
      coupon && 'discount' in coupon
        ? { id: coupon.rule.id, code: coupon.rule.code, title: titleOf(coupon.rule, lang), discount }
        : null,
    couponProblem: coupon && 'problem' in coupon ? coupon.problem : null,
    couponMessage:
      coupon && 'problem' in coupon ? couponProblemText(lang, coupon.problem, coupon.minSpend) : null,
  };
};

const titleOf = (rule: CouponRule, lang: Language) =>
  (lang === 'th' ? rule.row.title_th || rule.row.title_en : rule.row.title_en || rule.row.title_th) ??
  rule.code;

/** The member's tier, unlocked: the quote writes nothing. */
export const memberTier = async (db: Db, memberId: string): Promise<Tier> => {
  const m = await db.selectFrom('member').select(['tier']).where('id', '=', memberId).executeTakeFirst();
  if (!m) throw new AppError('unauthorized');
  return m.tier;
};

/** Order numbers: 10 characters that read unambiguously (no 0/O, 1/I/L), about 50 bits. */
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newOrderNumber = () => {
  let n = '';
  for (let i = 0; i < 10; i++) n += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return n;
};

export interface Contact {
  phone: string;
  email: string;
  channelCode: string | undefined;
  couponCode: string | undefined;
}

/** What identifies a Confirm: a retried one with the same key must carry the same purchase (in any order). */
export const requestHashOf = (purchase: Purchase, contact: Contact) => {
  const what =
    purchase.kind === 'cart'
      ? { ...purchase, cartItemIds: [...new Set(purchase.cartItemIds.map((id) => id.toLowerCase()))].sort() }
      : {
          ...purchase,
          voucherId: purchase.voucherId.toLowerCase(),
          priceOptionId: purchase.priceOptionId?.toLowerCase() ?? null,
        };
  return createHash('sha256')
    .update(JSON.stringify({ purchase: what, contact }))
    .digest('base64url');
};

/**
 * Unpaid orders one member may hold at once: each holds stock for 15 minutes, so without a bound one
 * script could keep scarce vouchers off sale without ever paying.
 */
export const MAX_OPEN_ORDERS = 5;

/**
 * Creates the order in PENDING in one transaction: prices from the catalogue, coupon checked and one
 * use taken, stock taken with conditional updates (a line that cannot get its units rolls the whole
 * order back). A total of 0 is issued in the same transaction. Returns the order row; the caller asks
 * the provider for a charge after commit (never a network call inside the transaction).
 *
 * The member's row is locked first: a Confirm retried with the same Idempotency-Key waits for the
 * first and then returns its order.
 */
export const createOrder = async (
  ctx: OrdersCtx,
  memberId: string,
  purchase: Purchase,
  contact: Contact,
  channel: PaymentChannel | undefined,
  idempotencyKey: string | undefined,
  lang: Language,
): Promise<{ order: OrderRow; created: boolean }> => {
  const requestHash = requestHashOf(purchase, contact);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const member = await lockOrderMember(trx, memberId);
    if (!member) throw new AppError('unauthorized');
    if (idempotencyKey) {
      const existing = await orderByKey(trx, memberId, idempotencyKey);
      if (existing) {
        if (existing.request_hash !== requestHash) throw new AppError('idempotency_key_reused');
        return { order: existing, created: false };
      }
    }

    if ((await openOrderCount(trx, memberId)) >= MAX_OPEN_ORDERS) throw new AppError('too_many_open_orders');
    const lines = await resolveLines(trx, memberId, purchase, { lang, tier: member.tier }, now);
    await checkMemberLimits(trx, memberId, lines, lang);
    const totals = totalsOf(lines);
    let coupon: { rule: CouponRule; discount: number } | null = null;
    if (contact.couponCode) {
      const outcome = await evaluateCoupon(trx, memberId, contact.couponCode, lines, now);
      if ('problem' in outcome)
        throw new AppError(outcome.problem, {
          message: couponProblemText(lang, outcome.problem, outcome.minSpend),
        });
      coupon = outcome;
    }
    const discount = coupon?.discount ?? 0;
    const total = totals.subtotal - discount;
    const points = pointsOfLines(lines, coupon);
    if (total > 0 && !channel)
      throw new AppError(contact.channelCode ? 'channel_unavailable' : 'channel_required');

    // Units per voucher, taken in one fixed order (by id): two checkouts holding the same vouchers in
    // opposite orders would otherwise each lock one row and wait for the other's (a deadlock).
    for (const [voucherId, units] of unitsByVoucher(lines))
      if (!(await reserveStock(trx, voucherId, units)))
        throw new AppError(purchase.kind === 'cart' ? 'cart_item_unavailable' : 'out_of_stock');
    if (coupon && !(await takeCouponUse(trx, coupon.rule.id))) throw new AppError('coupon_used_up');

    const order = await insertOrder(trx, {
      member_id: memberId,
      number: newOrderNumber(),
      status: 'PENDING',
      checkout_type: purchase.kind === 'single' ? 'single' : 'multiple',
      subtotal: totals.subtotal,
      discount,
      total,
      points_earned: points.reduce((a, b) => a + b, 0),
      coupon_id: coupon?.rule.id ?? null,
      channel_code: total > 0 ? (channel?.code ?? null) : null,
      phone: contact.phone,
      email: contact.email,
      language: lang,
      idempotency_key: idempotencyKey ?? null,
      request_hash: requestHash,
      payment_expires_at:
        total > 0 ? new Date(now.getTime() + ctx.config.paymentExpiryMinutes * 60_000) : null,
      charge_claimed_at: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
      completed_at: null,
      receipt_sent_at: null,
    });
    await insertOrderItems(
      trx,
      lines.map((l, position) => ({
        order_id: order.id,
        voucher_id: l.voucherId,
        price_option_id: l.priceOptionId,
        merchant_id: l.merchantId,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        unit_points: l.unitPoints,
        points: points[position] ?? 0,
        cart_item_id: l.cartItemId,
        position,
      })),
    );
    if (coupon)
      await insertCouponUse(trx, { order_id: order.id, coupon_id: coupon.rule.id, member_id: memberId, now });

    if (total === 0) {
      // Nothing to pay: paid and issued at once, in this transaction.
      await fulfilIn(trx, ctx, order, { paidNow: true });
    } else if (order.payment_expires_at) {
      // The sweeper would also find it; this one runs on time.
      await ctx.queues.expire.send(
        trx,
        { orderId: order.id },
        { startAfter: new Date(order.payment_expires_at.getTime() + 2000) },
      );
    }
    const after = await trx
      .selectFrom('purchase_order')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return { order: after, created: true };
  });
};
