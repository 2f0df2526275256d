import type { Order } from '@app/contracts';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { jobsSchemaFor } from '../src/jobs/jobs.ts';
import { CHILD_TEST_TIMEOUT } from './helpers/child-process.ts';
import { orderServers, type OrderServers } from './helpers/order-servers.ts';
import { sleep } from './helpers/test-database.ts';

/*
 * A paid order whose issuing a crash cut off, with its issue job still claimed by the dead process
 * (pg-boss retries such a job only after its expiry, a minute, and the next maintenance; the sweeper
 * waits a minute of staleness too). The restarted process issues it by itself — nobody asks for its
 * status, which would issue it too — well within that minute, and exactly once.
 */
describe('a restart after a crash between payment and issuing', () => {
  let servers: OrderServers | undefined;
  afterEach(async () => {
    await servers?.close();
    servers = undefined;
  });

  it(
    'issues the order soon after the start, though the dead process still holds its job',
    async () => {
      servers = await orderServers('jobs-restart-');
      const { dataDir, pgDb, start, call, signIn, demoVoucher } = servers;
      const first = await start({ KILL_AFTER_PAYMENT: '1' });
      const email = `restart.${process.pid}.${Date.now()}@example.com`;
      await signIn(first.base, email);
      const voucher = await demoVoucher(first.base, (v) => v.remaining === null || v.remaining >= 2);
      expect(voucher, 'a demo voucher on sale').toBeDefined();
      const order = (
        await call(first.base, 'POST', '/bff/orders', {
          voucherId: voucher!.id,
          quantity: 2,
          channelCode: 'promptpay',
          phone: '0812345678',
          email,
        })
      ).data as Order;
      expect(order.status).toBe('PENDING');
      await fetch(`${first.base}${order.payment?.authorizeUri ?? ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'approve' }),
      }).catch(() => undefined);
      expect(await first.child.exited).toBe('SIGKILL');

      // As if the dead process had claimed the order's issue job just before it died.
      const db = pgDb ?? openDatabase({ databaseUrl: undefined, dataDir });
      try {
        const jobs = await jobsSchemaFor(db);
        const claimed = await sql`
          update ${sql.id(jobs, 'job')} set state = 'active', started_on = now()
          where name = 'orders.issue' and data->>'orderId' = ${order.id}`.execute(db);
        expect(Number(claimed.numAffectedRows)).toBe(1);
        const row = await db
          .selectFrom('purchase_order')
          .select('status')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('IN_PROGRESS');
      } finally {
        if (!pgDb) await db.destroy();
      }

      const second = await start();
      const listening = Date.now();
      let issued = 0;
      // Under a minute by a wide margin: before, the claimed job and the sweeper both waited one.
      while (Date.now() - listening < 40_000) {
        const wallet = (await call(second.base, 'GET', '/bff/wallet')).data as {
          items: { voucherId: string }[];
        };
        issued = wallet.items.filter((w) => w.voucherId === voucher!.id).length;
        if (issued >= 2) break;
        await sleep(250);
      }
      expect(issued).toBe(2);
      // The claimed job is retried later as well, and the recovery may be sent more than once: still two.
      await sleep(2000);
      const wallet = (await call(second.base, 'GET', '/bff/wallet')).data as {
        items: { voucherId: string }[];
      };
      expect(wallet.items.filter((w) => w.voucherId === voucher!.id)).toHaveLength(2);
    },
    CHILD_TEST_TIMEOUT * 2,
  );
});
