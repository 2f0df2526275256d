import {
  ErrorEnvelopeSchema,
  WalletGroupPageResponseSchema,
  WalletPageResponseSchema,
  type WalletGroupPage,
  type WalletVoucher,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

/*
 * The grouped wallet: identical items (same voucher, option, uses per code, status and last day) are
 * one entry with their count, paged by entry, and the entry's group lists its items, each with its own
 * code. Free vouchers, so an order is paid and issued at once.
 */

const DAY = 86_400_000;

describe('the grouped wallet', () => {
  let t: TestApp;
  let shop: ReturnType<typeof shopOf>;

  beforeAll(async () => {
    t = await buildTestApp({
      clock: createTestClock(FIXTURE_NOW),
      config: { orderLimitPerMember: 1000 },
    });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
  });
  afterAll(() => t?.close());

  const buy = async (m: Member, voucherId: string, quantity = 1, priceOptionId?: string) => {
    const order = shop.orderOf(
      await shop.buy(m, {
        voucherId,
        quantity,
        channelCode: undefined,
        ...(priceOptionId ? { priceOptionId } : {}),
      }),
    );
    expect(order.status).toBe('SUCCESSFUL');
  };
  const groups = async (m: Member, query = ''): Promise<WalletGroupPage> => {
    const res = await shop.call(m, 'GET', `/bff/wallet/groups${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return WalletGroupPageResponseSchema.parse(res.json()).data;
  };
  const items = async (m: Member, query: string): Promise<WalletVoucher[]> => {
    const res = await shop.call(m, 'GET', `/bff/wallet${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return WalletPageResponseSchema.parse(res.json()).data.items;
  };
  const groupQuery = (group: string) => `?group=${encodeURIComponent(group)}`;

  it('three of one voucher are one entry ×3 whose group lists the three, each with its own code', async () => {
    const m = await shop.member();
    const pass = await shop.voucher({ price: 0, usage_limit: 3, title_en: 'Coffee Pass' });
    const other = await shop.voucher({ price: 0 });
    await buy(m, pass, 2);
    t.clock.advance(60_000);
    await buy(m, other);
    t.clock.advance(60_000);
    await buy(m, pass); // another order, the same day: still identical

    const page = await groups(m, '?status=active');
    expect(page.items.map((g) => [g.voucherId, g.count])).toEqual([
      [pass, 3],
      [other, 1],
    ]);
    expect(page).toMatchObject({ total: 2, itemTotal: 4, totalPages: 1 });
    const entry = page.items[0];
    expect(entry?.title).toBe('Coffee Pass');
    expect(entry?.group).toMatch(new RegExp(`^v~${pass}~-~3~active~\\d+$`));

    const three = await items(m, groupQuery(entry?.group ?? ''));
    expect(three).toHaveLength(3);
    expect(three.every((w) => w.voucherId === pass)).toBe(true);
    // The entry stands for its group's first item in the list's order (newest first).
    expect(entry?.id).toBe(three[0]?.id);
    const codes = await Promise.all(
      three.map(
        async (w) =>
          (await shop.call(m, 'GET', `/bff/wallet/${w.id}`)).json<{ data: { code: string } }>().data.code,
      ),
    );
    expect(new Set(codes).size).toBe(3);

    // A use of one of them changes its count, not what it is: the three stay together.
    const used = await shop.call(m, 'POST', `/bff/wallet/${three[1]?.id}/use`, {});
    expect(used.statusCode, used.body).toBe(200);
    expect((await groups(m, '?status=active')).items[0]).toMatchObject({ voucherId: pass, count: 3 });
    expect((await items(m, groupQuery(entry?.group ?? ''))).map((w) => w.usedCount).sort()).toEqual([
      0, 0, 1,
    ]);
  });

  it('another option, another last day or another status is another entry', async () => {
    const m = await shop.member();
    const spa = await shop.voucher({ price: 0, usage_limit: 1 });
    const [short, long] = await Promise.all(
      ['60 minutes', '90 minutes'].map(
        async (label, i) =>
          (
            await t.db
              .insertInto('voucher_price_option')
              .values({ voucher_id: spa, label_en: label, label_th: label, price: 0, position: i })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    await buy(m, spa, 2, short);
    // A minute later: the same last day, yet the expiring sort has an order to keep (not the ids' chance).
    t.clock.advance(60_000);
    await buy(m, spa, 1, long);
    t.clock.advance(DAY); // bought a day later: valid a day longer
    await shop.renew(m);
    await buy(m, spa, 1, short);

    const active = await groups(m, '?status=active&sort=expiring');
    expect(active.items.map((g) => [g.priceOptionLabel, g.count, g.daysLeft])).toEqual([
      ['60 minutes', 2, 29],
      ['90 minutes', 1, 29],
      ['60 minutes', 1, 30],
    ]);
    expect(active).toMatchObject({ total: 3, itemTotal: 4 });

    // Using up one of the pair: it leaves the pair for the Used tab.
    const pair = await items(m, groupQuery(active.items[0]?.group ?? ''));
    expect((await shop.call(m, 'POST', `/bff/wallet/${pair[0]?.id}/use`, {})).statusCode).toBe(200);
    expect((await groups(m, '?status=active&sort=expiring')).items.map((g) => g.count)).toEqual([1, 1, 1]);
    const used = await groups(m, '?status=used');
    expect(used.items.map((g) => [g.id, g.count, g.status])).toEqual([[pair[0]?.id, 1, 'used']]);
    expect(used.items[0]?.group).toMatch(/~used~\d+$/);
    // The group named before the use no longer holds the used one.
    expect((await items(m, groupQuery(active.items[0]?.group ?? ''))).map((w) => w.id)).toEqual([
      pair[1]?.id,
    ]);
  });

  it('pages by entry: a group is never split, and every entry comes once, in every sort', async () => {
    const m = await shop.member();
    const vouchers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const v = await shop.voucher({ price: 0, valid_days: 10 + i });
      await buy(m, v, i + 1); // 1 + 2 + … + 5 = 15 items in 5 groups
      t.clock.advance(60_000);
      vouchers.push(v);
    }
    await shop.renew(m);
    const expected = {
      newest: [...vouchers].reverse(),
      oldest: vouchers,
      expiring: vouchers, // the first bought has the shortest validity
    };
    for (const sort of ['newest', 'oldest', 'expiring'] as const) {
      const seen: [string | null, number][] = [];
      for (let page = 1; page <= 3; page++) {
        const p = await groups(m, `?sort=${sort}&limit=2&page=${page}`);
        expect(p).toMatchObject({ total: 5, totalPages: 3, itemTotal: 15 });
        seen.push(...p.items.map((g): [string | null, number] => [g.voucherId, g.count]));
      }
      expect(seen, sort).toEqual(expected[sort].map((v) => [v, vouchers.indexOf(v) + 1]));
    }
  });

  it('the category filter keeps whole groups; an empty wallet is an empty page', async () => {
    const m = await shop.member();
    const cafe = await shop.voucher({ price: 0 });
    const dining = await shop.voucher({
      price: 0,
      category_id: (
        await t.db.selectFrom('category').select('id').where('slug', '=', 'dining').executeTakeFirstOrThrow()
      ).id,
    });
    await buy(m, cafe, 2);
    await buy(m, dining, 3);
    expect((await groups(m, '?category=dining')).items.map((g) => [g.voucherId, g.count])).toEqual([
      [dining, 3],
    ]);
    expect((await groups(m, '?category=cafe')).items.map((g) => [g.voucherId, g.count])).toEqual([[cafe, 2]]);
    expect(await groups(m, '?category=spa')).toEqual({
      items: [],
      page: 1,
      limit: 20,
      total: 0,
      totalPages: 0,
      itemTotal: 0,
    });
    expect(await groups(await shop.member())).toMatchObject({ items: [], total: 0, itemTotal: 0 });
  });

  it("another member's group lists nothing; a malformed group is a 400 that says what it wants", async () => {
    const alice = await shop.member();
    const bob = await shop.member();
    const v = await shop.voucher({ price: 0 });
    await buy(alice, v, 2);
    const group = (await groups(alice)).items[0]?.group ?? '';
    expect(await items(alice, groupQuery(group))).toHaveLength(2);
    expect(await items(bob, groupQuery(group))).toEqual([]);
    // Shaped like a group, but naming no voucher: nothing, not a database error.
    expect(await items(alice, groupQuery(`v~${'-'.repeat(36)}~-~1~active~20000`))).toEqual([]);
    expect(await items(alice, groupQuery(group.replace('~active~', '~used~')))).toEqual([]);

    for (const bad of ['nonsense', `x~${v}~-~1~active~1`, `v~${v}~-~1~lost~1`, 'a'.repeat(500)]) {
      for (const path of ['/bff/wallet', '/bff/wallet/groups']) {
        const res = await shop.call(alice, 'GET', `${path}${groupQuery(bad)}`);
        expect(res.statusCode, `${path} ${bad}`).toBe(400);
        const body = ErrorEnvelopeSchema.parse(res.json());
        expect(body.code).toBe('validation_failed');
      }
    }
    expect((await shop.call(null, 'GET', '/bff/wallet/groups')).statusCode).toBe(401);
  });
});
