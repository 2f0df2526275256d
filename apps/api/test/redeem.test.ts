import { randomUUID } from 'node:crypto';
import {
  PrivilegeRedeemResponseSchema,
  WalletPageResponseSchema,
  WalletUseResponseSchema,
  type PrivilegeRedemption,
  type WalletVoucherDetail,
} from '@app/contracts';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import type { PrivilegeTable } from '../src/db/schema.ts';
import { adjustPoints, pointsBalance } from '../src/modules/points/index.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

/*
 * Issue 11: using wallet items and redeeming privileges with points, exact under concurrency. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL (where requests really overlap).
 */

describe('using a wallet item', () => {
  let t: TestApp;
  let shop: ReturnType<typeof shopOf>;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await buildTestApp({
      clock: createTestClock(FIXTURE_NOW),
      config: { orderLimitPerMember: 1000 },
    });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
    alice = await shop.member();
    bob = await shop.member();
  });
  afterAll(() => t?.close());

  /** A free voucher bought through the API; its wallet item's limit set to `usageLimit`. */
  const walletItem = async (m: Member, usageLimit: number | null, validDays = 30): Promise<string> => {
    const v = await shop.voucher({ price: 0, usage_limit: usageLimit, valid_days: validDays });
    const order = shop.orderOf(await shop.buy(m, { voucherId: v, channelCode: undefined }));
    expect(order.status).toBe('SUCCESSFUL');
    const row = await t.db
      .selectFrom('wallet_voucher')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const use = (m: Member, id: string, key?: string) =>
    shop.call(m, 'POST', `/bff/wallet/${id}/use`, {}, key ? { 'idempotency-key': key } : {});
  const used = (res: Awaited<ReturnType<typeof use>>): WalletVoucherDetail => {
    expect(res.statusCode, res.body).toBe(200);
    return WalletUseResponseSchema.parse(res.json()).data;
  };
  const state = (id: string) =>
    t.db
      .selectFrom('wallet_voucher')
      .select(['used_count', 'usage_limit'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const usesOf = async (id: string) =>
    (await t.db.selectFrom('wallet_use').select('used_at').where('wallet_voucher_id', '=', id).execute())
      .length;

  it('counts each use, records its time and reads Used once the uses are taken', async () => {
    const id = await walletItem(alice, 2);
    const first = used(await use(alice, id));
    expect(first).toMatchObject({ id, usageLimit: 2, usedCount: 1, status: 'active' });
    const second = used(await shop.call(alice, 'POST', `/bff/wallet/${id}/use`));
    expect(second).toMatchObject({ usedCount: 2, status: 'used' });
    expect(shop.errorOf(await use(alice, id), 409)).toBe('wallet_voucher_used_up');
    expect(await state(id)).toEqual({ used_count: 2, usage_limit: 2 });
    const rows = await t.db
      .selectFrom('wallet_use')
      .select(['member_id', 'used_at'])
      .where('wallet_voucher_id', '=', id)
      .execute();
    expect(rows).toEqual([
      { member_id: alice.id, used_at: t.clock.now() },
      { member_id: alice.id, used_at: t.clock.now() },
    ]);
  });

  it('a voucher limited to 3 uses, 50 concurrent uses: exactly 3 succeed, the rest are used up', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await walletItem(alice, 3);
      const answers = await Promise.all(Array.from({ length: 50 }, () => use(alice, id)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(47);
      for (const r of answers.filter((a) => a.statusCode === 409))
        expect(r.json<{ code: string }>().code).toBe('wallet_voucher_used_up');
      expect(await state(id)).toEqual({ used_count: 3, usage_limit: 3 });
      expect(await usesOf(id)).toBe(3);
    }
  });

  it('an unlimited voucher takes every use and stays active', async () => {
    const id = await walletItem(alice, null);
    const answers = await Promise.all(Array.from({ length: 12 }, () => use(alice, id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const after = used(await use(alice, id));
    expect(after).toMatchObject({ usageLimit: null, usedCount: 13, status: 'active' });
    expect(await usesOf(id)).toBe(13);
  });

  it('an expired voucher answers 409 and counts nothing', async () => {
    const id = await walletItem(alice, 5, 1);
    await t.db
      .updateTable('wallet_voucher')
      .set({ valid_until: new Date(t.clock.now().getTime() - 1) })
      .where('id', '=', id)
      .execute();
    expect(shop.errorOf(await use(alice, id), 409)).toBe('wallet_voucher_expired');
    expect(await state(id)).toEqual({ used_count: 0, usage_limit: 5 });
    expect(await usesOf(id)).toBe(0);
  });

  it('usable up to its valid_until instant, expired a millisecond after', async () => {
    const id = await walletItem(alice, null);
    const now = t.clock.now();
    const until = (d: Date) =>
      t.db.updateTable('wallet_voucher').set({ valid_until: d }).where('id', '=', id).execute();
    await until(now);
    expect(used(await use(alice, id)).usedCount).toBe(1);
    await until(new Date(now.getTime() - 1));
    expect(shop.errorOf(await use(alice, id), 409)).toBe('wallet_voucher_expired');
    expect(await usesOf(id)).toBe(1);
  });

  it("another member's item, an unknown id and a non-uuid are 404, and nothing is counted", async () => {
    const id = await walletItem(alice, 3);
    expect(shop.errorOf(await use(bob, id), 404)).toBe('wallet_voucher_not_found');
    expect(shop.errorOf(await use(bob, randomUUID()), 404)).toBe('wallet_voucher_not_found');
    expect(shop.errorOf(await use(bob, 'not-a-uuid'), 404)).toBe('wallet_voucher_not_found');
    expect(await state(id)).toEqual({ used_count: 0, usage_limit: 3 });
    expect(shop.errorOf(await shop.call(null, 'POST', `/bff/wallet/${id}/use`, {}), 401)).toBe(
      'unauthorized',
    );
  });

  it('a retried use with the same Idempotency-Key counts once, even 20 at a time', async () => {
    const id = await walletItem(alice, 5);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => use(alice, id, key)));
    for (const r of answers) expect(used(r)).toMatchObject({ id, usedCount: 1 });
    expect(await state(id)).toEqual({ used_count: 1, usage_limit: 5 });
    expect(await usesOf(id)).toBe(1);
    // A later retry still counts once; another key is another use.
    expect(used(await use(alice, id, key)).usedCount).toBe(1);
    expect(used(await use(alice, id, randomUUID())).usedCount).toBe(2);
    // The same key on another item is a mistake, not a use.
    const other = await walletItem(alice, 5);
    expect(shop.errorOf(await use(alice, other, key), 422)).toBe('idempotency_key_reused');
    expect(await state(other)).toEqual({ used_count: 0, usage_limit: 5 });
    // Keys are per member: Bob's key equal to Alice's is his own.
    const bobs = await walletItem(bob, 5);
    expect(used(await use(bob, bobs, key)).usedCount).toBe(1);
  });

  it('a retry of the use that took the last one answers the item, not used up', async () => {
    const id = await walletItem(alice, 1);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => use(alice, id, key)));
    for (const r of answers) expect(used(r)).toMatchObject({ usedCount: 1, status: 'used' });
    expect(shop.errorOf(await use(alice, id, randomUUID()), 409)).toBe('wallet_voucher_used_up');
    expect(await usesOf(id)).toBe(1);
  });

  it('refuses a body with fields and a malformed key', async () => {
    const id = await walletItem(alice, 3);
    expect(shop.errorOf(await shop.call(alice, 'POST', `/bff/wallet/${id}/use`, { count: 5 }), 400)).toBe(
      'validation_failed',
    );
    expect(shop.errorOf(await use(alice, id, 'has space'), 400)).toBe('validation_failed');
    expect(await state(id)).toEqual({ used_count: 0, usage_limit: 3 });
  });
});

describe('redeeming a privilege with points', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
  });
  afterAll(() => t?.close());

  const DAY = 86_400_000;

  /** A fresh privilege of Baan Kafae (100 points, unlimited stock, 2 uses, valid now) with `extra`. */
  const privilege = async (extra: Partial<Insertable<PrivilegeTable>> = {}) => {
    const id = randomUUID();
    const now = t.clock.now();
    await t.db
      .insertInto('privilege')
      .values({
        id,
        merchant_id: f.m.kafae,
        category_id: f.cat.cafe,
        title_en: `Test privilege ${id.slice(0, 8)}`,
        title_th: `สิทธิพิเศษทดสอบ ${id.slice(0, 8)}`,
        description_en: 'About it',
        description_th: 'เกี่ยวกับสิทธิพิเศษ',
        points_cost: 100,
        tier: null,
        stock: null,
        valid_from: new Date(now.getTime() - DAY),
        valid_until: null,
        usage_limit: 2,
        created_at: now,
        updated_at: now,
        ...extra,
      })
      .execute();
    return id;
  };

  const credit = (m: Member, points: number) =>
    t.db
      .transaction()
      .execute((trx) =>
        adjustPoints(trx, { memberId: m.id, points, reason: 'test credit', now: t.clock.now() }),
      );

  const redeem = (m: Member, id: string, key?: string) =>
    shop.call(m, 'POST', `/bff/privileges/${id}/redeem`, {}, key ? { 'idempotency-key': key } : {});
  const redeemed = (res: Awaited<ReturnType<typeof redeem>>): PrivilegeRedemption => {
    expect(res.statusCode, res.body).toBe(200);
    return PrivilegeRedeemResponseSchema.parse(res.json()).data;
  };

  /** Balance, the privilege's redeemed count and the member's wallet items: what a refusal must not move. */
  const snapshot = async (m: Member, id: string) => ({
    balance: await pointsBalance(t.db, m.id),
    redeemed: (
      await t.db.selectFrom('privilege').select('redeemed').where('id', '=', id).executeTakeFirstOrThrow()
    ).redeemed,
    wallet: (await t.db.selectFrom('wallet_voucher').select('id').where('member_id', '=', m.id).execute())
      .length,
    burns: (
      await t.db
        .selectFrom('points_ledger')
        .select('id')
        .where('member_id', '=', m.id)
        .where('kind', '=', 'burn')
        .execute()
    ).length,
  });

  it('burns the points, takes one from stock and puts a usable item with its own code into the wallet', async () => {
    const m = await shop.member();
    await credit(m, 250);
    const id = await privilege({ stock: 5, usage_limit: 2 });
    const r = redeemed(await redeem(m, id));
    expect(r.balance).toBe(150);
    expect(r.item).toMatchObject({
      kind: 'privilege',
      privilegeId: id,
      voucherId: null,
      orderNumber: null,
      usageLimit: 2,
      usedCount: 0,
      status: 'active',
      description: 'About it',
    });
    expect(r.item.code).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    expect(r.item.merchant.id).toBe(f.m.kafae);
    // Without an end of its own, the code is valid to the end of the Bangkok day 30 days on.
    expect(new Date(r.item.validUntil).getTime() - t.clock.now().getTime()).toBeGreaterThan(29 * DAY);
    expect(await snapshot(m, id)).toMatchObject({ balance: 150, redeemed: 1, wallet: 1, burns: 1 });
    const burn = await t.db
      .selectFrom('points_ledger')
      .select(['points', 'privilege_id'])
      .where('member_id', '=', m.id)
      .where('kind', '=', 'burn')
      .executeTakeFirstOrThrow();
    expect(burn).toEqual({ points: -100, privilege_id: id });

    // The wallet lists it beside bought vouchers, in Thai too, and it is used like one.
    const page = WalletPageResponseSchema.parse(
      (await shop.call(m, 'GET', '/bff/wallet', undefined, { 'accept-language': 'th' })).json(),
    ).data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: r.item.id,
      kind: 'privilege',
      title: expect.stringContaining('สิทธิพิเศษทดสอบ'),
    });
    const cafe = WalletPageResponseSchema.parse(
      (await shop.call(m, 'GET', '/bff/wallet?category=cafe')).json(),
    ).data;
    expect(cafe.items.map((i) => i.id)).toEqual([r.item.id]);
    const use = await shop.call(m, 'POST', `/bff/wallet/${r.item.id}/use`, {});
    expect(WalletUseResponseSchema.parse(use.json()).data.usedCount).toBe(1);
  });

  it("a privilege with an end: the code is valid until the privilege's end", async () => {
    const m = await shop.member();
    await credit(m, 100);
    const end = new Date(t.clock.now().getTime() + 3 * DAY);
    const r = redeemed(await redeem(m, await privilege({ valid_until: end })));
    expect(r.item.validUntil).toBe(end.toISOString());
    expect(r.balance).toBe(0);
  });

  it('50 concurrent redemptions with points for 3: exactly 3, the rest insufficient_points', async () => {
    const m = await shop.member();
    await credit(m, 300);
    const id = await privilege({ stock: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(m, id)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json<{ code: string }>().code).toBe('insufficient_points');
    }
    expect(await snapshot(m, id)).toMatchObject({ balance: 0, redeemed: 3, wallet: 3, burns: 3 });
    expect(new Set(ok.map((r) => redeemed(r).item.code)).size).toBe(3);
  });

  it('50 concurrent redemptions of a privilege with 3 left: exactly 3, the rest sold out', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => shop.member()));
    for (const m of members) await credit(m, 10_000);
    const id = await privilege({ stock: 3 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(members[i % 5]!, id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(shop.errorOf(r, 409)).toBe('privilege_sold_out');
    const after = await t.db
      .selectFrom('privilege')
      .select('redeemed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.redeemed).toBe(3);
    let spent = 0;
    for (const m of members) spent += 10_000 - (await pointsBalance(t.db, m.id));
    expect(spent).toBe(300);
  });

  it('20 concurrent retries with one Idempotency-Key make one redemption, and a later retry answers it', async () => {
    const m = await shop.member();
    await credit(m, 1000);
    const id = await privilege();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(m, id, key)));
    const items = answers.map((r) => redeemed(r).item.id);
    expect(new Set(items).size).toBe(1);
    expect(await snapshot(m, id)).toMatchObject({ balance: 900, redeemed: 1, wallet: 1, burns: 1 });
    expect(redeemed(await redeem(m, id, key))).toMatchObject({ item: { id: items[0] }, balance: 900 });
    // The same key for another privilege is a mistake, not a redemption.
    const other = await privilege();
    expect(shop.errorOf(await redeem(m, other, key), 422)).toBe('idempotency_key_reused');
    expect(await snapshot(m, other)).toMatchObject({ balance: 900, redeemed: 0, wallet: 1 });
  });

  it('each refusal answers its own error and writes nothing', async () => {
    const m = await shop.member();
    await credit(m, 150);
    const now = t.clock.now();
    const cases: [string, number, string][] = [
      [await privilege({ points_cost: 151 }), 409, 'insufficient_points'],
      [await privilege({ tier: 'gold' }), 403, 'privilege_tier_locked'],
      [await privilege({ stock: 0 }), 409, 'privilege_sold_out'],
      [await privilege({ valid_from: new Date(now.getTime() + DAY) }), 409, 'privilege_not_started'],
      [await privilege({ valid_until: new Date(now.getTime() - 1) }), 409, 'privilege_ended'],
      [randomUUID(), 404, 'privilege_not_found'],
      ['not-a-uuid', 404, 'privilege_not_found'],
    ];
    for (const [id, status, code] of cases) {
      const before = await snapshot(m, id).catch(() => null);
      expect(shop.errorOf(await redeem(m, id, randomUUID()), status), id).toBe(code);
      if (before) expect(await snapshot(m, id)).toEqual(before);
    }
    expect(await pointsBalance(t.db, m.id)).toBe(150);
    expect(
      await t.db.selectFrom('wallet_voucher').select('id').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    // A gold member may have the gold privilege.
    await t.db.updateTable('member').set({ tier: 'gold' }).where('id', '=', m.id).execute();
    expect(redeemed(await redeem(m, cases[1]![0])).balance).toBe(50);
  });

  it("another member's redeemed item is theirs: 404 to see or use it", async () => {
    const alice = await shop.member();
    const bob = await shop.member();
    await credit(alice, 100);
    const r = redeemed(await redeem(alice, await privilege()));
    expect(shop.errorOf(await shop.call(bob, 'GET', `/bff/wallet/${r.item.id}`), 404)).toBe(
      'wallet_voucher_not_found',
    );
    expect(shop.errorOf(await shop.call(bob, 'POST', `/bff/wallet/${r.item.id}/use`, {}), 404)).toBe(
      'wallet_voucher_not_found',
    );
    expect(
      shop.errorOf(await shop.call(null, 'POST', `/bff/privileges/${r.item.privilegeId}/redeem`, {}), 401),
    ).toBe('unauthorized');
  });
});
