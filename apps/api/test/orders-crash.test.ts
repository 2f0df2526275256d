import type { Order } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { CHILD_TEST_TIMEOUT, stopChild } from './helpers/child-process.ts';
import { orderServers, type OrderServers } from './helpers/order-servers.ts';
import { sleep } from './helpers/test-database.ts';

/*
 * The process is killed (SIGKILL) right after a payment's confirmation commits and before any voucher
 * is issued. After a restart the order completes by itself: the right vouchers, stock, coupon use and
 * points, each exactly once.
 */
describe('a crash between payment and issuing', () => {
  let servers: OrderServers | undefined;
  afterEach(async () => {
    await servers?.close();
    servers = undefined;
  });

  it(
    'completes the order after a restart with exactly the right vouchers, stock, coupon use and points',
    async () => {
      servers = await orderServers('orders-crash-');
      const { dataDir, pgDb, start, call, signIn, demoVoucher } = servers;
      const first = await start({ KILL_AFTER_PAYMENT: '1' });
      const email = `crash.${process.pid}.${Date.now()}@example.com`;
      await signIn(first.base, email);

      // A demo voucher on sale, without options, with at least two left; and a coupon that applies to it.
      const voucher = await demoVoucher(first.base, (v) => v.remaining !== null && v.remaining >= 2);
      expect(voucher, 'a demo voucher with stock').toBeDefined();
      const coupons = (await call(first.base, 'GET', `/bff/coupons/vouchers/${voucher!.id}`)).data as {
        code: string;
      }[];
      let couponCode: string | undefined;
      for (const c of coupons) {
        const q = (
          await call(first.base, 'POST', '/bff/orders/quote', {
            voucherId: voucher!.id,
            quantity: 2,
            couponCode: c.code,
          })
        ).data as {
          coupon: unknown;
          total: number;
        };
        if (q.coupon && q.total > 0) {
          couponCode = c.code;
          break;
        }
      }
      expect(couponCode, 'a demo coupon for it').toBeDefined();

      const placed = await call(first.base, 'POST', '/bff/orders', {
        voucherId: voucher!.id,
        quantity: 2,
        couponCode,
        channelCode: 'promptpay',
        phone: '0812345678',
        email,
      });
      const order = placed.data as Order;
      expect(order.status).toBe('PENDING');
      const ref = order.payment?.authorizeUri ?? '';

      // The bank approves; the webhook commits the payment and the process dies before issuing.
      await fetch(`${first.base}${ref}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'approve' }),
      }).catch(() => undefined);
      expect(await first.child.exited).toBe('SIGKILL');
      expect(first.child.lines.some((l) => l.event === 'killing' && l.orderId === order.id)).toBe(true);

      const second = await start();
      let done: Order | undefined;
      const until = Date.now() + 90_000;
      while (Date.now() < until) {
        done = (await call(second.base, 'POST', '/bff/orders/check-status', { orderId: order.id }))
          .data as Order;
        if (done.status === 'SUCCESSFUL') break;
        await sleep(250);
      }
      expect(done?.status).toBe('SUCCESSFUL');
      const after = (await call(second.base, 'GET', `/bff/vouchers/${voucher!.id}`)).data as {
        remaining: number;
      };
      expect(after.remaining).toBe(voucher!.remaining! - 2);
      await stopChild(second.child);

      const db = pgDb ?? openDatabase({ databaseUrl: undefined, dataDir });
      try {
        const wallet = await db
          .selectFrom('wallet_voucher')
          .select(['code'])
          .where('order_id', '=', order.id)
          .execute();
        expect(wallet).toHaveLength(2);
        const points = await db
          .selectFrom('points_ledger')
          .select(['kind', 'points'])
          .where('order_id', '=', order.id)
          .execute();
        expect(points).toEqual([{ kind: 'earn', points: order.pointsEarned }]);
        const use = await db
          .selectFrom('coupon_use')
          .select(['status'])
          .where('order_id', '=', order.id)
          .execute();
        expect(use).toEqual([{ status: 'used' }]);
        const row = await db
          .selectFrom('purchase_order')
          .select(['status', 'paid_at'])
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('SUCCESSFUL');
      } finally {
        if (!pgDb) await db.destroy();
      }
    },
    CHILD_TEST_TIMEOUT * 2,
  );
});
