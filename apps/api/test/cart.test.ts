import { randomUUID } from 'node:crypto';
import {
  CART_ITEM_MAX_QUANTITY,
  CART_MAX_LINES,
  CartResponseSchema,
  ErrorEnvelopeSchema,
  type Cart,
  type CartItem,
  type Tier,
} from '@app/contracts';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherTable } from '../src/db/schema.ts';
import { cartLinesFor, removeCartLines } from '../src/modules/cart/index.ts';
import { addToLine } from '../src/modules/cart/cart.repository.ts';
import { loadPurchasables, releaseStock, reserveStock } from '../src/modules/catalogue/index.ts';
import { bearer, buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';

type Line = { voucherId: string; priceOptionId?: string | null; quantity: number };

describe('the cart: /bff/cart…', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let massage60: string;
  let massage90: string;
  // Members and vouchers made to measure, as the order tests make them.
  let shop: Shop;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    const options = await t.db
      .selectFrom('voucher_price_option')
      .select(['id', 'price'])
      .where('voucher_id', '=', f.v.massage)
      .execute();
    massage60 = options.find((o) => o.price === 590)?.id ?? '';
    massage90 = options.find((o) => o.price === 790)?.id ?? '';
  });
  afterAll(() => t.close());
  const member = (tier?: Tier) => shop.member(tier);
  const voucher = (extra?: Partial<Insertable<VoucherTable>>) => shop.voucher(extra);

  const setTier = (m: Member, tier: Tier) =>
    t.db.updateTable('member').set({ tier }).where('id', '=', m.id).execute();

  const call = (
    m: Member | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    lang?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(m ? bearer(m.token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  /** The cart from a 200 answer (checked against the contract). */
  const cartOf = (res: Awaited<ReturnType<typeof call>>): Cart => {
    expect(res.statusCode, res.body).toBe(200);
    return CartResponseSchema.parse(res.json()).data;
  };
  /** The code of an error answer with this status (checked against the envelope). */
  const errorOf = (res: Awaited<ReturnType<typeof call>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return ErrorEnvelopeSchema.parse(res.json()).code;
  };
  const getCart = async (m: Member, lang?: string) =>
    cartOf(await call(m, 'GET', '/bff/cart', undefined, lang));
  const add = (m: Member, items: Line[], lang?: string) =>
    call(m, 'POST', '/bff/cart/addItems', { items }, lang);
  const addOk = async (m: Member, items: Line[]) => cartOf(await add(m, items));
  const update = (m: Member, id: string, quantity: unknown) =>
    call(m, 'PATCH', '/bff/cart/update/item', { id, quantity });
  const removeOne = (m: Member, id: string) => call(m, 'DELETE', `/bff/cart/remove/item/${id}`);
  const removeMany = (m: Member, ids: unknown) => call(m, 'DELETE', '/bff/cart/remove/items', { ids });
  const lineOf = (cart: Cart, voucherId: string, optionId: string | null = null): CartItem => {
    const line = cart.items.find(
      (i) => i.voucher.id === voucherId && (i.priceOption?.id ?? null) === optionId,
    );
    if (!line) throw new Error(`no line of ${voucherId} in ${JSON.stringify(cart)}`);
    return line;
  };

  describe('reading and adding', () => {
    it('needs a member: every call without a token is a 401', async () => {
      for (const [method, url] of [
        ['GET', '/bff/cart'],
        ['POST', '/bff/cart/addItems'],
        ['PATCH', '/bff/cart/update/item'],
        ['DELETE', `/bff/cart/remove/item/${randomUUID()}`],
        ['DELETE', '/bff/cart/remove/items'],
        ['DELETE', '/bff/cart/clear'],
      ] as const)
        expect(errorOf(await call(null, method, url), 401)).toBe('unauthorized');
    });

    it('starts empty; an added voucher comes back with its price, store, picture and points, in the reader’s language', async () => {
      const m = await member();
      expect(await getCart(m)).toEqual({ items: [], itemCount: 0 });
      const res = await call(m, 'GET', '/bff/cart');
      expect(res.headers['cache-control']).toBe('private, no-store');

      const cart = await addOk(m, [{ voucherId: f.v.latte, quantity: 2 }]);
      expect(cart.itemCount).toBe(2);
      expect(cart.items).toHaveLength(1);
      const line = cart.items[0];
      expect(line).toMatchObject({
        voucher: { id: f.v.latte, title: 'Iced Latte', price: 65, pointsEarned: 2, remaining: null },
        merchant: { id: f.m.kafae, name: 'Baan Kafae' },
        priceOption: null,
        quantity: 2,
        maxQuantity: CART_ITEM_MAX_QUANTITY,
        lineTotal: 130,
        available: true,
        problem: null,
        addedAt: FIXTURE_NOW.toISOString(),
      });
      expect(line?.voucher.imageUrl).toMatch(/^\/media\/catalogue\/vouchers\/bk-iced-latte-1\.webp\?v=/);
      expect(line?.merchant.logoUrl).toMatch(/^\/media\/catalogue\/merchants\/baan-kafae-1\.webp\?v=/);

      const th = await getCart(m, 'th-TH,th;q=0.9');
      expect(th.items[0]).toMatchObject({ voucher: { title: 'ลาเต้เย็น' }, merchant: { name: 'บ้านกาแฟ' } });
      // The Thai title is missing: the English one, by the catalogue's fallback rule.
      const thOnly = await cartOf(await add(m, [{ voucherId: f.v.chicken, quantity: 1 }], 'en'));
      expect(lineOf(thOnly, f.v.chicken).voucher.title).toBe('ข้าวมันไก่');
      // No picture of its own: the store's logo.
      expect(lineOf(thOnly, f.v.chicken).voucher.imageUrl).toMatch(/^\/media\/catalogue\/merchants\//);
    });

    it('adding the same voucher again adds to its line; lines are newest first; one call’s repeats add up', async () => {
      const m = await member();
      await addOk(m, [{ voucherId: f.v.latte, quantity: 2 }]);
      t.clock.advance(1000);
      let cart = await addOk(m, [{ voucherId: f.v.cookie, quantity: 1 }]);
      expect(cart.items.map((i) => i.voucher.id)).toEqual([f.v.cookie, f.v.latte]);
      t.clock.advance(1000);
      cart = await addOk(m, [{ voucherId: f.v.latte, quantity: 3 }]);
      // Still one line, where it was (adding to a line does not make it new).
      expect(cart.items.map((i) => [i.voucher.id, i.quantity])).toEqual([
        [f.v.cookie, 1],
        [f.v.latte, 5],
      ]);
      cart = await addOk(m, [
        { voucherId: f.v.noodles, quantity: 1 },
        { voucherId: f.v.noodles.toUpperCase(), priceOptionId: null, quantity: 2 },
      ]);
      expect(lineOf(cart, f.v.noodles).quantity).toBe(3);
      expect(cart.items).toHaveLength(3);
      expect(cart.itemCount).toBe(9);
      // A free voucher is a line of 0 baht.
      expect(lineOf(cart, f.v.cookie)).toMatchObject({ voucher: { price: 0 }, lineTotal: 0 });
    });

    it('a voucher with options needs one of its own options; each option is its own line at its price', async () => {
      const m = await member();
      expect(errorOf(await add(m, [{ voucherId: f.v.massage, quantity: 1 }]), 400)).toBe(
        'price_option_required',
      );
      expect(errorOf(await add(m, [{ voucherId: f.v.massage, priceOptionId: null, quantity: 1 }]), 400)).toBe(
        'price_option_required',
      );
      expect(
        errorOf(await add(m, [{ voucherId: f.v.massage, priceOptionId: randomUUID(), quantity: 1 }]), 400),
      ).toBe('price_option_not_found');
      // Another voucher's option, and an option for a voucher without options.
      expect(
        errorOf(await add(m, [{ voucherId: f.v.latte, priceOptionId: massage60, quantity: 1 }]), 400),
      ).toBe('price_option_not_found');
      const th = await add(m, [{ voucherId: f.v.massage, quantity: 1 }], 'th');
      expect(th.json<{ message: string[] }>().message[0]).toBe('กรุณาเลือกตัวเลือกของบัตรกำนัลนี้');

      await addOk(m, [{ voucherId: f.v.massage, priceOptionId: massage90, quantity: 1 }]);
      const cart = await addOk(m, [{ voucherId: f.v.massage, priceOptionId: massage60, quantity: 2 }]);
      expect(cart.items).toHaveLength(2);
      expect(lineOf(cart, f.v.massage, massage90)).toMatchObject({
        voucher: { price: 790 },
        priceOption: { id: massage90, label: '90 minutes', price: 790 },
        lineTotal: 790,
      });
      expect(lineOf(cart, f.v.massage, massage60)).toMatchObject({ quantity: 2, lineTotal: 1180 });
      expect(lineOf(await getCart(m, 'th'), f.v.massage, massage60).priceOption?.label).toBe('60 นาที');
    });

    it('refuses what cannot be bought now, each with its reason, and adds nothing of a call that fails', async () => {
      const m = await member();
      const silver = await member('silver');
      const gold = await member('gold');
      expect(errorOf(await add(m, [{ voucherId: f.v.mug, quantity: 1 }]), 409)).toBe('out_of_stock');
      expect(errorOf(await add(m, [{ voucherId: f.v.cake, quantity: 1 }]), 409)).toBe('sale_not_started');
      expect(errorOf(await add(m, [{ voucherId: f.v.tea, quantity: 1 }]), 409)).toBe('sale_ended');
      expect(errorOf(await add(m, [{ voucherId: f.v.shabu, quantity: 1 }]), 403)).toBe('tier_locked');
      expect(errorOf(await add(silver, [{ voucherId: f.v.shabu, quantity: 1 }]), 403)).toBe('tier_locked');
      expect(errorOf(await add(gold, [{ voucherId: f.v.english, quantity: 1 }]), 403)).toBe('tier_locked');
      expect(errorOf(await add(m, [{ voucherId: f.v.spaDay, quantity: 1 }]), 403)).toBe('privilege_only');
      expect(errorOf(await add(m, [{ voucherId: randomUUID(), quantity: 1 }]), 404)).toBe(
        'voucher_not_found',
      );
      expect(lineOf(await addOk(gold, [{ voucherId: f.v.shabu, quantity: 1 }]), f.v.shabu).available).toBe(
        true,
      );
      expect(
        lineOf(await addOk(silver, [{ voucherId: f.v.spaDay, quantity: 1 }]), f.v.spaDay).available,
      ).toBe(true);

      await addOk(m, [{ voucherId: f.v.latte, quantity: 1 }]);
      expect(
        errorOf(
          await add(m, [
            { voucherId: f.v.latte, quantity: 2 },
            { voucherId: f.v.cookie, quantity: 1 },
            { voucherId: f.v.mug, quantity: 1 },
          ]),
          409,
        ),
      ).toBe('out_of_stock');
      const cart = await getCart(m);
      expect(cart.items.map((i) => [i.voucher.id, i.quantity])).toEqual([[f.v.latte, 1]]);
    });

    it(`bounds a line by ${CART_ITEM_MAX_QUANTITY} and by the stock left`, async () => {
      const m = await member();
      expect(
        errorOf(await add(m, [{ voucherId: f.v.latte, quantity: CART_ITEM_MAX_QUANTITY + 1 }]), 400),
      ).toBe('validation_failed');
      await addOk(m, [{ voucherId: f.v.latte, quantity: 6 }]);
      expect(errorOf(await add(m, [{ voucherId: f.v.latte, quantity: 5 }]), 409)).toBe('quantity_limit');
      expect(
        errorOf(
          await add(m, [
            { voucherId: f.v.cookie, quantity: 6 },
            { voucherId: f.v.cookie, quantity: 5 },
          ]),
          409,
        ),
      ).toBe('quantity_limit');
      expect(lineOf(await addOk(m, [{ voucherId: f.v.latte, quantity: 4 }]), f.v.latte).quantity).toBe(10);

      const few = await voucher({ stock: 5, sold: 2 });
      expect(errorOf(await add(m, [{ voucherId: few, quantity: 4 }]), 409)).toBe('quantity_limit');
      const cart = await addOk(m, [{ voucherId: few, quantity: 3 }]);
      expect(lineOf(cart, few)).toMatchObject({ quantity: 3, maxQuantity: 3, voucher: { remaining: 3 } });
      expect(errorOf(await add(m, [{ voucherId: few, quantity: 1 }]), 409)).toBe('quantity_limit');
      expect(errorOf(await update(m, lineOf(cart, few).id, 4), 409)).toBe('quantity_limit');
      const last = await voucher({ stock: 1, sold: 1 });
      expect(errorOf(await add(m, [{ voucherId: last, quantity: 1 }]), 409)).toBe('out_of_stock');
    });

    it(`holds at most ${CART_MAX_LINES} lines; adding to a line already there still works when full`, async () => {
      const m = await member();
      const ids = await Promise.all(Array.from({ length: CART_MAX_LINES + 1 }, () => voucher()));
      const cart = await addOk(
        m,
        ids.slice(0, CART_MAX_LINES).map((voucherId) => ({ voucherId, quantity: 1 })),
      );
      expect(cart.items).toHaveLength(CART_MAX_LINES);
      expect(errorOf(await add(m, [{ voucherId: ids[CART_MAX_LINES] ?? '', quantity: 1 }]), 409)).toBe(
        'cart_full',
      );
      expect(lineOf(await addOk(m, [{ voucherId: ids[0] ?? '', quantity: 2 }]), ids[0] ?? '').quantity).toBe(
        3,
      );
      expect((await getCart(m)).items).toHaveLength(CART_MAX_LINES);
    });
  });

  describe('lines that became unavailable', () => {
    it('are kept and flagged — sold out, sale ended, not enough left, option gone, tier lowered — never dropped', async () => {
      const m = await member('gold');
      const soldOut = await voucher({ stock: 5 });
      const ending = await voucher();
      const shrinking = await voucher({ stock: 10 });
      const gainsOptions = await voucher();
      await addOk(m, [
        { voucherId: soldOut, quantity: 2 },
        { voucherId: ending, quantity: 1 },
        { voucherId: shrinking, quantity: 4 },
        { voucherId: gainsOptions, quantity: 1 },
        { voucherId: f.v.shabu, quantity: 1 },
        { voucherId: f.v.latte, quantity: 1 },
      ]);
      expect((await getCart(m)).items.every((i) => i.available)).toBe(true);

      await t.db.updateTable('voucher').set({ sold: 5 }).where('id', '=', soldOut).execute();
      await t.db
        .updateTable('voucher')
        .set({ sale_ends_at: new Date(FIXTURE_NOW.getTime() - 1000) })
        .where('id', '=', ending)
        .execute();
      await t.db.updateTable('voucher').set({ sold: 8 }).where('id', '=', shrinking).execute();
      await t.db
        .insertInto('voucher_price_option')
        .values({ voucher_id: gainsOptions, label_en: 'Large', label_th: 'ใหญ่', price: 150 })
        .execute();
      await setTier(m, 'member');

      const cart = await getCart(m);
      expect(cart.items).toHaveLength(6);
      expect(cart.itemCount).toBe(10);
      const flags = (id: string) => {
        const l = lineOf(cart, id);
        return {
          available: l.available,
          problem: l.problem,
          maxQuantity: l.maxQuantity,
          quantity: l.quantity,
        };
      };
      expect(flags(soldOut)).toEqual({ available: false, problem: 'sold_out', maxQuantity: 0, quantity: 2 });
      expect(flags(ending)).toMatchObject({ available: false, problem: 'ended' });
      expect(flags(shrinking)).toEqual({
        available: false,
        problem: 'not_enough_stock',
        maxQuantity: 2,
        quantity: 4,
      });
      expect(flags(gainsOptions)).toMatchObject({ available: false, problem: 'option_removed' });
      expect(flags(f.v.shabu)).toMatchObject({ available: false, problem: 'tier_locked' });
      expect(flags(f.v.latte)).toMatchObject({ available: true, problem: null });

      // Changing a flagged line's quantity answers its reason; lowering to what is left mends it.
      expect(errorOf(await update(m, lineOf(cart, soldOut).id, 1), 409)).toBe('out_of_stock');
      expect(errorOf(await update(m, lineOf(cart, ending).id, 1), 409)).toBe('sale_ended');
      expect(errorOf(await update(m, lineOf(cart, f.v.shabu).id, 1), 403)).toBe('tier_locked');
      expect(errorOf(await update(m, lineOf(cart, gainsOptions).id, 1), 400)).toBe('price_option_required');
      expect(errorOf(await update(m, lineOf(cart, shrinking).id, 3), 409)).toBe('quantity_limit');
      const mended = cartOf(await update(m, lineOf(cart, shrinking).id, 2));
      expect(lineOf(mended, shrinking)).toMatchObject({ available: true, problem: null, quantity: 2 });
      // Giving the tier back makes the line buyable again.
      await setTier(m, 'gold');
      expect(lineOf(await getCart(m), f.v.shabu).available).toBe(true);
    });
  });

  describe('update, remove, clear', () => {
    it('update sets one line’s quantity; another member’s line, an unknown one, or bad input is refused', async () => {
      const m = await member();
      const other = await member();
      const mine = lineOf(await addOk(m, [{ voucherId: f.v.latte, quantity: 1 }]), f.v.latte);
      const theirs = lineOf(await addOk(other, [{ voucherId: f.v.latte, quantity: 1 }]), f.v.latte);
      const cart = cartOf(await update(m, mine.id, 7));
      expect(lineOf(cart, f.v.latte)).toMatchObject({ quantity: 7, lineTotal: 455 });
      expect(cart.itemCount).toBe(7);
      expect(lineOf(cartOf(await update(m, mine.id, 2)), f.v.latte).quantity).toBe(2);

      expect(errorOf(await update(m, theirs.id, 5), 404)).toBe('cart_item_not_found');
      expect(lineOf(await getCart(other), f.v.latte).quantity).toBe(1);
      expect(errorOf(await update(m, randomUUID(), 5), 404)).toBe('cart_item_not_found');
      for (const quantity of [0, -1, 11, 2.5, '3', null, 1e9])
        expect(errorOf(await update(m, mine.id, quantity), 400)).toBe('validation_failed');
      for (const body of [
        { id: 'abc', quantity: 1 },
        { id: mine.id },
        { id: mine.id, quantity: 1, price: 1 },
        {},
      ])
        expect(errorOf(await call(m, 'PATCH', '/bff/cart/update/item', body), 400)).toBe('validation_failed');
      expect(lineOf(await getCart(m), f.v.latte).quantity).toBe(2);
    });

    it('remove one: the member’s line goes; another’s, an unknown or a malformed id is a 404', async () => {
      const m = await member();
      const other = await member();
      const cart = await addOk(m, [
        { voucherId: f.v.latte, quantity: 1 },
        { voucherId: f.v.cookie, quantity: 1 },
      ]);
      const theirs = lineOf(await addOk(other, [{ voucherId: f.v.latte, quantity: 3 }]), f.v.latte);
      const latte = lineOf(cart, f.v.latte);
      const after = cartOf(await removeOne(m, latte.id));
      expect(after.items.map((i) => i.voucher.id)).toEqual([f.v.cookie]);
      expect(errorOf(await removeOne(m, latte.id), 404)).toBe('cart_item_not_found');
      expect(errorOf(await removeOne(m, theirs.id), 404)).toBe('cart_item_not_found');
      expect(errorOf(await removeOne(m, 'not-a-uuid'), 404)).toBe('cart_item_not_found');
      expect(errorOf(await removeOne(m, randomUUID()), 404)).toBe('cart_item_not_found');
      expect((await getCart(other)).items.map((i) => i.id)).toEqual([theirs.id]);
      // Not the other member's, not in their cart either.
      expect((await getCart(m)).items.map((i) => i.id)).not.toContain(theirs.id);
    });

    it('remove many: only the member’s lines among the ids go; others’ and unknown ids are ignored', async () => {
      const m = await member();
      const other = await member();
      const cart = await addOk(m, [
        { voucherId: f.v.latte, quantity: 1 },
        { voucherId: f.v.cookie, quantity: 1 },
        { voucherId: f.v.noodles, quantity: 1 },
      ]);
      const theirs = lineOf(await addOk(other, [{ voucherId: f.v.latte, quantity: 1 }]), f.v.latte);
      const after = cartOf(
        await removeMany(m, [
          lineOf(cart, f.v.latte).id,
          lineOf(cart, f.v.cookie).id,
          theirs.id,
          randomUUID(),
        ]),
      );
      expect(after.items.map((i) => i.voucher.id)).toEqual([f.v.noodles]);
      expect((await getCart(other)).items.map((i) => i.id)).toEqual([theirs.id]);
      for (const ids of [[], ['nope'], 'x', [1], Array.from({ length: 1000 }, () => randomUUID())])
        expect(errorOf(await removeMany(m, ids), 400)).toBe('validation_failed');
      // 10,000 ids are past the JSON body limit before any of them is read.
      const tenThousand = Array.from({ length: 10_000 }, () => randomUUID());
      expect(errorOf(await removeMany(m, tenThousand), 413)).toBe('payload_too_large');
      expect((await getCart(m)).items).toHaveLength(1);
    });

    it('clear empties the member’s cart and no one else’s', async () => {
      const m = await member();
      const other = await member();
      await addOk(m, [{ voucherId: f.v.latte, quantity: 2 }]);
      await addOk(other, [{ voucherId: f.v.latte, quantity: 1 }]);
      expect(cartOf(await call(m, 'DELETE', '/bff/cart/clear'))).toEqual({ items: [], itemCount: 0 });
      expect(cartOf(await call(m, 'DELETE', '/bff/cart/clear'))).toEqual({ items: [], itemCount: 0 });
      expect((await getCart(other)).itemCount).toBe(1);
    });
  });

  describe('hostile input', () => {
    it('answers 4xx, never 5xx: NUL bytes, huge strings, wrong types, unknown fields', async () => {
      const m = await member();
      const bodies: unknown[] = [
        { items: [{ voucherId: `${f.v.latte}\u0000`, quantity: 1 }] },
        { items: [{ voucherId: '\u0000', quantity: 1 }] },
        { items: [{ voucherId: 'x'.repeat(60_000), quantity: 1 }] },
        { items: [{ voucherId: f.v.latte, quantity: '1' }] },
        { items: [{ voucherId: f.v.latte, quantity: 1, price: 1 }] },
        { items: [{ voucherId: f.v.latte, priceOptionId: 'abc', quantity: 1 }] },
        { items: [{ voucherId: 12, quantity: 1 }] },
        { items: { voucherId: f.v.latte, quantity: 1 } },
        { items: [] },
        { items: Array.from({ length: CART_MAX_LINES + 1 }, () => ({ voucherId: f.v.latte, quantity: 1 })) },
        { items: [{ voucherId: f.v.latte, quantity: 1 }], memberId: randomUUID() },
        [],
        'items',
        null,
      ];
      for (const body of bodies) {
        const res = await call(m, 'POST', '/bff/cart/addItems', body);
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode).toBeLessThan(500);
        ErrorEnvelopeSchema.parse(res.json());
      }
      const huge = await call(m, 'POST', '/bff/cart/addItems', {
        items: [{ voucherId: 'x'.repeat(100_000), quantity: 1 }],
      });
      expect(errorOf(huge, 413)).toBe('payload_too_large');
      const broken = await t.app.inject({
        method: 'POST',
        url: '/bff/cart/addItems',
        headers: { ...bearer(m.token), 'content-type': 'application/json' },
        payload: '{"items": [',
      });
      expect(broken.statusCode).toBe(400);
      for (const path of ['%00', 'a%00b', '%E0%A4%A', `${'a'.repeat(100)}`, "1' or '1'='1"]) {
        const res = await removeOne(m, path);
        expect(res.statusCode, `${path} → ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect((await getCart(m)).items).toEqual([]);
    });
  });

  describe('concurrency', () => {
    it(`${CART_ITEM_MAX_QUANTITY * 2} concurrent adds of one unit end as one line of exactly ${CART_ITEM_MAX_QUANTITY}; the rest are quantity_limit`, async () => {
      for (let round = 0; round < 3; round++) {
        const m = await member();
        const v = await voucher();
        const answers = await Promise.all(
          Array.from({ length: CART_ITEM_MAX_QUANTITY * 2 }, () => add(m, [{ voucherId: v, quantity: 1 }])),
        );
        const statuses = answers.map((a) => a.statusCode).sort();
        expect(statuses.filter((s) => s === 200)).toHaveLength(CART_ITEM_MAX_QUANTITY);
        expect(
          answers.filter((a) => a.statusCode === 409).map((a) => a.json<{ code: string }>().code),
        ).toEqual(Array(CART_ITEM_MAX_QUANTITY).fill('quantity_limit'));
        const cart = await getCart(m);
        expect(cart.items.map((i) => [i.voucher.id, i.quantity])).toEqual([[v, CART_ITEM_MAX_QUANTITY]]);
      }
    });

    it('concurrent adds of different vouchers never pass the line limit', async () => {
      const m = await member();
      const first = await Promise.all(Array.from({ length: CART_MAX_LINES - 2 }, () => voucher()));
      await addOk(
        m,
        first.map((voucherId) => ({ voucherId, quantity: 1 })),
      );
      const more = await Promise.all(Array.from({ length: 8 }, () => voucher()));
      const answers = await Promise.all(more.map((voucherId) => add(m, [{ voucherId, quantity: 1 }])));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json<{ code: string }>().code)).toEqual(
        Array(6).fill('cart_full'),
      );
      expect((await getCart(m)).items).toHaveLength(CART_MAX_LINES);
    });
  });

  it('the line upsert alone (without the member lock) merges concurrent adds into one bounded line', async () => {
    const m = await member();
    const v = await voucher();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db
          .transaction()
          .execute((trx) =>
            addToLine(
              trx,
              { memberId: m.id, voucherId: v, priceOptionId: null, quantity: 1, max: 10 },
              FIXTURE_NOW,
            ),
          ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    const rows = await t.db
      .selectFrom('cart_item')
      .select('quantity')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toEqual([{ quantity: 10 }]);
  });

  describe('what checkout uses: cartLinesFor, removeCartLines', () => {
    it('reads and removes only the member’s own lines among the ids', async () => {
      const m = await member();
      const other = await member();
      const cart = await addOk(m, [
        { voucherId: f.v.latte, quantity: 2 },
        { voucherId: f.v.massage, priceOptionId: massage90, quantity: 1 },
      ]);
      const theirs = lineOf(await addOk(other, [{ voucherId: f.v.latte, quantity: 1 }]), f.v.latte);
      const latte = lineOf(cart, f.v.latte);
      const massage = lineOf(cart, f.v.massage, massage90);
      const lines = await cartLinesFor(t.db, m.id, [latte.id, massage.id, theirs.id, randomUUID(), 'junk']);
      expect(lines).toHaveLength(2);
      expect(lines).toEqual(
        expect.arrayContaining([
          { id: latte.id, voucherId: f.v.latte, priceOptionId: null, quantity: 2 },
          { id: massage.id, voucherId: f.v.massage, priceOptionId: massage90, quantity: 1 },
        ]),
      );
      expect(await cartLinesFor(t.db, m.id, [])).toEqual([]);
      await t.db.transaction().execute((trx) => removeCartLines(trx, m.id, [latte.id, theirs.id, 'junk']));
      expect((await getCart(m)).items.map((i) => i.id)).toEqual([massage.id]);
      expect((await getCart(other)).items.map((i) => i.id)).toEqual([theirs.id]);
    });
  });

  describe('purchase.ts', () => {
    it('loadPurchasables: one entry per ref in order, null for unknown, the option’s price, the viewer’s reasons', async () => {
      const refs = [
        { voucherId: f.v.massage, priceOptionId: massage90 },
        { voucherId: randomUUID(), priceOptionId: null },
        { voucherId: 'not-a-uuid', priceOptionId: null },
        { voucherId: f.v.latte.toUpperCase(), priceOptionId: null },
        { voucherId: f.v.massage, priceOptionId: null },
        { voucherId: f.v.massage, priceOptionId: randomUUID() },
        { voucherId: f.v.shabu, priceOptionId: null },
        { voucherId: f.v.mug, priceOptionId: null },
      ];
      const got = await loadPurchasables(t.db, refs, { lang: 'th', tier: 'member' }, FIXTURE_NOW);
      expect(got).toHaveLength(refs.length);
      expect(got[0]).toMatchObject({
        voucherId: f.v.massage,
        priceOptionId: massage90,
        merchantId: f.m.spa,
        categoryId: f.cat.spa,
        title: 'นวดแผนไทยผ่อนคลาย',
        merchant: { id: f.m.spa, name: 'เรือนแก้ว สปา' },
        optionLabel: '90 นาที',
        unitPrice: 790,
        // The voucher's own earn rate (39 points for its ฿590), kept pro rata for the ฿790 option.
        unitPoints: Math.floor((790 * 39) / 590),
        remaining: null,
        validDays: 30,
        usageLimit: null,
        problem: null,
      });
      expect(got[1]).toBeNull();
      expect(got[2]).toBeNull();
      expect(got[3]).toMatchObject({ voucherId: f.v.latte, unitPrice: 65, problem: null, optionLabel: null });
      expect(got[4]).toMatchObject({ problem: 'option_removed', optionLabel: null });
      expect(got[5]).toMatchObject({ problem: 'option_removed', optionLabel: null });
      expect(got[6]).toMatchObject({ problem: 'tier_locked' });
      expect(got[7]).toMatchObject({ problem: 'sold_out', remaining: 0 });
      const gold = await loadPurchasables(
        t.db,
        [{ voucherId: f.v.shabu, priceOptionId: null }],
        { lang: 'en', tier: 'gold' },
        FIXTURE_NOW,
      );
      expect(gold[0]).toMatchObject({ problem: null, title: 'Shabu Buffet for Two' });
      expect(await loadPurchasables(t.db, [], { lang: 'en', tier: 'member' }, FIXTURE_NOW)).toEqual([]);
    });

    it('reserveStock never takes more than is left, under 50 concurrent buyers (10 left, every round)', async () => {
      for (let round = 0; round < 5; round++) {
        const v = await voucher({ stock: 25, sold: 15 });
        const results = await Promise.all(
          Array.from({ length: 50 }, () => t.db.transaction().execute((trx) => reserveStock(trx, v, 1))),
        );
        expect(results.filter(Boolean)).toHaveLength(10);
        const row = await t.db
          .selectFrom('voucher')
          .select(['sold'])
          .where('id', '=', v)
          .executeTakeFirstOrThrow();
        expect(row.sold).toBe(25);
      }
    });

    it('reserveStock takes several units only when that many are left; releaseStock gives back, never below 0', async () => {
      const v = await voucher({ stock: 5, sold: 0 });
      const sold = async () =>
        (await t.db.selectFrom('voucher').select('sold').where('id', '=', v).executeTakeFirstOrThrow()).sold;
      expect(await reserveStock(t.db, v, 3)).toBe(true);
      expect(await reserveStock(t.db, v, 3)).toBe(false);
      expect(await sold()).toBe(3);
      expect(await reserveStock(t.db, v, 2)).toBe(true);
      expect(await reserveStock(t.db, v, 1)).toBe(false);
      await releaseStock(t.db, v, 4);
      expect(await sold()).toBe(1);
      await releaseStock(t.db, v, 4);
      expect(await sold()).toBe(0);
      // Unlimited: always taken, and counted as sold.
      const unlimited = await voucher();
      expect(await reserveStock(t.db, unlimited, 1000)).toBe(true);
      expect(await reserveStock(t.db, randomUUID(), 1)).toBe(false);
      expect(await reserveStock(t.db, 'junk', 1)).toBe(false);
      await expect(reserveStock(t.db, v, 0)).rejects.toThrow(RangeError);
      await expect(releaseStock(t.db, v, -1)).rejects.toThrow(RangeError);
    });
  });
});
