import type { Queue } from '../../jobs/jobs.ts';
import type { Ctx } from '../../context.ts';
import type { PaymentProvider } from '../payments/index.ts';

/** The orders module's jobs: each takes the order id. */
export interface OrderQueues {
  /** Issue a paid order's vouchers and points (retried until it succeeds). */
  issue: Queue<{ orderId: string }>;
  /** Cancel an unpaid order whose payment has expired. */
  expire: Queue<{ orderId: string }>;
  /** Mail the receipt of a successful order. */
  receipt: Queue<{ orderId: string }>;
}

/** The refunds' jobs (refund.jobs.ts): each takes the refund id. */
export interface RefundQueues {
  /** Finish a refund left pending (the provider's answer not recorded yet). */
  refund: Queue<{ refundId: string }>;
  /** Mail the member about a refund that succeeded. */
  refundMail: Queue<{ refundId: string }>;
}

/**
 * Fault injection for tests that crash the process at a chosen step (never set by server.ts): proves a
 * paid order survives a crash before its vouchers were issued.
 */
export interface OrderFaults {
  /** Runs right after a payment's confirmation has committed, before issuing starts. */
  afterPaymentCommitted?: (orderId: string) => void;
}

/** What the orders services are given: the ctx every service takes, the payment provider and the queues. */
export type OrdersCtx = Ctx & {
  payments: PaymentProvider;
  queues: OrderQueues & RefundQueues;
  faults: OrderFaults;
};
