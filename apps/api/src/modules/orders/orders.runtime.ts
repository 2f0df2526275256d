import type { FastifyBaseLogger } from 'fastify';
import { forRequest, type AppDeps } from '../../context.ts';
import type { PaymentProvider, WebhookEvent } from '../payments/index.ts';
import type { OrderFaults, OrdersCtx } from './orders.context.ts';
import { defineOrderJobs } from './orders.jobs.ts';
import { handleChargeEvent } from './payment-flow.ts';
import { defineRefundJobs } from './refund.jobs.ts';

/** The orders module's pieces that live as long as the app: its queues and the payment provider. */
export interface OrdersRuntime {
  /** The services' ctx for a request (or, with the app's logger, for a job). */
  ctxOf: (req: { log: FastifyBaseLogger }) => OrdersCtx;
  /** The payments module's webhook route hands verified events here. */
  onChargeEvent: (event: WebhookEvent) => Promise<void>;
}

/** Declares the order jobs (before the jobs start) and returns what the routes and webhooks need. */
export const createOrdersRuntime = (
  deps: AppDeps,
  payments: PaymentProvider,
  log: FastifyBaseLogger,
  faults: OrderFaults = {},
): OrdersRuntime => {
  const queues = {
    ...defineOrderJobs(deps.jobs, () => ctxOf({ log })),
    ...defineRefundJobs(deps.jobs, () => ctxOf({ log })),
  };
  const ctxOf = (req: { log: FastifyBaseLogger }): OrdersCtx => ({
    ...forRequest(deps, req),
    payments,
    queues,
    faults,
  });
  return { ctxOf, onChargeEvent: (event) => handleChargeEvent(ctxOf({ log }), event) };
};
