import { randomUUID } from 'node:crypto';
import { CouponOptionsResponseSchema, QuoteResponseSchema, type CouponOption } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

/*
 * POST /bff/coupons/options: the checkout's coupon list judged for the member's actual basket. What it
 * calls usable the quote (and so the order) accepts with the same discount; what it refuses, the quote
 * refuses for the same reason.
 */
describe('the coupons for a basket', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let alice: Member;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    alice = await shop.member();
  });
  afterAll(() => t.close());

  const optionsOf = async (m: Member, body: unknown, lang = 'en'): Promise<CouponOption[]> => {
    const res = await shop.call(m, 'POST', '/bff/coupons/options', body, { 'accept-language': lang });
    expect(res.statusCode, res.body).toBe(200);
    return CouponOptionsResponseSchema.parse(res.json()).data;
  };
  const byCode = (options: CouponOption[]) => new Map(options.map((o) => [o.coupon.code, o]));

  /** Every option agrees with the quote for the same basket and code. */
  const expectQuoteAgrees = async (m: Member, basket: Record<string, unknown>, options: CouponOption[]) => {
    for (const o of options) {
      const res = await shop.call(m, 'POST', '/bff/orders/quote', { ...basket, couponCode: o.coupon.code });
      const q = QuoteResponseSchema.parse(res.json()).data;
      if (o.usable) expect([o.coupon.code, q.coupon?.discount]).toEqual([o.coupon.code, o.discount]);
      else expect([o.coupon.code, q.couponProblem]).toEqual([o.coupon.code, o.problem]);
    }
  };

  it('judges a cart of two stores as the order would: minimum spend over the lines a coupon covers', async () => {
    const kafae = await shop.voucher({ price: 100 });
    const sen = await shop.voucher({ price: 100, merchant_id: f.m.sen });
    const kafaeMin = await shop.coupon(
      { min_spend: 150, discount_type: 'fixed', discount_value: 20 },
      {
        merchants: [f.m.kafae],
      },
    );
    const everywhereMin = await shop.coupon({ min_spend: 150, discount_type: 'fixed', discount_value: 30 });
    const senOnly = await shop.coupon({ discount_type: 'fixed', discount_value: 10 }, { vouchers: [sen] });
    const spaOnly = await shop.coupon({}, { merchants: [f.m.spa] });
    const ended = await shop.coupon({
      starts_at: new Date(FIXTURE_NOW.getTime() - 9e9),
      ends_at: new Date(FIXTURE_NOW.getTime() - 1000),
    });
    const once = await shop.coupon({ per_member_limit: 1 }, { vouchers: [kafae] });
    shop.orderOf(await shop.buy(alice, { voucherId: kafae, couponCode: once.code }));

    const add = (voucherId: string) =>
      shop.call(alice, 'POST', '/bff/cart/addItems', { items: [{ voucherId, quantity: 1 }] });
    await add(kafae);
    await add(sen);
    const cart = (await shop.call(alice, 'GET', '/bff/cart')).json<{
      data: { items: { id: string; voucher: { id: string } }[] };
    }>().data.items;
    const basket = {
      cartItemIds: cart.filter((i) => i.voucher.id === kafae || i.voucher.id === sen).map((i) => i.id),
    };
    const options = await optionsOf(alice, basket);
    const list = byCode(options);

    // Other stores' and ended coupons are not offered at all.
    expect(list.has(spaOnly.code)).toBe(false);
    expect(list.has(ended.code)).toBe(false);
    // The whole basket (฿200) reaches the everywhere coupon's ฿150; Baan Kafae's ฿100 line alone does not.
    expect(list.get(everywhereMin.code)).toMatchObject({ usable: true, discount: 30, problem: null });
    expect(list.get(senOnly.code)).toMatchObject({ usable: true, discount: 10 });
    expect(list.get(kafaeMin.code)).toMatchObject({
      usable: false,
      problem: 'coupon_min_spend',
      shortfall: 50,
      discount: 0,
    });
    expect(list.get(once.code)).toMatchObject({
      usable: false,
      problem: 'coupon_already_used',
      shortfall: null,
    });
    // Usable ones first, the biggest saving first.
    expect(options.map((o) => o.usable)).toEqual(
      [...options]
        .map((o) => o.usable)
        .sort()
        .reverse(),
    );
    expect(options.findIndex((o) => o.coupon.code === everywhereMin.code)).toBeLessThan(
      options.findIndex((o) => o.coupon.code === senOnly.code),
    );
    await expectQuoteAgrees(alice, basket, options);

    // Buy Now two units of the Baan Kafae voucher: now ฿200 reaches its store's coupon too.
    const single = { voucherId: kafae, quantity: 2 };
    const two = byCode(await optionsOf(alice, single));
    expect(two.get(kafaeMin.code)).toMatchObject({ usable: true, discount: 20 });
    expect(two.has(senOnly.code)).toBe(false);
    await expectQuoteAgrees(alice, single, [...two.values()]);
  });

  it("gives the reason in the reader's language", async () => {
    const v = await shop.voucher({ price: 100 });
    const c = await shop.coupon({ min_spend: 1000 }, { vouchers: [v] });
    const [th] = (await optionsOf(alice, { voucherId: v, quantity: 1 }, 'th')).filter(
      (o) => o.coupon.code === c.code,
    );
    expect(th).toMatchObject({ usable: false, problem: 'coupon_min_spend', shortfall: 900 });
    expect(th?.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(th?.message).toContain('1,000');
    expect(th?.coupon.title).toMatch(/^คูปอง /);
  });

  it('refuses what cannot be a basket with a clear error, never a 5xx', async () => {
    const v = await shop.voucher();
    const status = async (body: unknown) =>
      (await shop.call(alice, 'POST', '/bff/coupons/options', body)).statusCode;
    expect(await status({ voucherId: 'nope', quantity: 1 })).toBe(400);
    expect(await status({ voucherId: v, quantity: 0 })).toBe(400);
    expect(await status({ cartItemIds: [] })).toBe(400);
    expect(await status({})).toBe(400);
    const unknown = await shop.call(alice, 'POST', '/bff/coupons/options', {
      voucherId: randomUUID(),
      quantity: 1,
    });
    expect(shop.errorOf(unknown, 404)).toBe('voucher_not_found');
    const notMine = await shop.call(alice, 'POST', '/bff/coupons/options', { cartItemIds: [randomUUID()] });
    expect(notMine.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMine.statusCode).toBeLessThan(500);
    expect(
      (await shop.call(null, 'POST', '/bff/coupons/options', { voucherId: v, quantity: 1 })).statusCode,
    ).toBe(401);
  });
});
