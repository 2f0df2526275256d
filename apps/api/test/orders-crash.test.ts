import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Order } from '@app/contracts';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { CHILD_TEST_TIMEOUT, spawnTs, stopChild, type Child } from './helpers/child-process.ts';
import { openTestDatabase, sleep } from './helpers/test-database.ts';

const SERVER = fileURLToPath(new URL('./fixtures/order-server.ts', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Json = { success: boolean; data?: unknown; code?: string };

/*
 * The process is killed (SIGKILL) right after a payment's confirmation commits and before any voucher
 * is issued. After a restart the order completes by itself: the right vouchers, stock, coupon use and
 * points, each exactly once.
 */
describe('a crash between payment and issuing', () => {
  const children: Child[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopChild(c)));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'completes the order after a restart with exactly the right vouchers, stock, coupon use and points',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'orders-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let pgDb: Kysely<Database> | undefined;
      const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' };
      if (onPostgres) {
        const t = await openTestDatabase();
        cleanups.push(() => t.close());
        pgDb = t.db;
        env.DATABASE_URL = t.url!;
      } else env.DATABASE_URL = '';

      const start = async (extra: Record<string, string> = {}) => {
        const c = spawnTs(SERVER, { ...env, ...extra });
        children.push(c);
        const line = await c.waitForLine((l) => l.event === 'listening', 90_000, 'the server listening');
        return { child: c, base: `http://127.0.0.1:${String(line.port)}` };
      };

      const first = await start({ KILL_AFTER_PAYMENT: '1' });
      let token = '';
      const call = async (base: string, method: string, path: string, body?: unknown): Promise<Json> => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return (await res.json()) as Json;
      };

      const email = `crash.${process.pid}.${Date.now()}@example.com`;
      await call(first.base, 'POST', '/auth/otp/send-otp', { email });
      const mails = (await call(first.base, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`))
        .data as {
        text: string;
      }[];
      const otp = /^(\d{6})$/m.exec(mails[0]?.text ?? '')?.[1];
      const login = (await call(first.base, 'POST', '/auth/login', { email, otp })).data as {
        accessToken: string;
      };
      token = login.accessToken;

      // A demo voucher on sale, without options, with at least two left; and a coupon that applies to it.
      const list = (await call(first.base, 'GET', '/bff/vouchers?limit=100')).data as {
        items: {
          id: string;
          price: number;
          hasPriceOptions: boolean;
          remaining: number | null;
          unavailableReason: string | null;
          eligible: boolean;
        }[];
      };
      const voucher = list.items.find(
        (v) =>
          !v.unavailableReason &&
          v.eligible &&
          !v.hasPriceOptions &&
          v.price > 0 &&
          v.remaining !== null &&
          v.remaining >= 2,
      );
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
