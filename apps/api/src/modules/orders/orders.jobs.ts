import type { Jobs, QueuePolicy } from '../../jobs/jobs.ts';
import { renderReceiptMail } from '../../mail/receipt-mail.ts';
import { issueOrder } from './fulfilment.ts';
import type { OrderQueues, OrdersCtx } from './orders.context.ts';
import { presentOrder } from './orders.presenter.ts';
import { markReceiptSent, orderById, overdueOrders, paidUnissuedOrders } from './orders.repository.ts';
import { expireOrder } from './payment-flow.ts';

/** A paid order not issued this long after its last change is sent to be issued again. */
const STALE_MS = 60_000;
const SWEEP_BATCH = 200;
/** Paid orders sent to be issued again when a process starts; the sweeper takes any beyond. */
const RECOVERY_BATCH = 500;

/**
 * Money work (issuing a paid order, closing an unpaid one): queues and workers of its own, polling
 * often, so it never waits behind mail. Several at a time: one member's orders queue on their row
 * lock, different members' run side by side (on PGlite, one after another on its one session).
 */
export const MONEY_QUEUE: Partial<QueuePolicy> = { workers: 2, batchSize: 5, pollingIntervalSeconds: 0.5 };
/**
 * Mail: each job mostly waits on the SMTP server, so many run at once; a worker is woken as soon as
 * a receipt's transaction commits, so the poll is only the fallback.
 */
export const MAIL_QUEUE: Partial<QueuePolicy> = { workers: 4, batchSize: 10, pollingIntervalSeconds: 1 };

/**
 * The receipt, once: mailed outside any transaction, then marked. A crash between the two sends it
 * again on retry — a second copy of a receipt is better than none.
 *
 * It goes to the member's own address, the one they proved by signing in with its code (as it is
 * now, should they have changed it since). The contact address typed at checkout stays on the order
 * and is shown with it, but is never mailed: anyone could type a stranger's address there, and the
 * app would send its mail to someone who never asked for it. It is written in the member's language
 * as it is now (the one they chose in the app), like every other text the server writes to them —
 * not the language of the checkout request.
 */
export const sendReceipt = async (ctx: OrdersCtx, orderId: string): Promise<void> => {
  const order = await orderById(ctx.db, orderId);
  if (!order || order.status !== 'SUCCESSFUL' || order.receipt_sent_at) return;
  const member = await ctx.db
    .selectFrom('member')
    .select(['email', 'language'])
    .where('id', '=', order.member_id)
    .executeTakeFirst();
  // A member who has since deleted their account has no address to send to.
  if (member) {
    const shown = await presentOrder(ctx.db, order, member.language);
    await ctx.mailer.send(renderReceiptMail(shown, member.language, member.email));
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

/**
 * When a process starts, every paid order not yet issued is sent to be issued again. One cut off by a
 * crash may hold an issue job the dead process had claimed: pg-boss would retry it only once the job's
 * expiry and a maintenance run passed, and the sweeper waits a minute of staleness — together one to
 * two minutes. Issuing twice is harmless (the second finds the order issued), so orders another live
 * process is issuing right now may be sent too; one key per order keeps the sweeper from doubling it.
 */
export const recoverPaidOrders = async (ctx: OrdersCtx): Promise<number> => {
  const orders = await paidUnissuedOrders(ctx.db, RECOVERY_BATCH);
  for (const o of orders)
    await ctx.queues.issue.send(ctx.db, { orderId: o.id }, { singletonKey: o.id, singletonSeconds: 60 });
  if (orders.length) ctx.log.info({ orders: orders.length }, 'paid orders sent to be issued after a start');
  return orders.length;
};

/** Declares the orders' queues and the sweeper's schedule; `ctxOf` is read when a job runs. */
export const defineOrderJobs = (jobs: Jobs, ctxOf: () => OrdersCtx): OrderQueues => {
  const queues: OrderQueues = {
    // Issuing retries for about an hour and a half; after that the sweeper sends it again.
    issue: jobs.define<{ orderId: string }>(
      'orders.issue',
      async ({ orderId }) => issueOrder(ctxOf(), orderId),
      { ...MONEY_QUEUE, retryLimit: 10 },
    ),
    expire: jobs.define<{ orderId: string }>(
      'orders.expire',
      async ({ orderId }) => expireOrder(ctxOf(), orderId),
      // Due 15 minutes after the order: a second of lag does not matter, one worker is plenty.
      { ...MONEY_QUEUE, workers: 1, pollingIntervalSeconds: 1 },
    ),
    receipt: jobs.define<{ orderId: string }>(
      'orders.receipt',
      async ({ orderId }) => sendReceipt(ctxOf(), orderId),
      { ...MAIL_QUEUE, retryLimit: 10 },
    ),
  };
  jobs.atStart('orders.recover-paid', async () => void (await recoverPaidOrders(ctxOf())));
  const sweep = jobs.define<Record<string, never>>('orders.sweep', async () => sweepOrders(ctxOf()), {
    retryLimit: 0,
  });
  jobs.schedule(sweep, '* * * * *', {});
  return queues;
};
