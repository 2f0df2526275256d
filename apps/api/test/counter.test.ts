import { randomUUID } from 'node:crypto';
import {
  CounterRedeemResponseSchema,
  CounterVoucherResponseSchema,
  ErrorEnvelopeSchema,
  NotificationsResponseSchema,
  type Order,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/*
 * The shop's counter (/admin/api/counter): store staff look up and redeem a member's wallet code, for
 * their own stores only, exactly once per Idempotency-Key, through the same usage rule as the member's
 * own Use. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where requests really overlap).
 */
describe('the shop counter', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: Shop;
  let alice: Member;
  let kafae: SignedInStaff;
  let kafaeTh: SignedInStaff;
  let sen: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { orderLimitPerMember: 10_000 } });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    alice = await shop.member();
    await t.db.updateTable('member').set({ first_name: 'Alice' }).where('id', '=', alice.id).execute();
    kafae = await signInStaff(t, 'store_staff', { storeIds: [f.m.kafae] });
    kafaeTh = await signInStaff(t, 'store_staff', { storeIds: [f.m.kafae], language: 'th' });
    sen = await signInStaff(t, 'store_staff', { storeIds: [f.m.sen] });
  });
  afterAll(() => t?.close());

  /** A free voucher of `store` bought by `m`; its wallet item's id and code. */
  const walletItem = async (
    m: Member,
    extra: { usage_limit?: number | null; valid_days?: number; merchant_id?: string } = {},
  ) => {
    const v = await shop.voucher({ price: 0, usage_limit: 1, ...extra });
    const order: Order = shop.orderOf(await shop.buy(m, { voucherId: v, channelCode: undefined }));
    expect(order.status).toBe('SUCCESSFUL');
    return t.db
      .selectFrom('wallet_voucher')
      .select(['id', 'code'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
  };

  const lookup = (staff: { headers: Record<string, string> }, code: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/counter/lookup',
      headers: { ...staff.headers, 'accept-language': lang },
      payload: { code } as Record<string, unknown>,
    });
  const redeem = (
    staff: { headers: Record<string, string> },
    code: unknown,
    key: string | null = randomUUID(),
    lang = 'en',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/counter/redeem',
      headers: { ...staff.headers, 'accept-language': lang, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { code } as Record<string, unknown>,
    });
  const errorOf = (res: Awaited<ReturnType<typeof lookup>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return ErrorEnvelopeSchema.parse(res.json());
  };
  const usedCount = async (id: string) =>
    (
      await t.db
        .selectFrom('wallet_voucher')
        .select('used_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).used_count;

  it('looks a code up in every form the wallet shows it, in the staff member’s language', async () => {
    const item = await walletItem(alice, { usage_limit: 3 });
    const grouped = item.code.match(/.{4}/g)!.join(' ');
    for (const form of [item.code, ` ${item.code.toLowerCase()} `, grouped, grouped.replaceAll(' ', '-')]) {
      const res = await lookup(kafae, form);
      expect(res.statusCode, `${form}: ${res.body}`).toBe(200);
      expect(CounterVoucherResponseSchema.parse(res.json()).data).toMatchObject({
        code: item.code,
        kind: 'voucher',
        storeName: 'Baan Kafae',
        storeId: f.m.kafae,
        memberFirstName: 'Alice',
        usesLeft: 3,
        usageLimit: 3,
      });
    }
    const th = CounterVoucherResponseSchema.parse((await lookup(kafaeTh, item.code, 'th')).json()).data;
    expect(th.storeName).toBe('บ้านกาแฟ');
    expect(th.voucherTitle).toMatch(/^บัตรทดสอบ/);
  });

  it('redeems once per key: the replay answers the same and uses nothing more; the member sees it', async () => {
    const item = await walletItem(alice, { usage_limit: 2 });
    const key = randomUUID();
    const first = await redeem(kafae, item.code, key);
    expect(first.statusCode, first.body).toBe(200);
    const data = CounterRedeemResponseSchema.parse(first.json()).data;
    expect(data).toMatchObject({ code: item.code, usesLeft: 1 });
    const again = await redeem(kafae, item.code.toLowerCase(), key);
    expect(CounterRedeemResponseSchema.parse(again.json()).data).toEqual(data);
    expect(await usedCount(item.id)).toBe(1);
    // The same key on another code is a client's mistake, not a second use.
    const other = await walletItem(alice, { usage_limit: 2 });
    expect(errorOf(await redeem(kafae, other.code, key), 422).code).toBe('idempotency_key_reused');
    expect(await usedCount(other.id)).toBe(0);

    // The member's wallet shows the use; a notification in the member's language says where.
    const wallet = await shop.call(alice, 'GET', `/bff/wallet/${item.id}`);
    expect(wallet.json()).toMatchObject({ data: { usedCount: 1, status: 'active' } });
    const notes = NotificationsResponseSchema.parse(
      (
        await shop.call(alice, 'GET', '/bff/userTier/notifications', undefined, { 'accept-language': 'th' })
      ).json(),
    ).data.filter((n) => n.type === 'voucher_used');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'ใช้บัตรกำนัลแล้ว', link: `/wallet/${item.id}` });
    expect(notes[0]?.description).toContain('บ้านกาแฟ');

    // Audited: who, which unit, at which store.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['staff_id', 'action', 'entity_id'])
      .where('action', '=', 'counter.redeem')
      .where('entity_id', '=', item.id)
      .execute();
    expect(audit).toEqual([{ staff_id: kafae.staffId, action: 'counter.redeem', entity_id: item.id }]);
    const use = await t.db
      .selectFrom('wallet_use')
      .select(['merchant_id', 'staff_id'])
      .where('wallet_voucher_id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(use).toEqual({ merchant_id: f.m.kafae, staff_id: kafae.staffId });
  });

  it('refuses each case with its own code and a message in the staff member’s language', async () => {
    expect(errorOf(await lookup(kafae, 'ABCDEFGHJKMNPQRS'), 404).code).toBe('counter_unknown_code');
    expect(errorOf(await redeem(kafae, 'ABCDEFGHJKMNPQRS'), 404).code).toBe('counter_unknown_code');
    const th = errorOf(await lookup(kafaeTh, 'ABCDEFGHJKMNPQRS', 'th'), 404);
    expect(th.message[0]).toMatch(/[\u0E00-\u0E7F]/);

    const usedUp = await walletItem(alice, { usage_limit: 1 });
    expect((await redeem(kafae, usedUp.code)).statusCode).toBe(200);
    expect(errorOf(await lookup(kafae, usedUp.code), 409).code).toBe('counter_used_up');
    expect(errorOf(await redeem(kafae, usedUp.code), 409).code).toBe('counter_used_up');

    const expiring = await walletItem(alice, { usage_limit: 1 });
    await t.db
      .updateTable('wallet_voucher')
      .set({ valid_until: new Date(FIXTURE_NOW.getTime() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect(errorOf(await lookup(kafae, expiring.code), 409).code).toBe('counter_expired');
    expect(errorOf(await redeem(kafae, expiring.code), 409).code).toBe('counter_expired');

    const refunded = await walletItem(alice, { usage_limit: 1 });
    await t.db
      .updateTable('wallet_voucher')
      .set({ voided_at: FIXTURE_NOW })
      .where('id', '=', refunded.id)
      .execute();
    expect(errorOf(await lookup(kafae, refunded.code), 409).code).toBe('counter_refunded');
    expect(errorOf(await redeem(kafae, refunded.code), 409).code).toBe('counter_refunded');
  });

  it("refuses another store's staff, and tells nothing else about the code", async () => {
    const item = await walletItem(alice, { usage_limit: 1 });
    expect(errorOf(await lookup(sen, item.code), 403).code).toBe('counter_wrong_store');
    expect(errorOf(await redeem(sen, item.code), 403).code).toBe('counter_wrong_store');
    expect(await usedCount(item.id)).toBe(0);
    // Each attempt is in the audit trail with what the staff member was told.
    const attempts = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('staff_id', '=', sen.staffId)
      .where('entity_id', '=', item.id)
      .orderBy('action')
      .execute();
    expect(
      attempts.map((a) => [
        a.action,
        (typeof a.after === 'string' ? JSON.parse(a.after) : a.after) as unknown,
      ]),
    ).toEqual([
      ['counter.lookup', { outcome: 'counter_wrong_store' }],
      ['counter.redeem.refused', { outcome: 'counter_wrong_store' }],
    ]);
    // A used-up code of another store is still just another store's.
    await redeem(kafae, item.code);
    expect(errorOf(await lookup(sen, item.code), 403).code).toBe('counter_wrong_store');
  });

  it('refuses a member, marketing and support; the owner has no counter', async () => {
    const item = await walletItem(alice, { usage_limit: 1 });
    expect(
      (await redeem({ headers: { authorization: `Bearer ${alice.token}` } }, item.code)).statusCode,
    ).toBe(401);
    for (const role of ['marketing', 'support', 'owner'] as const) {
      const staff = await signInStaff(t, role);
      expect(errorOf(await lookup(staff, item.code), 403).code).toBe('forbidden');
      expect(errorOf(await redeem(staff, item.code), 403).code).toBe('forbidden');
    }
    expect(await usedCount(item.id)).toBe(0);
  });

  it('answers hostile input with 4xx, never 5xx', async () => {
    const item = await walletItem(alice, { usage_limit: 1 });
    const bodies: unknown[] = [
      `${item.code}\u0000`,
      'x'.repeat(100_000),
      '',
      '   ',
      12345,
      null,
      ['A'],
      { code: item.code },
      "' or 1=1 --",
      '%_%',
    ];
    for (const code of bodies) {
      for (const res of [await lookup(kafae, code), await redeem(kafae, code)]) {
        expect(res.statusCode, `${JSON.stringify(code).slice(0, 40)}: ${res.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    // No Idempotency-Key, or a broken one.
    expect(errorOf(await redeem(kafae, item.code, null), 400).code).toBe('validation_failed');
    expect(errorOf(await redeem(kafae, item.code, 'a b'), 400).code).toBe('validation_failed');
    expect(errorOf(await redeem(kafae, item.code, 'k'.repeat(101)), 400).code).toBe('validation_failed');
    expect(await usedCount(item.id)).toBe(0);
  });

  it("many staff redeems with one key, and the member's own Use at the same time: one use each", async () => {
    const item = await walletItem(alice, { usage_limit: 5 });
    const key = randomUUID();
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => redeem(kafae, item.code, key)),
      shop.call(alice, 'POST', `/bff/wallet/${item.id}/use`, {}, { 'idempotency-key': randomUUID() }),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const answers = new Set(results.slice(0, 8).map((r) => JSON.stringify(r.json())));
    expect(answers.size).toBe(1);
    expect(await usedCount(item.id)).toBe(2);
  });
});
