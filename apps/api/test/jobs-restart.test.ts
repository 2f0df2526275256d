import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Order } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { jobsSchemaFor } from '../src/jobs/jobs.ts';
import { CHILD_TEST_TIMEOUT, spawnTs, stopChild, type Child } from './helpers/child-process.ts';
import { openTestDatabase, sleep } from './helpers/test-database.ts';

const SERVER = fileURLToPath(new URL('./fixtures/order-server.ts', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Json = { success: boolean; data?: unknown };

/*
 * A paid order whose issuing a crash cut off, with its issue job still claimed by the dead process
 * (pg-boss retries such a job only after its expiry, a minute, and the next maintenance; the sweeper
 * waits a minute of staleness too). The restarted process issues it by itself — nobody asks for its
 * status, which would issue it too — well within that minute, and exactly once.
 */
describe('a restart after a crash between payment and issuing', () => {
  const children: Child[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopChild(c)));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'issues the order soon after the start, though the dead process still holds its job',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'jobs-restart-'));
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

      const first = await start({ KILL_AFTER_PAYMENT: '1' });
      const email = `restart.${process.pid}.${Date.now()}@example.com`;
      await call(first.base, 'POST', '/auth/otp/send-otp', { email });
      const mails = (await call(first.base, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`))
        .data as { text: string }[];
      const otp = /^(\d{6})$/m.exec(mails[0]?.text ?? '')?.[1];
      token = (
        (await call(first.base, 'POST', '/auth/login', { email, otp })).data as { accessToken: string }
      ).accessToken;
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
          (v.remaining === null || v.remaining >= 2),
      );
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
