import { CartResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';

const TH = { 'accept-language': 'th' };

/*
 * A voucher's limit per member holds on the cart's checkout as on Buy Now: the cart may hold more than
 * the member may still buy, and Checkout refuses them with the same words, without placing an order.
 */
describe('purchase limits through the cart checkout', () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
  });
  afterAll(() => t.close());

  const cartLines = async (m: Member) =>
    CartResponseSchema.parse((await shop.call(m, 'GET', '/bff/cart')).json()).data.items;
  const ordersOf = async (m: Member) =>
    (await t.db.selectFrom('purchase_order').select('id').where('member_id', '=', m.id).execute()).length;

  it('refuses a cart line over what is left of the limit, in English and Thai; the line stays, no order', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 0, limit_per_member: 2, title_en: 'Free Cookie' });
    shop.orderOf(await shop.buy(m, { voucherId: v, quantity: 1, channelCode: undefined }));
    const added = await shop.call(m, 'POST', '/bff/cart/addItems', {
      items: [{ voucherId: v, quantity: 2 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [line] = await cartLines(m);
    if (!line) throw new Error('the line was not added');
    const body = { ...shop.contact(m), channelCode: undefined, cartItemIds: [line.id] };
    const before = await ordersOf(m);

    const en = await shop.call(m, 'POST', '/bff/orders/cart', body);
    expect(shop.errorOf(en, 409)).toBe('purchase_limit_reached');
    expect(en.json<{ message: string[] }>().message[0]).toBe(
      'You can buy at most 2 of “Free Cookie”, and you can buy 1 more.',
    );
    const th = await shop.call(m, 'POST', '/bff/orders/cart', body, TH);
    expect(shop.errorOf(th, 409)).toBe('purchase_limit_reached');
    expect(th.json<{ message: string[] }>().message[0]).toMatch(
      /^บัตรกำนัล “.+” ซื้อได้ไม่เกิน 2 ใบต่อสมาชิก คุณซื้อเพิ่มได้อีก 1 ใบ$/,
    );
    expect(await ordersOf(m)).toBe(before);
    expect((await cartLines(m)).map((l) => l.quantity)).toEqual([2]);

    // Within what is left, the same line checks out.
    const fewer = await shop.call(m, 'PATCH', '/bff/cart/update/item', { id: line.id, quantity: 1 });
    expect(fewer.statusCode, fewer.body).toBe(200);
    shop.orderOf(await shop.call(m, 'POST', '/bff/orders/cart', body));
    // Now the limit is reached: one more in the cart is refused at checkout.
    await shop.call(m, 'POST', '/bff/cart/addItems', { items: [{ voucherId: v, quantity: 1 }] });
    const [again] = await cartLines(m);
    const full = await shop.call(m, 'POST', '/bff/orders/cart', { ...body, cartItemIds: [again?.id] });
    expect(shop.errorOf(full, 409)).toBe('purchase_limit_reached');
    expect(full.json<{ message: string[] }>().message[0]).toBe(
      'You can buy at most 2 of “Free Cookie”, and you already have them.',
    );
  });
});
