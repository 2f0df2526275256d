import { randomUUID } from 'node:crypto';
import {
  CounterRedeemResponseSchema,
  CounterVoucherResponseSchema,
  CreatedPosKeyResponseSchema,
  ErrorEnvelopeSchema,
  NotificationsResponseSchema,
  PointsHistoryPageResponseSchema,
  PosKeysResponseSchema,
  PosPointsResponseSchema,
  type Order,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsBalance } from '../src/modules/points/index.ts';
import { POS_REQUESTS_PER_MINUTE } from '../src/modules/counter/pos.routes.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/*
 * The point-of-sale API (/pos/v1) and the stores' API keys (/admin/api/pos-keys). Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL (where the concurrent requests really overlap).
 */
describe('the POS API', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: Shop;
  let owner: SignedInStaff;
  let support: SignedInStaff;
  let alice: Member;
  let kafaeKey: string;
  let senKey: string;

  const createKey = async (storeId: string, name = 'Till 1') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/pos-keys',
      headers: owner.headers,
      payload: { storeId, name },
    });
    expect(res.statusCode, res.body).toBe(200);
    return CreatedPosKeyResponseSchema.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { orderLimitPerMember: 10_000 } });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    owner = await signInStaff(t, 'owner');
    support = await signInStaff(t, 'support');
    alice = await shop.member();
    await t.db.updateTable('member').set({ first_name: 'Alice' }).where('id', '=', alice.id).execute();
    kafaeKey = (await createKey(f.m.kafae)).key;
    senKey = (await createKey(f.m.sen)).key;
  });
  afterAll(() => t?.close());

  const pos = (
    key: string | null,
    method: 'GET' | 'POST',
    url: string,
    opts: { payload?: unknown; idem?: string | null; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(opts.idem === null ? {} : { 'idempotency-key': opts.idem ?? randomUUID() }),
        'accept-language': opts.lang ?? 'en',
      },
      ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
    });
  const errorOf = (res: Awaited<ReturnType<typeof pos>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return ErrorEnvelopeSchema.parse(res.json()).code;
  };

  /** A voucher of `store` bought by `m` (free unless `price`); its wallet item. */
  const walletItem = async (
    m: Member,
    usageLimit: number | null,
    extra: { merchant_id?: string; price?: number } = {},
  ) => {
    const v = await shop.voucher({ price: 0, usage_limit: usageLimit, ...extra });
    let order: Order = shop.orderOf(
      await shop.buy(m, { voucherId: v, ...((extra.price ?? 0) > 0 ? {} : { channelCode: undefined }) }),
    );
    if (order.total > 0) {
      await shop.answerBank(order.id, 'approve');
      order = await shop.settled(m, order.id);
    }
    expect(order.status).toBe('SUCCESSFUL');
    const item = await t.db
      .selectFrom('wallet_voucher')
      .select(['id', 'code'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    return { ...item, orderId: order.id };
  };
  const usedCount = async (id: string) =>
    (
      await t.db
        .selectFrom('wallet_voucher')
        .select('used_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).used_count;

  it('keys: created by the owner and shown once, stored hashed, listed without the secret, revoked at once, audited', async () => {
    const created = await createKey(f.m.kafae, 'Front till');
    expect(created.key).toMatch(/^pos_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const row = await t.db
      .selectFrom('pos_api_key')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));

    const list = await t.app.inject({
      method: 'GET',
      url: `/admin/api/pos-keys?storeId=${f.m.kafae}`,
      headers: owner.headers,
    });
    const keys = PosKeysResponseSchema.parse(list.json()).data;
    expect(keys.map((k) => k.id)).toContain(created.id);
    expect(list.body).not.toContain(created.key);
    expect(keys.every((k) => k.storeId === f.m.kafae)).toBe(true);

    const item = await walletItem(alice, 3);
    expect((await pos(created.key, 'GET', `/pos/v1/codes/${item.code}`)).statusCode).toBe(200);
    const revoke = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/pos-keys/${created.id}/revoke`,
        headers: owner.headers,
      });
    const revoked = await revoke();
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ data: { id: created.id, revokedAt: expect.any(String) } });
    expect((await revoke()).statusCode).toBe(200);
    expect(errorOf(await pos(created.key, 'GET', `/pos/v1/codes/${item.code}`), 401)).toBe('unauthorized');
    expect(errorOf(await pos(created.key, 'POST', `/pos/v1/codes/${item.code}/redeem`), 401)).toBe(
      'unauthorized',
    );
    expect(await usedCount(item.id)).toBe(0);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('entity_id', '=', created.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    // The second revoke changed nothing and wrote nothing.
    expect(audit.map((a) => a.action).sort()).toEqual(['pos_key.create', 'pos_key.revoke']);
    expect(audit.every((a) => a.staff_id === owner.staffId)).toBe(true);

    // Unknown ids and stores; only the owner manages keys.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/api/pos-keys/${randomUUID()}/revoke`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/api/pos-keys',
          headers: owner.headers,
          payload: { storeId: randomUUID(), name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/pos-keys', headers: support.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses no key, a malformed key, a guessed key, a member token and a staff token', async () => {
    const item = await walletItem(alice, 1);
    const url = `/pos/v1/codes/${item.code}`;
    expect(errorOf(await pos(null, 'GET', url), 401)).toBe('unauthorized');
    expect(errorOf(await pos('pos_short', 'GET', url), 401)).toBe('unauthorized');
    expect(errorOf(await pos(`pos_${'A'.repeat(43)}`, 'GET', url), 401)).toBe('unauthorized');
    expect(errorOf(await pos(alice.token, 'GET', url), 401)).toBe('unauthorized');
    expect(errorOf(await pos(owner.token, 'GET', url), 401)).toBe('unauthorized');
  });

  it('looks up and redeems its own store’s codes once per key; another store’s are refused', async () => {
    const item = await walletItem(alice, 2);
    const look = await pos(kafaeKey, 'GET', `/pos/v1/codes/${item.code.toLowerCase()}`, { lang: 'th' });
    expect(look.statusCode, look.body).toBe(200);
    expect(CounterVoucherResponseSchema.parse(look.json()).data).toMatchObject({
      code: item.code,
      storeName: 'บ้านกาแฟ',
      memberFirstName: 'Alice',
      usesLeft: 2,
    });
    const key = randomUUID();
    const first = await pos(kafaeKey, 'POST', `/pos/v1/codes/${item.code}/redeem`, { idem: key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await pos(kafaeKey, 'POST', `/pos/v1/codes/${item.code}/redeem`, { idem: key });
    expect(CounterRedeemResponseSchema.parse(again.json()).data).toEqual(
      CounterRedeemResponseSchema.parse(first.json()).data,
    );
    expect(await usedCount(item.id)).toBe(1);
    expect(
      errorOf(await pos(kafaeKey, 'POST', `/pos/v1/codes/${item.code}/redeem`, { idem: null }), 400),
    ).toBe('validation_failed');

    // Store B's key cannot look up or redeem store A's voucher.
    expect(errorOf(await pos(senKey, 'GET', `/pos/v1/codes/${item.code}`), 403)).toBe('counter_wrong_store');
    expect(errorOf(await pos(senKey, 'POST', `/pos/v1/codes/${item.code}/redeem`), 403)).toBe(
      'counter_wrong_store',
    );
    expect(await usedCount(item.id)).toBe(1);
    expect(errorOf(await pos(kafaeKey, 'GET', '/pos/v1/codes/ABCDEFGHJKMNPQRS'), 404)).toBe(
      'counter_unknown_code',
    );

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_email'])
      .where('entity_id', '=', item.id)
      .execute();
    expect(audit).toEqual([{ action: 'pos.redeem', staff_email: `pos:${kafaeKey.slice(0, 12)}` }]);
  });

  it("20 parallel POS redeems and the member's own Use take exactly the usage limit", async () => {
    const item = await walletItem(alice, 5);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => pos(kafaeKey, 'POST', `/pos/v1/codes/${item.code}/redeem`)),
      shop.call(alice, 'POST', `/bff/wallet/${item.id}/use`, {}, { 'idempotency-key': randomUUID() }),
    ]);
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(['counter_used_up', 'wallet_voucher_used_up']).toContain(
        ErrorEnvelopeSchema.parse(r.json()).code,
      );
    }
    expect(await usedCount(item.id)).toBe(5);
    const uses = await t.db
      .selectFrom('wallet_use')
      .select('id')
      .where('wallet_voucher_id', '=', item.id)
      .execute();
    expect(uses).toHaveLength(5);
  });

  it('a redeem racing a refund: exactly one of them wins', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await walletItem(alice, 1, { price: 100 });
      const [redeemed, refund] = await Promise.all([
        pos(kafaeKey, 'POST', `/pos/v1/codes/${item.code}/redeem`),
        t.app.inject({
          method: 'POST',
          url: `/admin/api/orders/${item.orderId}/refunds`,
          headers: { ...support.headers, 'idempotency-key': randomUUID() },
          payload: { reason: 'race' },
        }),
      ]);
      const unit = await t.db
        .selectFrom('wallet_voucher')
        .select(['used_count', 'voided_at'])
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      if (redeemed.statusCode === 200) {
        expect(refund.statusCode, refund.body).toBe(409);
        expect(unit).toEqual({ used_count: 1, voided_at: null });
      } else {
        expect(errorOf(redeemed, 409)).toBe('counter_refunded');
        expect(refund.statusCode, refund.body).toBe(200);
        expect(unit.used_count).toBe(0);
        expect(unit.voided_at).not.toBeNull();
      }
    }
  });

  it('answers hostile input with 4xx, never 5xx', async () => {
    const item = await walletItem(alice, 1);
    const paths = [
      `/pos/v1/codes/${encodeURIComponent(`${item.code}\u0000`)}`,
      `/pos/v1/codes/${'A'.repeat(5000)}`,
      `/pos/v1/codes/${encodeURIComponent("' or 1=1 --")}`,
      '/pos/v1/codes/%E0%A4%A',
      `/pos/v1/codes/${encodeURIComponent('%_%')}`,
    ];
    for (const url of paths)
      for (const method of ['GET', 'POST'] as const) {
        const res = await pos(kafaeKey, method, method === 'GET' ? url : `${url}/redeem`);
        expect(res.statusCode, `${method} ${url.slice(0, 40)}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    const card = (
      await t.db
        .selectFrom('member')
        .select('card_number')
        .where('id', '=', alice.id)
        .executeTakeFirstOrThrow()
    ).card_number;
    const bodies: unknown[] = [
      { memberCard: `${card}\u0000`, amount: 100 },
      { memberCard: 'x'.repeat(100_000), amount: 100 },
      { memberCard: card, amount: '100' },
      { memberCard: card, amount: -1 },
      { memberCard: card, amount: 1e12 },
      { memberCard: card, amount: 10.001 },
      { memberCard: Number(card), amount: 100 },
      { memberCard: card, amount: 100, extra: 1 },
      { memberCard: card },
      [],
      'text',
    ];
    for (const payload of bodies) {
      const res = await pos(kafaeKey, 'POST', '/pos/v1/points', { payload });
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 60)}: ${res.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await usedCount(item.id)).toBe(0);
  });

  it('awards points by the member card number: the earn rate, once per key, in the history, with a notification', async () => {
    const bob = await shop.member();
    const card = (
      await t.db.selectFrom('member').select('card_number').where('id', '=', bob.id).executeTakeFirstOrThrow()
    ).card_number;
    expect(card).toMatch(/^\d{16}$/);
    // The member reads their own number (what the member card shows); no token, no number.
    expect((await shop.call(bob, 'GET', '/bff/member-card')).json()).toEqual({
      success: true,
      data: { cardNumber: card },
    });
    expect((await shop.call(null, 'GET', '/bff/member-card')).statusCode).toBe(401);
    // The Luhn check digit holds.
    const sum = [...card].reverse().reduce((s, ch, i) => {
      const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
      return s + (d > 9 ? d - 9 : d);
    }, 0);
    expect(sum % 10).toBe(0);
    const rules = await t.db
      .selectFrom('programme_rules')
      .select('baht_per_point')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const amount = 1234.5;
    const expected = Math.floor(amount / rules.baht_per_point);

    const before = await pointsBalance(t.db, bob.id);
    const key = randomUUID();
    const grouped = card.match(/.{4}/g)!.join(' ');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        pos(kafaeKey, 'POST', '/pos/v1/points', {
          idem: key,
          payload: { memberCard: grouped, amount, reference: 'R-1' },
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const awards = new Set(results.map((r) => JSON.stringify(PosPointsResponseSchema.parse(r.json()).data)));
    expect(awards.size).toBe(1);
    expect(PosPointsResponseSchema.parse(results[0]!.json()).data).toMatchObject({ points: expected });
    expect((await pointsBalance(t.db, bob.id)) - before).toBe(expected);
    // The same key with another purchase is refused; another key is another purchase.
    expect(
      errorOf(
        await pos(kafaeKey, 'POST', '/pos/v1/points', {
          idem: key,
          payload: { memberCard: card, amount: 50 },
        }),
        422,
      ),
    ).toBe('idempotency_key_reused');
    expect(
      (await pos(kafaeKey, 'POST', '/pos/v1/points', { payload: { memberCard: card, amount: 50 } }))
        .statusCode,
    ).toBe(200);
    expect((await pointsBalance(t.db, bob.id)) - before).toBe(
      expected + Math.floor(50 / rules.baht_per_point),
    );

    const history = PointsHistoryPageResponseSchema.parse(
      (await shop.call(bob, 'GET', '/bff/orders/histories/point')).json(),
    ).data;
    expect(history.items.filter((m) => m.movement === 'earn').map((m) => m.points)).toContain(expected);
    const notes = NotificationsResponseSchema.parse(
      (
        await shop.call(bob, 'GET', '/bff/userTier/notifications', undefined, { 'accept-language': 'th' })
      ).json(),
    ).data.filter((n) => n.type === 'points_earned_store');
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.description).join(' ')).toContain('บ้านกาแฟ');

    expect(
      errorOf(
        await pos(kafaeKey, 'POST', '/pos/v1/points', {
          payload: { memberCard: '4000000000000002', amount: 10 },
        }),
        404,
      ),
    ).toBe('pos_member_not_found');
  });

  it('limits each key to its requests a minute: 429 with Retry-After, other keys unaffected', async () => {
    const busy = (await createKey(f.m.kafae, 'Busy till')).key;
    let limited: Awaited<ReturnType<typeof pos>> | undefined;
    for (let i = 0; i <= POS_REQUESTS_PER_MINUTE && !limited; i++) {
      const res = await pos(busy, 'GET', '/pos/v1/codes/ABCDEFGHJKMNPQRS');
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(404);
    }
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pos(kafaeKey, 'GET', '/pos/v1/codes/ABCDEFGHJKMNPQRS')).statusCode).toBe(404);
  });

  it('is in the OpenAPI document with its key scheme', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.posApiKey).toBeDefined();
    for (const [path, method] of [
      ['/pos/v1/codes/{code}', 'get'],
      ['/pos/v1/codes/{code}/redeem', 'post'],
      ['/pos/v1/points', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ posApiKey: [] }]);
  });
});
