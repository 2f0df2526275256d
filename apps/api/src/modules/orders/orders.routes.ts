import {
  CouponCheckQuerySchema,
  CouponCheckResponseSchema,
  CouponOptionsBodySchema,
  CouponOptionsResponseSchema,
  CreateCartOrderBodySchema,
  CreateOrderBodySchema,
  ErrorEnvelopeSchema,
  IdempotencyHeadersSchema,
  OrderRefBodySchema,
  OrderResponseSchema,
  PaymentChannelsResponseSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  VoucherCouponsResponseSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { ModuleOptions } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { t } from '../../i18n/messages.ts';
import { langOf } from '../../i18n/request-language.ts';
import type { Purchase } from './checkout.service.ts';
import type { OrdersRuntime } from './orders.runtime.ts';
import {
  cancelMemberOrder,
  checkCoupon,
  checkOrderStatus,
  couponsForVoucher,
  paymentChannels,
  placeOrder,
} from './orders.service.ts';
import { quote } from './checkout.service.ts';
import { couponOptions } from './coupon-options.ts';
import { refusals } from '../refusals.ts';

export type OrdersModuleOptions = ModuleOptions & { orders: OrdersRuntime };

const ERRORS = refusals(400, 401, 403, 404, 409, 422, 503);

/**
 * What both ways of placing an order (Buy Now and cart) declare alike: a member, an optional
 * idempotency key, the order or 429 past the member's order rate.
 */
const PLACE_ORDER_SCHEMA = {
  tags: ['orders'],
  security: MEMBER_SECURITY,
  headers: IdempotencyHeadersSchema,
  response: { 200: OrderResponseSchema, 429: ErrorEnvelopeSchema, ...ERRORS },
};

/**
 * What a body buys: either the member's chosen cart lines (at the cart's quantities) or one voucher,
 * option and quantity (Buy Now). The quote, the coupon options and both order routes read it so.
 */
const purchaseOf = (
  body:
    | { cartItemIds: string[] }
    | { voucherId: string; priceOptionId?: string | null | undefined; quantity: number },
): Purchase =>
  'cartItemIds' in body
    ? { kind: 'cart', cartItemIds: body.cartItemIds }
    : {
        kind: 'single',
        voucherId: body.voucherId,
        priceOptionId: body.priceOptionId ?? null,
        quantity: body.quantity,
      };

/**
 * Checkout (quote, coupons, payment methods, orders) for prefix '/bff'. Every route needs a member;
 * every amount is computed here from the catalogue, whatever a client sends.
 */
export const ordersModule: FastifyPluginAsyncZod<OrdersModuleOptions> = async (
  app,
  { orders, deps, limiter },
) => {
  const ordersPerMember = limiter({
    name: 'orders-member',
    max: deps.config.orderLimitPerMember,
    key: (req) => req.member.memberId,
  });
  // A coupon code is a secret worth guessing: each member may try only so many per window, whether
  // through the check or through a quote that carries a code.
  const couponTriesPerMember = limiter({
    name: 'coupon-check-member',
    max: deps.config.couponCheckLimitPerMember,
    key: (req) => req.member.memberId,
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/orders/quote',
    {
      schema: {
        tags: ['orders'],
        summary: 'The summary for these items, this coupon and this member (nothing is written)',
        description:
          'Body: Buy Now `{ voucherId, priceOptionId?, quantity, couponCode? }` or cart `{ cartItemIds, couponCode? }`. ' +
          'A coupon that cannot be used is reported in couponProblem/couponMessage and left out of the totals.',
        security: MEMBER_SECURITY,
        body: QuoteBodySchema,
        response: { 200: QuoteResponseSchema, 429: ErrorEnvelopeSchema, ...ERRORS },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.couponCode) await couponTriesPerMember(req);
      return ok(
        await quote(orders.ctxOf(req), req.member.memberId, purchaseOf(b), b.couponCode, langOf(req)),
      );
    },
  );

  app.get(
    '/orders/channel-codes',
    {
      schema: {
        tags: ['orders'],
        summary: 'Payment methods',
        description:
          "When the provider cannot answer: an empty list and 'No payment methods found / Please try again later'.",
        security: MEMBER_SECURITY,
        querystring: z.strictObject({}),
        response: { 200: PaymentChannelsResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (req) => {
      const channels = await paymentChannels(orders.ctxOf(req), langOf(req));
      return channels?.length
        ? { success: true as const, data: channels }
        : { success: true as const, data: [], message: [t(langOf(req), 'errors.no_payment_channels')] };
    },
  );

  /**
   * Places the order a body describes, Buy Now or cart alike: within the member's order rate, with
   * the contact, method and coupon the body carries, once per idempotency key.
   */
  const place = async (
    req: FastifyRequest,
    body: Parameters<typeof purchaseOf>[0] & {
      phone: string;
      email: string;
      channelCode?: string | undefined;
      couponCode?: string | undefined;
    },
    idempotencyKey: string | undefined,
  ) => {
    await ordersPerMember(req);
    return ok(
      await placeOrder(
        orders.ctxOf(req),
        req.member.memberId,
        purchaseOf(body),
        { phone: body.phone, email: body.email, channelCode: body.channelCode, couponCode: body.couponCode },
        idempotencyKey,
        langOf(req),
      ),
    );
  };

  /** An action on one of the member's own orders, named by the body; another member's → 404. */
  const onOwnOrder =
    (action: typeof checkOrderStatus) => async (req: FastifyRequest<{ Body: { orderId: string } }>) =>
      ok(await action(orders.ctxOf(req), req.member.memberId, req.body.orderId, langOf(req)));

  app.post(
    '/orders',
    {
      schema: {
        ...PLACE_ORDER_SCHEMA,
        summary: 'Buy Now: one voucher, option and quantity',
        description:
          'Creates the order in PENDING with its charge (SUCCESSFUL at once when the total is 0). ' +
          'Send `Idempotency-Key`: the same key returns the same order; with another body → 422 idempotency_key_reused.',
        body: CreateOrderBodySchema,
      },
    },
    (req) => place(req, req.body, req.headers['idempotency-key']),
  );

  app.post(
    '/orders/cart',
    {
      schema: {
        ...PLACE_ORDER_SCHEMA,
        summary: "Checkout of the chosen cart lines, at the cart's quantities",
        description: 'As POST /bff/orders. The lines leave the cart when the order succeeds.',
        body: CreateCartOrderBodySchema,
      },
    },
    (req) => place(req, req.body, req.headers['idempotency-key']),
  );

  app.post(
    '/orders/check-status',
    {
      schema: {
        tags: ['orders'],
        summary: "The order's state, asking the payment provider while it waits for payment",
        security: MEMBER_SECURITY,
        body: OrderRefBodySchema,
        response: { 200: OrderResponseSchema, ...ERRORS },
      },
    },
    onOwnOrder(checkOrderStatus),
  );

  app.post(
    '/orders/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (stock and coupon use are given back)',
        description:
          'Only PENDING orders; a cancelled one is answered as it is; others → 409 order_not_cancellable.',
        security: MEMBER_SECURITY,
        body: OrderRefBodySchema,
        response: { 200: OrderResponseSchema, ...ERRORS },
      },
    },
    onOwnOrder(cancelMemberOrder),
  );

  app.get(
    '/coupons/vouchers/:voucherId',
    {
      schema: {
        tags: ['orders'],
        summary: "The coupons this member can use on this voucher now ('Select discount code')",
        security: MEMBER_SECURITY,
        params: z.object({ voucherId: z.string().max(100) }),
        response: { 200: VoucherCouponsResponseSchema, ...ERRORS },
      },
    },
    async (req) =>
      ok(await couponsForVoucher(orders.ctxOf(req), req.member.memberId, req.params.voucherId, langOf(req))),
  );

  app.post(
    '/coupons/options',
    {
      schema: {
        tags: ['orders'],
        summary: "The coupons for this basket ('Select discount code'), each usable or with the reason",
        description:
          'Body: Buy Now `{ voucherId, priceOptionId?, quantity }` or cart `{ cartItemIds }`, as the quote. ' +
          'Coupons valid now whose scope covers an item, judged as the order would judge them: usable ones ' +
          'first (with the discount), then the others with problem, message and, below the minimum spend, shortfall.',
        security: MEMBER_SECURITY,
        body: CouponOptionsBodySchema,
        response: { 200: CouponOptionsResponseSchema, ...ERRORS },
      },
    },
    async (req) =>
      ok(await couponOptions(orders.ctxOf(req), req.member.memberId, purchaseOf(req.body), langOf(req))),
  );

  app.get(
    '/coupons/check',
    {
      schema: {
        tags: ['orders'],
        summary: 'Whether a typed coupon code can be used on this voucher, and why not',
        security: MEMBER_SECURITY,
        querystring: CouponCheckQuerySchema,
        response: { 200: CouponCheckResponseSchema, 429: ErrorEnvelopeSchema, ...ERRORS },
      },
    },
    async (req) => {
      await couponTriesPerMember(req);
      return ok(await checkCoupon(orders.ctxOf(req), req.member.memberId, req.query, langOf(req)));
    },
  );
};
