import { randomUUID } from 'node:crypto';
import {
  PAYMENT_EXPIRY_MINUTES,
  QuoteResponseSchema,
  WalletPageResponseSchema,
  type Quote,
} from '@app/contracts';
import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS } from '../src/modules/orders/index.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

describe('placing orders is rate-limited per member', () => {
  // Builds its own app inside the test (a limit of its own): on a busy CI machine, with the browser lanes
  // beside the suite, that alone was seen to take most of the default 30 s.
  it('answers 429 past ORDER_LIMIT_PER_MEMBER orders in a window', { timeout: 90_000 }, async () => {
    const t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { orderLimitPerMember: 3 } });
    try {
      const shop = shopOf(t, await seedCatalogueFixture(t.db));
      const m = await shop.member();
      const v = await shop.voucher({ price: 0 });
      for (let i = 0; i < 3; i++) shop.orderOf(await shop.buy(m, { voucherId: v, channelCode: undefined }));
      expect(shop.errorOf(await shop.buy(m, { voucherId: v, channelCode: undefined }), 429)).toBe(
        'rate_limited',
      );
    } finally {
      await t.close();
    }
  });
});

describe('buying: quote, orders, payment and issuing', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    alice = await shop.member();
    bob = await shop.member();
  });
  afterAll(() => t.close());

  const quoteOf = async (m: Member, body: unknown): Promise<Quote> => {
    const res = await shop.call(m, 'POST', '/bff/orders/quote', body);
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponseSchema.parse(res.json()).data;
  };

  it('quotes from the catalogue and the coupon, whatever the client believes', async () => {
    const v = await shop.voucher({ price: 250, points_earned: null });
    const c = await shop.coupon({ discount_type: 'percent', discount_value: 20, max_discount: 80 });
    const q = await quoteOf(alice, { voucherId: v, quantity: 2, couponCode: c.code.toLowerCase() });
    expect(q).toMatchObject({
      checkoutType: 'single',
      itemCount: 2,
      subtotal: 500,
      discount: 80,
      total: 420,
      // Points follow what is paid: ฿420 at 1 point per full ฿25.
      pointsEarned: 16,
    });
    expect(q.coupon).toMatchObject({ code: c.code, discount: 80 });
    // A price or a discount from the client is refused, not read.
    expect(
      shop.errorOf(
        await shop.call(alice, 'POST', '/bff/orders/quote', { voucherId: v, quantity: 1, price: 1 }),
        400,
      ),
    ).toBe('validation_failed');
    expect(shop.errorOf(await shop.buy(alice, { voucherId: v, total: 0 } as never), 400)).toBe(
      'validation_failed',
    );
    expect(await shop.sold(v)).toBe(0);
  });

  it('reports a coupon that cannot be used in the quote and leaves it out', async () => {
    const v = await shop.voucher({ price: 100 });
    const c = await shop.coupon({ min_spend: 300 });
    const q = await quoteOf(alice, { voucherId: v, quantity: 2, couponCode: c.code });
    expect(q).toMatchObject({
      subtotal: 200,
      discount: 0,
      total: 200,
      coupon: null,
      couponProblem: 'coupon_min_spend',
    });
    expect(q.couponMessage).toContain('300');
  });

  it('sells with PromptPay: a scannable payload, the bank approves, vouchers reach the wallet with points and a receipt', async () => {
    const v = await shop.voucher({ price: 120, points_earned: 5, stock: 10, usage_limit: 3, valid_days: 30 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v, quantity: 3 }, randomUUID()));
    expect(order).toMatchObject({ status: 'PENDING', total: 360, itemCount: 3, pointsEarned: 15 });
    expect(order.payment).toMatchObject({ type: 'promptpay', status: 'pending', amount: 360 });
    expect(new Date(order.expiresAt ?? 0).getTime() - t.clock.now().getTime()).toBe(
      PAYMENT_EXPIRY_MINUTES * 60_000,
    );
    const emv = parse(order.payment?.qrPayload ?? '', true);
    expect(emv?.getTagValue('54')).toBe('360.00');
    expect(await shop.sold(v)).toBe(3);

    await shop.answerBank(order.id, 'approve');
    const done = await shop.settled(alice, order.id);
    expect(done.status).toBe('SUCCESSFUL');
    expect(done.paidAt).not.toBeNull();

    const wallet = WalletPageResponseSchema.parse((await shop.call(alice, 'GET', '/bff/wallet')).json()).data;
    const mine = wallet.items.filter((w) => w.voucherId === v);
    expect(mine).toHaveLength(3);
    expect(
      mine.every(
        (w) => w.status === 'active' && w.usageLimit === 3 && w.usedCount === 0 && w.daysLeft === 30,
      ),
    ).toBe(true);
    const codes = await Promise.all(
      mine.map(
        async (w) =>
          (await shop.call(alice, 'GET', `/bff/wallet/${w.id}`)).json<{ data: { code: string } }>().data.code,
      ),
    );
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);

    const points = await t.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(points).toEqual([expect.objectContaining({ kind: 'earn', points: 15, member_id: alice.id })]);
    // Bob sees none of it.
    for (const w of mine)
      expect(shop.errorOf(await shop.call(bob, 'GET', `/bff/wallet/${w.id}`), 404)).toBe(
        'wallet_voucher_not_found',
      );
    expect(
      shop.errorOf(await shop.call(bob, 'POST', '/bff/orders/check-status', { orderId: order.id }), 404),
    ).toBe('order_not_found');
    expect(shop.errorOf(await shop.call(bob, 'POST', '/bff/orders/cancel', { orderId: order.id }), 404)).toBe(
      'order_not_found',
    );

    const until = Date.now() + 10_000;
    let receipt;
    while (!receipt && Date.now() < until) {
      receipt = await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', alice.email)
        .where('subject', 'like', `%${order.number}%`)
        .executeTakeFirst();
      if (!receipt) await new Promise((r) => setTimeout(r, 100));
    }
    expect(receipt?.text_body).toContain('฿360');
  });

  it("writes the receipt in the member's own language, not the checkout request's", async () => {
    await t.db.updateTable('member').set({ language: 'th' }).where('id', '=', alice.id).execute();
    try {
      const v = await shop.voucher({ price: 90, stock: 5 });
      const order = shop.orderOf(await shop.buy(alice, { voucherId: v }, randomUUID()));
      await shop.answerBank(order.id, 'approve');
      expect((await shop.settled(alice, order.id)).status).toBe('SUCCESSFUL');
      const until = Date.now() + 10_000;
      let receipt;
      while (!receipt && Date.now() < until) {
        receipt = await t.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', alice.email)
          .where('subject', 'like', `%${order.number}%`)
          .executeTakeFirst();
        if (!receipt) await new Promise((r) => setTimeout(r, 100));
      }
      expect(receipt?.subject).toBe(`ใบเสร็จสำหรับคำสั่งซื้อ ${order.number}`);
    } finally {
      await t.db.updateTable('member').set({ language: 'en' }).where('id', '=', alice.id).execute();
    }
  });

  it('completes a free order at once, with no payment', async () => {
    const v = await shop.voucher({ price: 0, stock: 5 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v, quantity: 2, channelCode: undefined }));
    expect(order).toMatchObject({ status: 'SUCCESSFUL', total: 0, payment: null });
    expect(
      await t.db.selectFrom('wallet_voucher').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(2);
  });

  it('a coupon covering everything also needs no payment', async () => {
    const v = await shop.voucher({ price: 50 });
    const c = await shop.coupon({ discount_type: 'fixed', discount_value: 80 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v, couponCode: c.code }));
    expect(order).toMatchObject({ status: 'SUCCESSFUL', subtotal: 50, discount: 50, total: 0 });
    expect(await shop.couponUsed(c.id)).toBe(1);
    const use = await t.db
      .selectFrom('coupon_use')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(use.status).toBe('used');
  });

  it('a declined payment fails the order and gives stock and coupon back', async () => {
    const v = await shop.voucher({ stock: 4 });
    const c = await shop.coupon({ total_limit: 5 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v, quantity: 2, couponCode: c.code }));
    expect([await shop.sold(v), await shop.couponUsed(c.id)]).toEqual([2, 1]);
    await shop.answerBank(order.id, 'decline');
    expect((await shop.settled(alice, order.id)).status).toBe('FAILED');
    expect([await shop.sold(v), await shop.couponUsed(c.id)]).toEqual([0, 0]);
    expect(
      await t.db.selectFrom('wallet_voucher').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(0);
  });

  it('an unpaid order expires after 15 minutes and gives everything back; the bank cannot take payment after', async () => {
    const v = await shop.voucher({ stock: 3 });
    const c = await shop.coupon({ total_limit: 1 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v, couponCode: c.code }));
    t.clock.advance(PAYMENT_EXPIRY_MINUTES * 60_000 - 1000);
    await shop.renew(alice);
    expect((await shop.status(alice, order.id)).status).toBe('PENDING');
    t.clock.advance(2000);
    await Promise.all([shop.renew(alice), shop.renew(bob)]);
    const expired = await shop.status(alice, order.id);
    expect(expired.status).toBe('CANCELLED');
    expect(expired.payment?.status).toBe('expired');
    expect([await shop.sold(v), await shop.couponUsed(c.id)]).toEqual([0, 0]);
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${await shop.chargeRefOf(order.id)}`,
      payload: { action: 'approve' },
    });
    expect((await shop.status(alice, order.id)).status).toBe('CANCELLED');
  });

  it('the member cancels an unpaid order; a paid one cannot be cancelled', async () => {
    const v = await shop.voucher({ stock: 2 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v }));
    const cancelled = shop.orderOf(
      await shop.call(alice, 'POST', '/bff/orders/cancel', { orderId: order.id }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(await shop.sold(v)).toBe(0);
    // Again: answered as it is.
    expect(
      shop.orderOf(await shop.call(alice, 'POST', '/bff/orders/cancel', { orderId: order.id })).status,
    ).toBe('CANCELLED');

    const paid = shop.orderOf(await shop.buy(alice, { voucherId: v }));
    await shop.answerBank(paid.id, 'approve');
    expect((await shop.settled(alice, paid.id)).status).toBe('SUCCESSFUL');
    expect(
      shop.errorOf(await shop.call(alice, 'POST', '/bff/orders/cancel', { orderId: paid.id }), 409),
    ).toBe('order_not_cancellable');
  });

  it('refuses what cannot be bought, each with its reason, and writes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ stock: 1, sold: 1 }, 409, 'out_of_stock'],
      [{ sale_starts_at: new Date(FIXTURE_NOW.getTime() + 86_400_000) }, 409, 'sale_not_started'],
      [
        {
          sale_starts_at: new Date(FIXTURE_NOW.getTime() - 9e9),
          sale_ends_at: new Date(FIXTURE_NOW.getTime() - 86_400_000),
        },
        409,
        'sale_ended',
      ],
      [{ tier: 'gold' }, 403, 'tier_locked'],
      [{ privilege_only: true }, 403, 'privilege_only'],
    ];
    for (const [extra, status, code] of cases) {
      const v = await shop.voucher(extra);
      expect(shop.errorOf(await shop.buy(alice, { voucherId: v }), status)).toBe(code);
    }
    const few = await shop.voucher({ stock: 2 });
    expect(shop.errorOf(await shop.buy(alice, { voucherId: few, quantity: 3 }), 409)).toBe('quantity_limit');
    expect(shop.errorOf(await shop.buy(alice, { voucherId: randomUUID() }), 404)).toBe('voucher_not_found');
    expect(shop.errorOf(await shop.buy(alice, { voucherId: f.v.massage }), 400)).toBe(
      'price_option_required',
    );
    expect(shop.errorOf(await shop.buy(alice, { voucherId: few, channelCode: undefined }), 400)).toBe(
      'channel_required',
    );
    expect(shop.errorOf(await shop.buy(alice, { voucherId: few, channelCode: 'bitcoin' }), 400)).toBe(
      'channel_unavailable',
    );
    expect(shop.errorOf(await shop.buy(alice, { voucherId: few, phone: '12345' }), 400)).toBe(
      'validation_failed',
    );
    expect(shop.errorOf(await shop.buy(alice, { voucherId: few, email: 'nope' }), 400)).toBe(
      'validation_failed',
    );
    expect(await shop.sold(few)).toBe(0);
    expect(
      await t.db
        .selectFrom('purchase_order')
        .select('id')
        .where('member_id', '=', alice.id)
        .where('status', '=', 'PENDING')
        .where('total', '=', 999999)
        .execute(),
    ).toHaveLength(0);
  });

  it('checks every coupon reason', async () => {
    const v = await shop.voucher({ price: 100 });
    const other = await shop.voucher({ price: 100, merchant_id: f.m.sen, category_id: f.cat.dining });
    const check = async (code: string, voucherId = v) =>
      (await shop.call(alice, 'GET', `/bff/coupons/check?voucherId=${voucherId}&couponCode=${code}`)).json<{
        data: { valid: boolean; problem: string | null; discount: number };
      }>().data;
    const now = t.clock.now().getTime();
    expect(await check('NOSUCHCODE')).toMatchObject({ valid: false, problem: 'coupon_not_found' });
    expect(
      await check(
        (await shop.coupon({ starts_at: new Date(now - 9e9), ends_at: new Date(now - 1000) })).code,
      ),
    ).toMatchObject({ problem: 'coupon_expired' });
    expect(
      await check(
        (await shop.coupon({ starts_at: new Date(now + 1000), ends_at: new Date(now + 9e9) })).code,
      ),
    ).toMatchObject({ problem: 'coupon_not_started' });
    expect(await check((await shop.coupon({ min_spend: 101 })).code)).toMatchObject({
      problem: 'coupon_min_spend',
    });
    expect(await check((await shop.coupon({}, { vouchers: [other] })).code)).toMatchObject({
      problem: 'coupon_not_applicable',
    });
    expect(await check((await shop.coupon({}, { merchants: [f.m.sen] })).code)).toMatchObject({
      problem: 'coupon_not_applicable',
    });
    expect(await check((await shop.coupon({ total_limit: 2, used_count: 2 })).code)).toMatchObject({
      problem: 'coupon_used_up',
    });
    const once = await shop.coupon({ per_member_limit: 1 });
    shop.orderOf(await shop.buy(alice, { voucherId: v, couponCode: once.code }));
    expect(await check(once.code)).toMatchObject({ problem: 'coupon_already_used' });
    expect(await check(once.code, other)).toMatchObject({ problem: 'coupon_already_used' });
    expect(await check((await shop.coupon({}, { merchants: [f.m.kafae] })).code)).toMatchObject({
      valid: true,
      discount: 10,
    });
    // Used by another order of the member: the same code at checkout is refused with the reason.
    expect(shop.errorOf(await shop.buy(alice, { voucherId: v, couponCode: once.code }), 409)).toBe(
      'coupon_already_used',
    );

    const list = (await shop.call(alice, 'GET', `/bff/coupons/vouchers/${v}`))
      .json<{ data: { code: string }[] }>()
      .data.map((c) => c.code);
    expect(list).not.toContain(once.code);
    expect(shop.errorOf(await shop.call(alice, 'GET', `/bff/coupons/vouchers/${randomUUID()}`), 404)).toBe(
      'voucher_not_found',
    );
  });

  it('takes only what was bought off a cart line: units added while paying stay in the cart', async () => {
    const v = await shop.voucher({ stock: 50 });
    const add = (quantity: number) =>
      shop.call(bob, 'POST', '/bff/cart/addItems', { items: [{ voucherId: v, quantity }] });
    await add(2);
    const line = (await shop.call(bob, 'GET', '/bff/cart'))
      .json<{ data: { items: { id: string; voucher: { id: string } }[] } }>()
      .data.items.find((i) => i.voucher.id === v);
    const order = shop.orderOf(
      await shop.call(bob, 'POST', '/bff/orders/cart', { cartItemIds: [line?.id], ...shop.contact(bob) }),
    );
    await add(3);
    await shop.answerBank(order.id, 'approve');
    expect((await shop.settled(bob, order.id)).status).toBe('SUCCESSFUL');
    const after = (await shop.call(bob, 'GET', '/bff/cart'))
      .json<{ data: { items: { id: string; quantity: number }[] } }>()
      .data.items.find((i) => i.id === line?.id);
    expect(after?.quantity).toBe(3);
  });

  it('holds at most 5 unpaid orders per member', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ stock: 50 });
    for (let i = 0; i < 5; i++) shop.orderOf(await shop.buy(m, { voucherId: v }));
    expect(shop.errorOf(await shop.buy(m, { voucherId: v }), 409)).toBe('too_many_open_orders');
    expect(await shop.sold(v)).toBe(5);
  });

  it('a status check on an expired order that never got its charge closes it at once', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ stock: 5 });
    const order = shop.orderOf(await shop.buy(m, { voucherId: v }));
    await t.db.deleteFrom('payment').where('order_id', '=', order.id).execute();
    t.clock.advance(PAYMENT_EXPIRY_MINUTES * 60_000 + 1000);
    await Promise.all([shop.renew(m), shop.renew(alice), shop.renew(bob)]);
    const started = Date.now();
    expect((await shop.status(m, order.id)).status).toBe('CANCELLED');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await shop.sold(v)).toBe(0);
  });

  it('moves orders only along the transition table', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      PENDING: ['IN_PROGRESS', 'FAILED', 'CANCELLED'],
      IN_PROGRESS: ['SUCCESSFUL', 'ERROR'],
      ERROR: ['SUCCESSFUL'],
      SUCCESSFUL: ['PARTIALLY_REFUNDED', 'REFUNDED'],
      FAILED: [],
      CANCELLED: [],
      PARTIALLY_REFUNDED: ['REFUNDED'],
      REFUNDED: [],
    });
  });
});
