import type { Jobs } from '../../jobs/jobs.ts';
import { renderReceiptMail } from '../../mail/receipt-mail.ts';
import { issueOrder } from './fulfilment.ts';
import type { OrderQueues, OrdersCtx } from './orders.context.ts';
import { presentOrder } from './orders.presenter.ts';
import { markReceiptSent, orderById, overdueOrders } from './orders.repository.ts';
import { expireOrder } from './payment-flow.ts';

/** A paid order not issued this long after its last change is sent to be issued again. */
const STALE_MS = 60_000;
const SWEEP_BATCH = 200;

/**
 * The receipt, once: mailed outside any transaction, then marked. A crash between the two sends it
 * again on retry — a second copy of a receipt is better than none.
 *
 * It goes to the member's own address, the one they proved by signing in with its code (as it is
 * now, should they have changed it since). The contact address typed at checkout stays on the order
 * and is shown with it, but is never mailed: anyone could type a stranger's address there, and the
 * app would send its mail to someone who never asked for it.
 */
export const sendReceipt = async (ctx: OrdersCtx, orderId: string): Promise<void> => {
  const order = await orderById(ctx.db, orderId);
  if (!order || order.status !== 'SUCCESSFUL' || order.receipt_sent_at) return;
  const member = await ctx.db
    .selectFrom('member')
    .select('email')
    .where('id', '=', order.member_id)
    .executeTakeFirst();
  // A member who has since deleted their account has no address to send to.
  if (member) {
    const shown = await presentOrder(ctx.db, order, order.language);
    await ctx.mailer.send(renderReceiptMail(shown, order.language, member.email));
  }
  await markReceiptSent(ctx.db, orderId, ctx.now());
};

/**
 * Every minute, across all processes: closes unpaid orders whose payment expired (their own job
 * normally does it on time) and sends paid orders that are still not issued to be issued again.
 */
export const sweepOrders = async (ctx: OrdersCtx): Promise<void> => {
  const now = ctx.now();
  for (const o of await overdueOrders(ctx.db, now, new Date(now.getTime() - STALE_MS), SWEEP_BATCH)) {
    // One order that cannot be closed now (its provider call fails) must not stop the others.
    try {
      if (o.status === 'PENDING') await expireOrder(ctx, o.id);
      else
        await ctx.queues.issue.send(ctx.db, { orderId: o.id }, { singletonKey: o.id, singletonSeconds: 60 });
    } catch (err) {
      ctx.log.error({ err, orderId: o.id }, 'sweeping an order failed; the next sweep tries again');
    }
  }
};

/** Declares the orders' queues and the sweeper's schedule; `ctxOf` is read when a job runs. */
export const defineOrderJobs = (jobs: Jobs, ctxOf: () => OrdersCtx): OrderQueues => {
  const queues: OrderQueues = {
    // Issuing retries for about an hour and a half; after that the sweeper sends it again.
    issue: jobs.define<{ orderId: string }>(
      'orders.issue',
      async ({ orderId }) => issueOrder(ctxOf(), orderId),
      {
        retryLimit: 10,
      },
    ),
    expire: jobs.define<{ orderId: string }>('orders.expire', async ({ orderId }) =>
      expireOrder(ctxOf(), orderId),
    ),
    receipt: jobs.define<{ orderId: string }>(
      'orders.receipt',
      async ({ orderId }) => sendReceipt(ctxOf(), orderId),
      {
        retryLimit: 10,
      },
    ),
  };
  const sweep = jobs.define<Record<string, never>>('orders.sweep', async () => sweepOrders(ctxOf()), {
    retryLimit: 0,
  });
  jobs.schedule(sweep, '* * * * *', {});
  return queues;
};
