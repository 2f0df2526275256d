import type { Order } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { waitFor } from './helpers/test-database.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';

/*
 * Issuing a paid order while something else issues it or another order of the same member, many times,
 * on PGlite and (with TEST_DATABASE_URL) PostgreSQL, where transactions truly interleave: each order is
 * issued exactly once, and nothing deadlocks or passes through ERROR.
 */
const RUNS = process.env.TEST_DATABASE_URL ? 30 : 8;

describe('issuing orders at the same time', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: Shop;
  let member: Member;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    member = await shop.member();
  }, 120_000);
  afterAll(() => t.close());

  const place = async (voucherId: string, quantity = 1) => {
    const res = await shop.buy(member, { voucherId, quantity });
    expect(res.statusCode, res.body).toBe(200);
    const order = shop.orderOf(res);
    expect(order.status).toBe('PENDING');
    return order;
  };

  const walletCount = async (orderId: string) =>
    (await t.db.selectFrom('wallet_voucher').select('id').where('order_id', '=', orderId).execute()).length;
  const earns = async (orderId: string) =>
    t.db.selectFrom('points_ledger').select(['kind', 'points']).where('order_id', '=', orderId).execute();
  const statusOf = async (orderId: string) =>
    (
      await t.db
        .selectFrom('purchase_order')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;
  /** What went wrong while issuing: a failed in-request issue, a failed job, a deadlock anywhere. */
  const troubles = () =>
    t.logs.filter(
      (l) =>
        /issuing an order failed|job failed/.test(l.msg ?? '') ||
        JSON.stringify(l).includes('deadlock') ||
        JSON.stringify(l).includes('40P01'),
    );

  it(`issues two paid orders of one member at once without a deadlock (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const [a, b] = [await shop.voucher(), await shop.voucher()];
      const first = await place(a!, 2);
      const second = await place(b!, 1);
      // Both payments arrive together: each webhook issues its order in its own request, while each
      // order's issue job (queued with the payment) may run beside it.
      await Promise.all([shop.answerBank(first.id, 'approve'), shop.answerBank(second.id, 'approve')]);
      expect([await statusOf(first.id), await statusOf(second.id)], `run ${run}`).toEqual([
        'SUCCESSFUL',
        'SUCCESSFUL',
      ]);
      expect(await walletCount(first.id)).toBe(2);
      expect(await walletCount(second.id)).toBe(1);
      expect(await earns(first.id)).toEqual([{ kind: 'earn', points: first.pointsEarned }]);
      expect(await earns(second.id)).toEqual([{ kind: 'earn', points: second.pointsEarned }]);
      expect(troubles(), `run ${run}`).toEqual([]);
    }
  }, 600_000);

  /** A paid order whose issuing was cut off: IN_PROGRESS, nothing issued, no issue job queued. */
  const cutOffAfterPayment = async (orderId: string) => {
    const now = t.clock.now();
    await t.db
      .updateTable('purchase_order')
      .set({ status: 'IN_PROGRESS', paid_at: now, updated_at: now })
      .where('id', '=', orderId)
      .execute();
  };

  it('finishes issuing an IN_PROGRESS order on check-status', async () => {
    const order = await place(await shop.voucher(), 2);
    await cutOffAfterPayment(order.id);
    const checked = await shop.status(member, order.id);
    expect(checked.status).toBe('SUCCESSFUL');
    expect(await walletCount(order.id)).toBe(2);
    expect(await earns(order.id)).toEqual([{ kind: 'earn', points: order.pointsEarned }]);
  });

  it(`issues once when several status checks issue one order together (${RUNS} runs)`, async () => {
    const orders: Order[] = [];
    for (let run = 0; run < RUNS; run++) {
      const order = await place(await shop.voucher(), 3);
      await cutOffAfterPayment(order.id);
      orders.push(order);
      // Four status checks at once, each issuing it (as the issue job would beside them).
      const answers = await Promise.all(Array.from({ length: 4 }, () => shop.status(member, order.id)));
      expect(answers.map((o) => o.status)).toContain('SUCCESSFUL');
      expect(await walletCount(order.id)).toBe(3);
      expect(await earns(order.id)).toEqual([{ kind: 'earn', points: order.pointsEarned }]);
    }
    expect(troubles()).toEqual([]);
    // One receipt per order, however many issued it.
    await waitFor(
      async () =>
        (
          await t.db
            .selectFrom('purchase_order')
            .select('id')
            .where(
              'id',
              'in',
              orders.map((o) => o.id),
            )
            .where('receipt_sent_at', 'is not', null)
            .execute()
        ).length === orders.length,
      30_000,
      'the receipts',
    );
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', member.email.toLowerCase())
      .execute();
    for (const o of orders) expect(mails.filter((m) => m.subject.includes(o.number))).toHaveLength(1);
  }, 600_000);
});
