import {
  AdminOrderDetailResponseSchema,
  AdminOrderPageResponseSchema,
  AdminOrderQuerySchema,
  AdminRefundBodySchema,
  AdminRefundHeadersSchema,
  AdminRefundResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import { AppError } from '../../../app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { isUuid } from '../../../uuid.ts';
import { refundOrder } from '../../orders/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf, recordAudit } from '../audit.ts';
import { presentOrderDetail, presentOrderRow, presentRefund } from './orders.presenter.ts';
import {
  countOrders,
  couponOfOrder,
  listOrders,
  orderEvents,
  orderLines,
  orderNotifications,
  orderWithMember,
  paymentOfOrder,
  refundsWithLines,
  storesOf,
} from './orders.repository.ts';

const OrderParamsSchema = z.object({ orderId: z.string().max(100) });

/**
 * Orders at /admin/api/orders: search and filter, an order's detail with its timeline and refunds
 * (orders.read), and refunds (orders.refund) through the one refund service the app's own late-charge
 * refunds use.
 */
export const ordersArea: AdminArea = async (app, { deps, orders }) => {
  const detail = async (orderId: string) => {
    const order = isUuid(orderId) ? await orderWithMember(deps.db, orderId) : undefined;
    if (!order) throw new AppError('order_not_found');
    const [stores, lines, payment, coupon, events, refunds, notifications] = await Promise.all([
      storesOf(deps.db, [order.id]),
      orderLines(deps.db, order.id),
      paymentOfOrder(deps.db, order.id),
      couponOfOrder(deps.db, order.coupon_id),
      orderEvents(deps.db, order.id),
      refundsWithLines(deps.db, order.id),
      orderNotifications(deps.db, order.member_id, order.id),
    ]);
    return presentOrderDetail({
      order,
      stores: stores.get(order.id) ?? [],
      lines,
      payment,
      coupon,
      events,
      refunds,
      notifications,
    });
  };

  app.get(
    '/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary:
          'Search orders by status, date range (Bangkok days), store, member (id or e-mail) or number; newest first',
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderPageResponseSchema },
      },
    },
    async (req) => {
      const f = req.query;
      const [total, rows] = await Promise.all([countOrders(deps.db, f), listOrders(deps.db, f)]);
      const stores = await storesOf(
        deps.db,
        rows.map((r) => r.id),
      );
      return ok({
        items: rows.map((r) => presentOrderRow(r, stores.get(r.id) ?? [])),
        page: f.page,
        pageSize: f.pageSize,
        total,
        totalPages: Math.ceil(total / f.pageSize),
      });
    },
  );

  app.get(
    '/orders/:orderId',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary: 'An order: its lines (units used, refunded, refundable), payment, timeline and refunds',
        params: OrderParamsSchema,
        response: { 200: AdminOrderDetailResponseSchema },
      },
    },
    async (req) => ok(await detail(req.params.orderId)),
  );

  app.post(
    '/orders/:orderId/refunds',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order, whole (no lines) or by line',
        description:
          'Money goes back through the payment provider; with it, in one transaction: the units leave the wallet, the points they earned are reversed (never below zero: the shortfall is recorded), stock comes back, the coupon use is released when nothing is left, the member is notified and mailed. A used unit is never refunded (409 refund_units_used). `Idempotency-Key` is required: the same key answers the first refund; with another body → 422 idempotency_key_reused. The provider refusing → 409 refund_declined, nothing changed. The provider not answering → 200 with status pending (finished by a job).',
        params: OrderParamsSchema,
        headers: AdminRefundHeadersSchema,
        body: AdminRefundBodySchema,
        response: { 200: AdminRefundResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const refund = await refundOrder(orders.ctxOf(req), {
        orderId: req.params.orderId,
        ...(req.body.lines ? { lines: req.body.lines } : {}),
        reason: req.body.reason,
        // Keys are the staff member's own: two people's keys never meet.
        idempotencyKey: `staff:${req.staff.staffId}:${req.headers['idempotency-key']}`,
        staff: { id: req.staff.staffId, email: req.staff.email },
        audit: (trx, entry) => recordAudit(trx, actor, deps.now(), entry),
      });
      if (refund.status === 'failed') throw new AppError('refund_declined');
      const [shown] = (await refundsWithLines(deps.db, refund.order_id)).filter((r) => r.id === refund.id);
      if (!shown) throw new Error(`refund ${refund.id} vanished`);
      return ok(presentRefund(shown));
    },
  );
};
