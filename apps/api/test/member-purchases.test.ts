import { QuoteResponseSchema, VoucherDetailResponseSchema, type Quote } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountShares, linePoints, type PricedLine } from '../src/modules/orders/pricing.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';

const TH = { 'accept-language': 'th' };

describe('what a member buys, earns and is mailed', () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
  });
  afterAll(() => t.close());

  const quoteOf = async (m: Member, body: unknown): Promise<Quote> => {
    const res = await shop.call(m, 'POST', '/bff/orders/quote', body);
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponseSchema.parse(res.json()).data;
  };
  const earned = async (orderId: string) =>
    (
      await t.db
        .selectFrom('points_ledger')
        .select('points')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'earn')
        .execute()
    ).map((r) => r.points);

  /** A voucher at the programme's earn rate with a ฿180 standard and a ฿240 premium option. */
  const ticketWithOptions = async () => {
    const v = await shop.voucher({ price: 180, points_earned: null });
    const [standard, premium] = await Promise.all(
      [
        ['Standard', 'ธรรมดา', 180],
        ['Premium', 'พรีเมียม', 240],
      ].map(async ([en, th, price]) => {
        const row = await t.db
          .insertInto('voucher_price_option')
          .values({ voucher_id: v, label_en: String(en), label_th: String(th), price: Number(price) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    return { v, standard: standard as string, premium: premium as string };
  };

  describe('points follow the price actually paid', () => {
    it('a ฿240 premium option earns more than the ฿180 standard one, and the catalogue says so', async () => {
      const m = await shop.member();
      const { v, standard, premium } = await ticketWithOptions();
      const std = await quoteOf(m, { voucherId: v, priceOptionId: standard, quantity: 1 });
      const prem = await quoteOf(m, { voucherId: v, priceOptionId: premium, quantity: 1 });
      // 1 point for every full ฿25: ฿180 → 7, ฿240 → 9.
      expect(std.pointsEarned).toBe(7);
      expect(prem.pointsEarned).toBe(9);
      expect(prem.items[0]?.pointsEarned).toBe(9);
      const detail = VoucherDetailResponseSchema.parse(
        (await shop.call(m, 'GET', `/bff/vouchers/${v}`)).json(),
      ).data;
      expect(detail.pointsEarned).toBe(7);
      expect(detail.priceOptions.map((o) => [o.price, o.pointsEarned])).toEqual([
        [180, 7],
        [240, 9],
      ]);
    });

    it('the ledger gets exactly what the checkout quoted: after the coupon, on the premium option', async () => {
      const m = await shop.member();
      const { v, premium } = await ticketWithOptions();
      const c = await shop.coupon({ discount_type: 'fixed', discount_value: 60 });
      const body = { voucherId: v, priceOptionId: premium, quantity: 2, couponCode: c.code };
      const q = await quoteOf(m, body);
      // ฿480 less ฿60 = ฿420 paid → 16 points (not 2 × 9 = 18 at full price, nor 2 × 7 = 14).
      expect(q).toMatchObject({ subtotal: 480, discount: 60, total: 420, pointsEarned: 16 });
      const order = shop.orderOf(await shop.buy(m, body));
      expect(order.pointsEarned).toBe(16);
      await shop.answerBank(order.id, 'approve');
      const done = await shop.settled(m, order.id);
      expect(done.status).toBe('SUCCESSFUL');
      expect(done.items[0]?.pointsEarned).toBe(16);
      expect(await earned(order.id)).toEqual([16]);
    });

    it('spreads a discount over the lines it covers in proportion, in whole baht that add up', () => {
      const line = (unitPrice: number, quantity = 1): PricedLine => ({
        voucherId: `v${unitPrice}`,
        merchantId: 'm',
        priceOptionId: null,
        quantity,
        unitPrice,
        unitPoints: 0,
        rate: { points: 1, price: 25 },
      });
      const lines = [line(100), line(300), line(250)];
      const shares = discountShares(lines, [true, true, false], 50);
      expect(shares).toEqual([13, 37, 0]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(50);
      // ฿87 → 3, ฿263 → 10, ฿250 → 10.
      expect(linePoints(lines, shares)).toEqual([3, 10, 10]);
      // A voucher's own rate is kept pro rata; a free voucher's own points are a grant per unit.
      const own = { ...line(200, 2), rate: { points: 10, price: 200 } };
      const free = { ...line(0, 3), rate: { points: 5, price: 0 } };
      expect(linePoints([own, free], [100, 0])).toEqual([15, 15]);
    });
  });

  describe('limits per member', () => {
    it('refuses more than the limit in one order, then more than the limit over all orders, in both languages', async () => {
      const m = await shop.member();
      const v = await shop.voucher({
        price: 0,
        limit_per_order: 2,
        limit_per_member: 3,
        title_en: 'Free Cookie',
      });
      const three = await shop.buy(m, { voucherId: v, quantity: 3, channelCode: undefined });
      expect(shop.errorOf(three, 409)).toBe('purchase_limit_reached');
      expect(three.json<{ message: string[] }>().message[0]).toBe(
        'You can buy at most 2 of “Free Cookie” in one order.',
      );
      // The quote says so before Confirm.
      expect(
        shop.errorOf(await shop.call(m, 'POST', '/bff/orders/quote', { voucherId: v, quantity: 3 }), 409),
      ).toBe('purchase_limit_reached');
      shop.orderOf(await shop.buy(m, { voucherId: v, quantity: 2, channelCode: undefined }));
      const over = await shop.call(
        m,
        'POST',
        '/bff/orders',
        { ...shop.contact(m), voucherId: v, quantity: 2, channelCode: undefined },
        TH,
      );
      expect(shop.errorOf(over, 409)).toBe('purchase_limit_reached');
      expect(over.json<{ message: string[] }>().message[0]).toMatch(
        /^บัตรกำนัล “.+” ซื้อได้ไม่เกิน 3 ใบต่อสมาชิก คุณซื้อเพิ่มได้อีก 1 ใบ$/,
      );
      shop.orderOf(await shop.buy(m, { voucherId: v, quantity: 1, channelCode: undefined }));
      const full = await shop.buy(m, { voucherId: v, quantity: 1, channelCode: undefined });
      expect(shop.errorOf(full, 409)).toBe('purchase_limit_reached');
      expect(full.json<{ message: string[] }>().message[0]).toBe(
        'You can buy at most 3 of “Free Cookie”, and you already have them.',
      );
      // Another member has a limit of their own.
      shop.orderOf(
        await shop.buy(await shop.member(), { voucherId: v, quantity: 2, channelCode: undefined }),
      );
      // The voucher tells the member its limits.
      const detail = VoucherDetailResponseSchema.parse(
        (await shop.call(m, 'GET', `/bff/vouchers/${v}`)).json(),
      ).data;
      expect(detail).toMatchObject({ limitPerOrder: 2, limitPerMember: 3 });
    });

    it('counts unpaid orders, and gives the units back when an order is cancelled', async () => {
      const m = await shop.member();
      const v = await shop.voucher({ price: 100, limit_per_member: 1 });
      const first = shop.orderOf(await shop.buy(m, { voucherId: v }));
      expect(shop.errorOf(await shop.buy(m, { voucherId: v }), 409)).toBe('purchase_limit_reached');
      shop.orderOf(await shop.call(m, 'POST', '/bff/orders/cancel', { orderId: first.id }));
      shop.orderOf(await shop.buy(m, { voucherId: v }));
    });

    it('many parallel orders of one member never pass the limit', async () => {
      const m = await shop.member();
      const v = await shop.voucher({ price: 0, stock: 233, limit_per_member: 2 });
      const results = await Promise.all(
        Array.from({ length: 24 }, () => shop.buy(m, { voucherId: v, quantity: 1, channelCode: undefined })),
      );
      const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json<{ code: string }>().code));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(2);
      expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['purchase_limit_reached']));
      expect(await shop.sold(v)).toBe(2);
    }, 120_000);
  });

  describe('receipts', () => {
    it('go to the member’s own address; the contact address typed at checkout is kept but not mailed', async () => {
      const m = await shop.member();
      const stranger = `stranger.${Date.now()}@example.com`;
      const v = await shop.voucher({ price: 0 });
      const order = shop.orderOf(
        await shop.buy(m, { voucherId: v, email: stranger, channelCode: undefined }),
      );
      expect(order).toMatchObject({ status: 'SUCCESSFUL', email: stranger });
      const until = Date.now() + 20_000;
      let sent: { to_address: string }[] = [];
      while (sent.length === 0 && Date.now() < until) {
        const row = await t.db
          .selectFrom('purchase_order')
          .select('receipt_sent_at')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        if (row.receipt_sent_at)
          sent = await t.db
            .selectFrom('mail_outbox')
            .select('to_address')
            .where('subject', 'like', `%${order.number}%`)
            .execute();
        else await new Promise((r) => setTimeout(r, 100));
      }
      expect(sent.map((s) => s.to_address)).toEqual([m.email]);
      const toStranger = await t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', stranger)
        .execute();
      expect(toStranger).toEqual([]);
    });
  });
});
