import type { Language } from '@app/contracts';
import type { Jobs } from '../../jobs/jobs.ts';
import { renderRefundMail } from '../../mail/refund-mail.ts';
import { presentOrder } from './orders.presenter.ts';
import type { RefundQueues, OrdersCtx } from './orders.context.ts';
import { orderById, orderItems } from './orders.repository.ts';
import { refundById, refundItemsOf, stalePendingRefunds } from './refund.repository.ts';
import { finishRefund } from './refund.service.ts';

/** Pending refunds sent to be finished when a process starts (older than this: their request is gone). */
const RECOVER_AFTER_MS = 30_000;
const RECOVERY_BATCH = 500;

/**
 * The refund's mail, once: sent outside any transaction, then marked (a crash between sends it again,
 * as the receipt does), to the member's own address in the language they use the app in now.
 */
export const sendRefundMail = async (ctx: OrdersCtx, refundId: string): Promise<void> => {
  const refund = await refundById(ctx.db, refundId);
  if (!refund || refund.status !== 'succeeded' || refund.mail_sent_at) return;
  const [order, member] = await Promise.all([
    orderById(ctx.db, refund.order_id),
    ctx.db
      .selectFrom('member')
      .select(['email', 'language'])
      .where('id', '=', refund.member_id)
      .executeTakeFirst(),
  ]);
  if (order && member) {
    const lang: Language = member.language;
    const shown = await presentOrder(ctx.db, order, lang);
    const quantities = new Map(
      (await refundItemsOf(ctx.db, [refund.id])).map((l) => [l.order_item_id, l.quantity]),
    );
    // The presented lines are the order's lines in their order (by position).
    const rows = await orderItems(ctx.db, order.id);
    const lines = shown.items.flatMap((i, n) => {
      const q = quantities.get(rows[n]?.id ?? '') ?? 0;
      return q > 0
        ? [{ title: i.priceOptionLabel ? `${i.title} (${i.priceOptionLabel})` : i.title, quantity: q }]
        : [];
    });
    await ctx.mailer.send(
      renderRefundMail(
        {
          orderNumber: order.number,
          amount: refund.amount,
          reason: refund.reason,
          lines,
          pointsReversed: refund.points_reversed,
          lateCharge: refund.source === 'late_charge',
        },
        lang,
        member.email,
      ),
    );
  }
  await ctx.db
    .updateTable('refund')
    .set({ mail_sent_at: ctx.now() })
    .where('id', '=', refund.id)
    .where('mail_sent_at', 'is', null)
    .execute();
};

/**
 * The refunds' queues: finishing a refund (a money job: polled often, retried for about an hour with
 * backoff while the provider does not answer) and its mail.
 */
export const defineRefundJobs = (jobs: Jobs, ctxOf: () => OrdersCtx): RefundQueues => {
  const queues: RefundQueues = {
    refund: jobs.define<{ refundId: string }>(
      'orders.refund',
      async ({ refundId }) => finishRefund(ctxOf(), refundId),
      {
        workers: 1,
        batchSize: 5,
        pollingIntervalSeconds: 0.5,
        retryLimit: 12,
        retryDelaySeconds: 5,
        retryBackoff: true,
      },
    ),
    refundMail: jobs.define<{ refundId: string }>(
      'orders.refund-mail',
      async ({ refundId }) => sendRefundMail(ctxOf(), refundId),
      { workers: 2, batchSize: 10, pollingIntervalSeconds: 1, retryLimit: 10 },
    ),
  };
  // Refunds still pending a while after they started: their own job ran out of retries (the provider
  // was down for hours) or died with a process. Sent again at every start and every 5 minutes.
  const resend = async () => {
    const ctx = ctxOf();
    const stale = await stalePendingRefunds(
      ctx.db,
      new Date(ctx.now().getTime() - RECOVER_AFTER_MS),
      RECOVERY_BATCH,
    );
    for (const r of stale)
      await queues.refund.send(ctx.db, { refundId: r.id }, { singletonKey: r.id, singletonSeconds: 60 });
    if (stale.length) ctx.log.info({ refunds: stale.length }, 'pending refunds sent to be finished');
  };
  jobs.atStart('orders.recover-refunds', resend);
  const sweep = jobs.define<Record<string, never>>('orders.refund-sweep', resend, { retryLimit: 0 });
  jobs.schedule(sweep, '*/5 * * * *', {});
  return queues;
};
