import type { OrderStatus } from '@app/contracts';
import type { Db } from './orders.repository.ts';

/**
 * Every move an order may make, in one table: a status changes only along these edges (moveOrder
 * checks them under the order's lock), never by a direct write. PENDING waits for payment;
 * IN_PROGRESS is paid and being issued; ERROR is paid with issuing failed (retried until it succeeds).
 * FAILED (declined) and CANCELLED (by the member, or the payment expired) never took money.
 * A paid and issued order may be refunded: some of its units (PARTIALLY_REFUNDED, which may be refunded
 * further) or all of them (REFUNDED). A charge that arrived after its order was closed is refunded
 * without moving the order: it stays CANCELLED or FAILED, as nothing was issued for it.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['IN_PROGRESS', 'FAILED', 'CANCELLED'],
  IN_PROGRESS: ['SUCCESSFUL', 'ERROR'],
  ERROR: ['SUCCESSFUL'],
  SUCCESSFUL: ['PARTIALLY_REFUNDED', 'REFUNDED'],
  FAILED: [],
  CANCELLED: [],
  PARTIALLY_REFUNDED: ['REFUNDED'],
  REFUNDED: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** The states an order may be in to move to `to`. */
export const statesBefore = (to: OrderStatus): OrderStatus[] =>
  (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canMove(from, to));

/** States that hold stock and a coupon use without having been paid. */
export const isAwaitingPayment = (s: OrderStatus) => s === 'PENDING';
/** Paid and issued, with units that may still be refunded. */
export const isRefundable = (s: OrderStatus) => s === 'SUCCESSFUL' || s === 'PARTIALLY_REFUNDED';
/** Paid, vouchers not all issued yet. */
export const isPaidUnissued = (s: OrderStatus) => s === 'IN_PROGRESS' || s === 'ERROR';

export interface MoveExtras {
  paid_at?: Date;
  completed_at?: Date;
}

/**
 * Moves the order to `to` only from a state allowed to reach it. The row is locked first, so of two
 * racing moves (paid vs cancelled) the second sees the first's result and is refused. Returns the
 * state it left, or null when the order may not move there (nothing changed).
 */
export const moveOrder = async (
  trx: Db,
  orderId: string,
  to: OrderStatus,
  now: Date,
  extras: MoveExtras = {},
): Promise<OrderStatus | null> => {
  const current = await trx
    .selectFrom('purchase_order')
    .select('status')
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!current || !canMove(current.status, to)) return null;
  await trx
    .updateTable('purchase_order')
    .set({ status: to, updated_at: now, ...extras })
    .where('id', '=', orderId)
    .where('status', '=', current.status)
    .execute();
  await recordOrderEvent(trx, orderId, now, { kind: 'status', from: current.status, to });
  return current.status;
};

/** A step of the order's timeline (the back office's order detail), in the transaction that made it. */
export const recordOrderEvent = async (
  trx: Db,
  orderId: string,
  at: Date,
  e: {
    kind: 'status' | 'payment' | 'webhook';
    from?: string | null;
    to?: string | null;
    detail?: Record<string, string>;
  },
): Promise<void> => {
  await trx
    .insertInto('order_event')
    .values({
      order_id: orderId,
      at,
      kind: e.kind,
      from_status: e.from ?? null,
      to_status: e.to ?? null,
      detail: e.detail ? JSON.stringify(e.detail) : null,
    })
    .execute();
};
