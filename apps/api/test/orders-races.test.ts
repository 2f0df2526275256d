import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedChargeComplete, SANDBOX_SIGNATURE_HEADER } from '../src/modules/payments/sandbox-provider.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

/*
 * Money, stock and coupon uses under concurrency, each race run many times, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: the counts must be exact every time, not usually. PostgreSQL gets 20
 * runs: there transactions truly interleave. PGlite gets 5: its one session lets a transaction run
 * only after the one before has ended, so runs differ little and the guards are the same SQL.
 */
const RUNS = process.env.TEST_DATABASE_URL ? 20 : 5;

describe('buying under concurrency', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let buyers: Member[];

  beforeAll(async () => {
    t = await buildTestApp({
      clock: createTestClock(FIXTURE_NOW),
      config: { otpSendLimitPerIp: 1000, loginLimitPerIp: 1000 },
    });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await shop.member());
  }, 120_000);
  afterAll(() => t.close());

  /**
   * Between runs: the runs' unpaid orders are set aside (a member may hold only 5 at once), as if
   * their members had cancelled them; each run buys vouchers of its own, so their stock does not matter.
   */
  const setAsideOpenOrders = () =>
    t.db.updateTable('purchase_order').set({ status: 'CANCELLED' }).where('status', '=', 'PENDING').execute();

  const unitsHeld = async (voucherId: string) =>
    Number(
      (
        await t.db
          .selectFrom('purchase_order_item as i')
          .innerJoin('purchase_order as o', 'o.id', 'i.order_id')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('i.quantity'), eb.lit(0)).as('n'))
          .where('i.voucher_id', '=', voucherId)
          .where('o.status', 'not in', ['CANCELLED', 'FAILED'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`never oversells: 200 concurrent buyers of a voucher with 10 left get exactly 10 units (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      await setAsideOpenOrders();
      const v = await shop.voucher({ stock: 12, sold: 2 });
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => shop.buy(buyers[i % 40] as Member, { voucherId: v })),
      );
      const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : r.json<{ code: string }>().code));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
      expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['out_of_stock']));
      expect(await shop.sold(v)).toBe(12);
      expect(await unitsHeld(v)).toBe(10);
    }
  }, 300_000);

  it(`uses a coupon exactly as often as it allows: 50 members, 10 uses left → 10 orders carry it (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      await setAsideOpenOrders();
      const v = await shop.voucher();
      const c = await shop.coupon({ total_limit: 15, used_count: 5 });
      const answers = await Promise.all(buyers.map((m) => shop.buy(m, { voucherId: v, couponCode: c.code })));
      const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : r.json<{ code: string }>().code));
      expect(codes.filter((x) => x === 'ok')).toHaveLength(10);
      expect(new Set(codes.filter((x) => x !== 'ok'))).toEqual(new Set(['coupon_used_up']));
      expect(await shop.couponUsed(c.id)).toBe(15);
      const carrying = await t.db
        .selectFrom('purchase_order')
        .select('id')
        .where('coupon_id', '=', c.id)
        .execute();
      expect(carrying).toHaveLength(10);
      const uses = await t.db
        .selectFrom('coupon_use')
        .select('status')
        .where('coupon_id', '=', c.id)
        .execute();
      expect(uses.map((u) => u.status)).toEqual(Array(10).fill('reserved'));
    }
  }, 300_000);

  it(`a Confirm sent 20 times at once with one Idempotency-Key makes one order and one charge (${RUNS} runs)`, async () => {
    const m = buyers[0] as Member;
    for (let run = 0; run < RUNS; run++) {
      await setAsideOpenOrders();
      const v = await shop.voucher({ stock: 100 });
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => shop.buy(m, { voucherId: v, quantity: 2 }, key)),
      );
      const orders = answers.map((r) => shop.orderOf(r));
      expect(new Set(orders.map((o) => o.id)).size).toBe(1);
      const id = orders[0]?.id ?? '';
      expect(await shop.sold(v)).toBe(2);
      expect(await t.db.selectFrom('payment').select('id').where('order_id', '=', id).execute()).toHaveLength(
        1,
      );
      const charges = await t.db
        .selectFrom('sandbox_charge')
        .select('ref')
        .where((eb) => eb(eb.ref('metadata', '->>').key('orderId'), '=', id))
        .execute();
      expect(charges).toHaveLength(1);
      // Every answer shows the charge to pay (the QR), not an order without one.
      expect(orders.every((o) => o.payment?.qrPayload)).toBe(true);
    }
    // The same key with another purchase is refused.
    await setAsideOpenOrders();
    const key = randomUUID();
    const v = await shop.voucher();
    shop.orderOf(await shop.buy(m, { voucherId: v }, key));
    expect(shop.errorOf(await shop.buy(m, { voucherId: v, quantity: 2 }, key), 422)).toBe(
      'idempotency_key_reused',
    );
  }, 300_000);

  it(`paid and cancelled at the same moment: exactly one wins and stock follows it (${RUNS} runs)`, async () => {
    const m = buyers[1] as Member;
    for (let run = 0; run < RUNS; run++) {
      await setAsideOpenOrders();
      const v = await shop.voucher({ stock: 5 });
      const order = shop.orderOf(await shop.buy(m, { voucherId: v }));
      await Promise.all([
        shop.answerBank(order.id, 'approve').catch(() => undefined),
        shop.call(m, 'POST', '/bff/orders/cancel', { orderId: order.id }),
      ]);
      const end = await shop.settled(m, order.id);
      expect(['SUCCESSFUL', 'CANCELLED']).toContain(end.status);
      expect(await shop.sold(v)).toBe(end.status === 'SUCCESSFUL' ? 1 : 0);
      const wallet = await t.db
        .selectFrom('wallet_voucher')
        .select('id')
        .where('order_id', '=', order.id)
        .execute();
      expect(wallet).toHaveLength(end.status === 'SUCCESSFUL' ? 1 : 0);
      expect(end.payment?.status).toBe(end.status === 'SUCCESSFUL' ? 'successful' : 'cancelled');
    }
  }, 300_000);

  it('a webhook delivered twice, or a forged one, has no second effect', async () => {
    const m = buyers[2] as Member;
    const v = await shop.voucher({ stock: 5, points_earned: 9 });
    const order = shop.orderOf(await shop.buy(m, { voucherId: v }));
    const ref = await shop.chargeRefOf(order.id);
    await shop.answerBank(order.id, 'approve');
    expect((await shop.settled(m, order.id)).status).toBe('SUCCESSFUL');

    const deliver = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
    const event = signedChargeComplete(t.config.paymentWebhookSecret, ref, 'successful', t.clock.now());
    expect((await deliver(event.body, event.signature)).statusCode).toBe(200);
    expect((await deliver(event.body, event.signature)).statusCode).toBe(200);
    // Signed with another secret, or tampered with: refused.
    const forged = signedChargeComplete('x'.repeat(40), ref, 'failed', t.clock.now());
    expect((await deliver(forged.body, forged.signature)).statusCode).toBe(400);
    expect((await deliver(event.body.replace('successful', 'failed'), event.signature)).statusCode).toBe(400);

    await new Promise((r) => setTimeout(r, 1500));
    expect((await shop.status(m, order.id)).status).toBe('SUCCESSFUL');
    expect(await shop.sold(v)).toBe(1);
    expect(
      await t.db.selectFrom('wallet_voucher').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(1);
    const points = await t.db
      .selectFrom('points_ledger')
      .select('points')
      .where('order_id', '=', order.id)
      .execute();
    expect(points).toEqual([{ points: 9 }]);
  }, 60_000);
  it('cart checkouts holding two vouchers in opposite orders all succeed (no deadlock) (5 runs)', async () => {
    for (let run = 0; run < 5; run++) {
      await setAsideOpenOrders();
      const a = await shop.voucher({ stock: 1000 });
      const b = await shop.voucher({ stock: 1000 });
      const bodies: unknown[] = [];
      const members = buyers.slice(10, 30);
      for (const [i, m] of members.entries()) {
        await shop.call(m, 'DELETE', '/bff/cart/clear');
        // The cart lists the newest line first: half the carts hold A before B, half B before A.
        await shop.call(m, 'POST', '/bff/cart/addItems', {
          items: [{ voucherId: i % 2 ? a : b, quantity: 1 }],
        });
        t.clock.advance(1000);
        await shop.call(m, 'POST', '/bff/cart/addItems', {
          items: [{ voucherId: i % 2 ? b : a, quantity: 1 }],
        });
        const cart = (await shop.call(m, 'GET', '/bff/cart')).json<{ data: { items: { id: string }[] } }>();
        bodies.push({ cartItemIds: cart.data.items.map((x) => x.id), ...shop.contact(m) });
      }
      const answers = await Promise.all(
        members.map((m, i) => shop.call(m, 'POST', '/bff/orders/cart', bodies[i])),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(members.length).fill(200));
      expect([await shop.sold(a), await shop.sold(b)]).toEqual([20, 20]);
    }
  }, 300_000);

  it(`a charge recorded while its order is being cancelled never stays payable (${RUNS} runs)`, async () => {
    const m = buyers[3] as Member;
    const v = await shop.voucher({ stock: 1000 });
    for (let run = 0; run < RUNS; run++) {
      await setAsideOpenOrders();
      const order = shop.orderOf(await shop.buy(m, { voucherId: v }));
      // As if asking the provider had failed at Confirm: no charge recorded, nobody asking.
      await t.db.deleteFrom('payment').where('order_id', '=', order.id).execute();
      await t.db
        .updateTable('purchase_order')
        .set({ charge_claimed_at: null })
        .where('id', '=', order.id)
        .execute();
      await Promise.all([
        shop.call(m, 'POST', '/bff/orders/check-status', { orderId: order.id }),
        new Promise((r) => setTimeout(r, run % 10)).then(() =>
          shop.call(m, 'POST', '/bff/orders/cancel', { orderId: order.id }),
        ),
      ]);
      const end = await t.db
        .selectFrom('purchase_order')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const payment = await t.db
        .selectFrom('payment')
        .select('provider_ref')
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      const charge = payment
        ? await t.db
            .selectFrom('sandbox_charge')
            .select('status')
            .where('ref', '=', payment.provider_ref)
            .executeTakeFirst()
        : undefined;
      if (end.status === 'CANCELLED') expect(charge?.status).not.toBe('pending');
    }
  }, 300_000);
});
