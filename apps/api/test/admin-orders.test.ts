import { randomUUID } from 'node:crypto';
import {
  AdminOrderDetailResponseSchema,
  AdminOrderPageResponseSchema,
  type AdminOrderDetail,
  type Order,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/*
 * The back office's Orders API — search, an order's detail and timeline, refunds — and who
 * may use it: support and owner; marketing, store staff and members may not; hostile input never 5xx.
 */

describe('admin orders', () => {
  let t: TestApp;
  let shop: Shop;
  let f: CatalogueFixture;
  let support: SignedInStaff;
  let alice: Member;
  let bob: Member;
  let paid: Order;
  let pending: Order;

  const get = (url: string, staff: { headers: Record<string, string> } = support) =>
    t.app.inject({ method: 'GET', url, headers: staff.headers });
  const refund = (orderId: string, payload: unknown, headers: Record<string, string> = support.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/refunds`,
      headers: { 'idempotency-key': randomUUID(), ...headers },
      payload: payload as Record<string, unknown>,
    });
  const page = async (query: string) => {
    const res = await get(`/admin/api/orders${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrderPageResponseSchema.parse(res.json()).data;
  };
  const detailOf = async (orderId: string): Promise<AdminOrderDetail> => {
    const res = await get(`/admin/api/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrderDetailResponseSchema.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { orderLimitPerMember: 10_000 } });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    support = await signInStaff(t, 'support');
    alice = await shop.member();
    bob = await shop.member();
    const v = await shop.voucher({ price: 100, points_earned: 4 });
    paid = shop.orderOf(await shop.buy(alice, { voucherId: v, quantity: 2 }));
    await shop.answerBank(paid.id, 'approve');
    paid = await shop.settled(alice, paid.id);
    expect(paid.status).toBe('SUCCESSFUL');
    pending = shop.orderOf(await shop.buy(bob, { voucherId: v }));
  });
  afterAll(() => t?.close());

  it('searches by status, member (id or e-mail), number, store and date', async () => {
    const all = await page('');
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items.map((o) => o.id)).toEqual(expect.arrayContaining([paid.id, pending.id]));

    expect((await page('?status=SUCCESSFUL')).items.map((o) => o.id)).toEqual([paid.id]);
    expect((await page(`?member=${alice.id}`)).items.map((o) => o.id)).toEqual([paid.id]);
    expect(
      (await page(`?member=${encodeURIComponent(bob.email.toUpperCase())}`)).items.map((o) => o.id),
    ).toEqual([pending.id]);
    const byNumber = await page(`?number=${paid.number.toLowerCase()}`);
    expect(byNumber.items).toHaveLength(1);
    expect(byNumber.items[0]).toMatchObject({
      id: paid.id,
      memberEmail: alice.email,
      total: 200,
      refunded: 0,
      itemCount: 2,
      stores: [{ id: f.m.kafae, name: expect.any(String) }],
    });
    expect((await page(`?storeId=${f.m.kafae}`)).total).toBe(2);
    expect((await page(`?storeId=${f.m.spa}`)).total).toBe(0);
    const day = FIXTURE_NOW.toISOString().slice(0, 10);
    expect((await page(`?from=${day}&to=${day}`)).total).toBe(2);
    expect((await page('?from=2030-01-01')).total).toBe(0);
    const one = await page('?pageSize=1&page=2');
    expect(one).toMatchObject({ page: 2, pageSize: 1, totalPages: 2 });
    expect(one.items).toHaveLength(1);
  });

  it("shows an order's lines, payment, timeline and refunds", async () => {
    const before = await detailOf(paid.id);
    expect(before).toMatchObject({ status: 'SUCCESSFUL', total: 200, memberLanguage: 'en', refunds: [] });
    expect(before.payment).toMatchObject({ provider: 'sandbox', amount: 200, status: 'successful' });
    expect(before.lines).toEqual([
      expect.objectContaining({ quantity: 2, issued: 2, used: 0, refunded: 0, refundable: 2 }),
    ]);
    const kinds = before.timeline.map((e) => `${e.kind}:${e.to ?? e.detail.type ?? ''}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'created:PENDING',
        'payment:pending',
        'webhook:successful',
        'payment:successful',
        'status:IN_PROGRESS',
        'status:SUCCESSFUL',
        'notification:order_successful',
      ]),
    );

    const line = before.lines[0]!;
    const res = await refund(paid.id, { lines: [{ itemId: line.id, quantity: 1 }], reason: 'one of two' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detailOf(paid.id);
    expect(after.status).toBe('PARTIALLY_REFUNDED');
    expect(after.refunded).toBe(100);
    expect(after.lines[0]).toMatchObject({ refunded: 1, refundable: 1 });
    expect(after.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount: 100,
        source: 'staff',
        staffEmail: support.email,
        reason: 'one of two',
        lines: [{ itemId: line.id, quantity: 1 }],
      }),
    ]);
    expect(after.timeline.map((e) => `${e.kind}:${e.to ?? e.detail.type ?? ''}`)).toEqual(
      expect.arrayContaining([
        'refund:pending',
        'refund:succeeded',
        'status:PARTIALLY_REFUNDED',
        'notification:order_refunded',
      ]),
    );
    expect((await page('?status=PARTIALLY_REFUNDED')).items.map((o) => o.id)).toContain(paid.id);
  });

  it('owner may; marketing, store staff, members and no token may not (403/401), before the body is read', async () => {
    const owner = await signInStaff(t, 'owner');
    expect((await get('/admin/api/orders', owner)).statusCode).toBe(200);
    for (const role of ['marketing', 'store_staff'] as const) {
      const staff = await signInStaff(t, role);
      expect((await get('/admin/api/orders', staff)).statusCode).toBe(403);
      expect((await get(`/admin/api/orders/${paid.id}`, staff)).statusCode).toBe(403);
      const res = await refund(paid.id, { reason: 'not mine' }, staff.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    const asMember = await refund(paid.id, { reason: 'my own order' }, bearer(alice.token));
    expect(asMember.statusCode).toBe(401);
    expect((await get('/admin/api/orders', { headers: bearer(alice.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/orders' })).statusCode).toBe(401);
    // Nothing was refunded by any of them.
    expect((await detailOf(paid.id)).refunds).toHaveLength(1);
  });

  it("a member cannot refund or cancel a paid order, theirs or another's, through the member routes", async () => {
    expect(
      shop.errorOf(await shop.call(alice, 'POST', '/bff/orders/cancel', { orderId: paid.id }), 409),
    ).toBe('order_not_cancellable');
    expect(shop.errorOf(await shop.call(bob, 'POST', '/bff/orders/cancel', { orderId: paid.id }), 404)).toBe(
      'order_not_found',
    );
    for (const url of [
      '/bff/orders/refund',
      `/bff/orders/${paid.id}/refunds`,
      `/admin/api/orders/${paid.id}/refund`,
    ])
      expect(
        (await shop.call(alice, 'POST', url, { orderId: paid.id, reason: 'give it back' })).statusCode,
      ).toBeGreaterThanOrEqual(400);
    expect((await detailOf(paid.id)).refunds).toHaveLength(1);
  });

  it('hostile input is a 4xx, never a 5xx', async () => {
    const { id } = (await detailOf(paid.id)).lines[0]!;
    const bodies: unknown[] = [
      {},
      { reason: '' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok reason', lines: [] },
      { reason: 'ok reason', lines: [{ itemId: id, quantity: 0 }] },
      { reason: 'ok reason', lines: [{ itemId: id, quantity: 1e9 }] },
      { reason: 'ok reason', lines: [{ itemId: id, quantity: '1' }] },
      { reason: 'ok reason', lines: [{ itemId: 'not-an-id', quantity: 1 }] },
      { reason: 'ok reason', lines: [{ itemId: randomUUID(), quantity: 1 }] },
      { reason: 'ok reason', lines: [{ itemId: id, quantity: 1, extra: true }] },
      { reason: 'bad\u0000text' },
      { reason: 'ok reason', amount: 1_000_000 },
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await refund(paid.id, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    for (const orderId of ['nope', '%00', randomUUID(), `${paid.id}'--`]) {
      const res = await refund(encodeURIComponent(orderId), { reason: 'ok reason' });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const shown = await get(`/admin/api/orders/${encodeURIComponent(orderId)}`);
      expect(shown.statusCode, shown.body).toBe(404);
    }
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${paid.id}/refunds`,
      headers: support.headers,
      payload: { reason: 'no key' },
    });
    expect(noKey.statusCode).toBe(400);
    for (const q of [
      '?status=LOST',
      '?from=yesterday',
      '?from=2026-13-45',
      '?to=2026-02-30T99:00',
      '?storeId=nope',
      '?page=0',
      '?pageSize=1000',
      '?page=abc',
      `?member=${'a'.repeat(300)}`,
      '?member=%00',
      '?number=%27%3B--',
      '?other=1',
    ]) {
      const res = await get(`/admin/api/orders${q}`);
      expect(res.statusCode, `${q} → ${res.body}`).toBeLessThan(500);
    }
    expect((await page('?number=%27%3B--')).total).toBe(0);
    // Nothing refunded by any of it.
    expect((await detailOf(paid.id)).refunds).toHaveLength(1);
  });
});
