import { randomUUID } from 'node:crypto';
import {
  ErrorEnvelopeSchema,
  OrderResponseSchema,
  type CreateOrderBody,
  type Order,
  type Tier,
} from '@app/contracts';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { CouponTable, VoucherTable } from '../../src/db/schema.ts';
import { bearer, signIn, type TestApp } from './build-test-app.ts';
import type { CatalogueFixture } from './catalogue-fixture.ts';

/*
 * Buying from tests: members, vouchers and coupons made to measure, and the calls a member's app
 * makes, through real HTTP (app.inject).
 */

export type Member = { id: string; token: string; email: string };

export const shopOf = (t: TestApp, f: CatalogueFixture) => {
  const member = async (tier: Tier = 'member'): Promise<Member> => {
    const login = await signIn(t);
    if (tier !== 'member')
      await t.db.updateTable('member').set({ tier }).where('id', '=', login.id).execute();
    const row = await t.db
      .selectFrom('member')
      .select('email')
      .where('id', '=', login.id)
      .executeTakeFirstOrThrow();
    return { id: login.id, token: login.accessToken, email: row.email };
  };

  /** A new access token for the same member (after the test clock moved past the old one's life). */
  const renew = async (m: Member) => {
    m.token = (await signIn(t, m.email)).accessToken;
  };

  /** A fresh voucher of Baan Kafae (on sale, unlimited, 100 baht, 4 points) with `extra` laid over it. */
  const voucher = async (extra: Partial<Insertable<VoucherTable>> = {}) => {
    const id = randomUUID();
    const now = t.clock.now();
    await t.db
      .insertInto('voucher')
      .values({
        id,
        merchant_id: f.m.kafae,
        category_id: f.cat.cafe,
        title_en: `Test voucher ${id.slice(0, 8)}`,
        title_th: `บัตรทดสอบ ${id.slice(0, 8)}`,
        description_en: 'About it',
        description_th: null,
        price: 100,
        points_earned: 4,
        tier: null,
        stock: null,
        sold: 0,
        sale_starts_at: new Date(now.getTime() - 86_400_000),
        sale_ends_at: null,
        valid_days: 30,
        usage_limit: 1,
        price_per_card_month: null,
        created_at: now,
        updated_at: now,
        ...extra,
      })
      .execute();
    return id;
  };

  /** A fresh coupon (10% off, no cap, valid now, whole catalogue) with `extra` laid over it. */
  const coupon = async (
    extra: Partial<Insertable<CouponTable>> = {},
    scope: { vouchers?: string[]; merchants?: string[] } = {},
  ) => {
    const id = randomUUID();
    const now = t.clock.now();
    const code = `T${id.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
    await t.db
      .insertInto('coupon')
      .values({
        id,
        code,
        title_en: `Coupon ${code}`,
        title_th: `คูปอง ${code}`,
        description_en: 'Test coupon',
        description_th: null,
        discount_type: 'percent',
        discount_value: 10,
        max_discount: null,
        min_spend: 0,
        starts_at: new Date(now.getTime() - 86_400_000),
        ends_at: new Date(now.getTime() + 30 * 86_400_000),
        total_limit: null,
        used_count: 0,
        per_member_limit: null,
        created_at: now,
        ...extra,
      })
      .execute();
    for (const v of scope.vouchers ?? [])
      await t.db.insertInto('coupon_voucher').values({ coupon_id: id, voucher_id: v }).execute();
    for (const m of scope.merchants ?? [])
      await t.db.insertInto('coupon_merchant').values({ coupon_id: id, merchant_id: m }).execute();
    return { id, code };
  };

  const call = (
    m: Member | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(m ? bearer(m.token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  type Res = Awaited<ReturnType<typeof call>>;
  const orderOf = (res: Res): Order => {
    expect(res.statusCode, res.body).toBe(200);
    return OrderResponseSchema.parse(res.json()).data;
  };
  const errorOf = (res: Res, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return ErrorEnvelopeSchema.parse(res.json()).code;
  };

  const contact = (m: Member) => ({ phone: '0812345678', email: m.email, channelCode: 'promptpay' });
  const buy = (m: Member, body: Partial<CreateOrderBody> & { voucherId: string }, key?: string) =>
    call(
      m,
      'POST',
      '/bff/orders',
      { quantity: 1, ...contact(m), ...body },
      key ? { 'idempotency-key': key } : {},
    );
  const status = async (m: Member, orderId: string) =>
    orderOf(await call(m, 'POST', '/bff/orders/check-status', { orderId }));

  const chargeRefOf = async (orderId: string) =>
    (
      await t.db
        .selectFrom('payment')
        .select('provider_ref')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).provider_ref;
  /** The tester answers the sandbox bank's page: the signed webhook follows. */
  const answerBank = async (orderId: string, action: 'approve' | 'decline') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${await chargeRefOf(orderId)}`,
      payload: { action },
    });
    expect([200, 302, 303], res.body).toContain(res.statusCode);
  };

  /** Polls until the order leaves the in-between states (the issue job runs on the queue). */
  const settled = async (m: Member, orderId: string, timeoutMs = 20_000): Promise<Order> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const o = await status(m, orderId);
      if (o.status !== 'IN_PROGRESS' && o.status !== 'PENDING') return o;
      if (Date.now() > until) return o;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const sold = async (voucherId: string) =>
    (await t.db.selectFrom('voucher').select('sold').where('id', '=', voucherId).executeTakeFirstOrThrow())
      .sold;
  const couponUsed = async (couponId: string) =>
    (
      await t.db
        .selectFrom('coupon')
        .select('used_count')
        .where('id', '=', couponId)
        .executeTakeFirstOrThrow()
    ).used_count;

  return {
    member,
    renew,
    voucher,
    coupon,
    call,
    orderOf,
    errorOf,
    contact,
    buy,
    status,
    answerBank,
    settled,
    sold,
    couponUsed,
    chargeRefOf,
  };
};
export type Shop = ReturnType<typeof shopOf>;
