import type { AdminOrderDetail, AdminOrderRow, AdminOrderTimelineEntry, AdminRefund } from '@app/contracts';
import type {
  OrderListRow,
  RefundWithLines,
  orderEvents,
  orderLines,
  orderNotifications,
  orderWithMember,
  paymentOfOrder,
} from './orders.repository.ts';

type Row<F extends (...a: never[]) => unknown> = NonNullable<Awaited<ReturnType<F>>>;
type Store = { id: string; name: string };

export const presentOrderRow = (r: OrderListRow, stores: Store[]): AdminOrderRow => ({
  id: r.id,
  number: r.number,
  status: r.status,
  memberId: r.member_id,
  memberEmail: r.member_email,
  total: r.total,
  refunded: Number(r.refunded),
  itemCount: Number(r.item_count),
  stores,
  createdAt: r.created_at.toISOString(),
  paidAt: r.paid_at?.toISOString() ?? null,
});

export const presentRefund = (r: RefundWithLines): AdminRefund => ({
  id: r.id,
  orderId: r.order_id,
  amount: r.amount,
  status: r.status,
  source: r.source,
  reason: r.reason,
  staffEmail: r.staff_email,
  lines: r.lines,
  pointsReversed: r.points_reversed,
  pointsShortfall: r.points_shortfall,
  providerRef: r.provider_ref,
  failureCode: r.failure_code,
  createdAt: r.created_at.toISOString(),
  completedAt: r.completed_at?.toISOString() ?? null,
});

/**
 * Every step the order took, oldest first: its creation, each state move, its charge's changes and the
 * provider's webhook deliveries (order_event), its refunds and the notifications sent about it. An
 * order from before order_event existed shows the moves its own timestamps record.
 */
const timelineOf = (
  order: Row<typeof orderWithMember>,
  events: Row<typeof orderEvents>,
  refunds: RefundWithLines[],
  notifications: Row<typeof orderNotifications>,
): AdminOrderTimelineEntry[] => {
  const entries: AdminOrderTimelineEntry[] = [
    { at: order.created_at.toISOString(), kind: 'created', from: null, to: 'PENDING', detail: {} },
  ];
  for (const e of events)
    entries.push({
      at: e.at.toISOString(),
      kind: e.kind,
      from: e.from_status,
      to: e.to_status,
      detail: e.detail ?? {},
    });
  if (!events.some((e) => e.kind === 'status')) {
    if (order.paid_at)
      entries.push({
        at: order.paid_at.toISOString(),
        kind: 'status',
        from: 'PENDING',
        to: 'IN_PROGRESS',
        detail: {},
      });
    if (order.completed_at)
      entries.push({
        at: order.completed_at.toISOString(),
        kind: 'status',
        from: null,
        to: 'SUCCESSFUL',
        detail: {},
      });
  }
  for (const r of refunds) {
    entries.push({
      at: r.created_at.toISOString(),
      kind: 'refund',
      from: null,
      to: 'pending',
      detail: { refundId: r.id, amount: String(r.amount), source: r.source },
    });
    if (r.completed_at)
      entries.push({
        at: r.completed_at.toISOString(),
        kind: 'refund',
        from: 'pending',
        to: r.status,
        detail: {
          refundId: r.id,
          amount: String(r.amount),
          ...(r.provider_ref ? { providerRef: r.provider_ref } : {}),
        },
      });
  }
  for (const n of notifications)
    entries.push({
      at: n.created_at.toISOString(),
      kind: 'notification',
      from: null,
      to: null,
      detail: { type: n.type },
    });
  // Stable: entries at the same instant keep the order they were listed in.
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
};

export const presentOrderDetail = (parts: {
  order: Row<typeof orderWithMember>;
  stores: Store[];
  lines: Row<typeof orderLines>;
  payment: Awaited<ReturnType<typeof paymentOfOrder>>;
  coupon: { id: string; code: string } | undefined;
  events: Row<typeof orderEvents>;
  refunds: RefundWithLines[];
  notifications: Row<typeof orderNotifications>;
}): AdminOrderDetail => {
  const { order } = parts;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    memberId: order.member_id,
    memberEmail: order.member_email,
    memberLanguage: order.member_language,
    total: order.total,
    refunded: Number(order.refunded),
    itemCount: Number(order.item_count),
    stores: parts.stores,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    subtotal: order.subtotal,
    discount: order.discount,
    pointsEarned: order.points_earned,
    coupon: parts.coupon ? { id: parts.coupon.id, code: parts.coupon.code } : null,
    payment: parts.payment
      ? {
          provider: parts.payment.provider,
          ref: parts.payment.provider_ref,
          channelType: parts.payment.channel_type,
          amount: parts.payment.amount,
          status: parts.payment.status,
        }
      : null,
    lines: parts.lines.map((l) => ({
      id: l.id,
      voucherId: l.voucher_id,
      title: l.title_en || l.title_th || '',
      priceOptionLabel: l.label_en ?? l.label_th ?? null,
      store: { id: l.merchant_id, name: l.merchant_en || l.merchant_th || '' },
      quantity: l.quantity,
      unitPrice: l.unit_price,
      points: l.points,
      issued: Number(l.issued),
      used: Number(l.used),
      refunded: Number(l.refunded),
      refundable: Number(l.refundable),
    })),
    timeline: timelineOf(order, parts.events, parts.refunds, parts.notifications),
    refunds: parts.refunds.map(presentRefund),
  };
};
