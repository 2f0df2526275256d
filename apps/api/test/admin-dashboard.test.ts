import { randomUUID } from 'node:crypto';
import { DashboardResponseSchema, ErrorEnvelopeSchema, type Dashboard, type Tier } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { createTestStore, signInStaff, type SignedInStaff } from './helpers/staff.ts';

const NOW = new Date('2026-06-15T05:00:00.000Z');

/*
 * A small known fixture, its times chosen around Bangkok midnights (UTC+7): 2026-06-01 00:00 in
 * Bangkok is 2026-05-31T17:00Z.
 */
describe('the dashboard (/admin/api/dashboard)', () => {
  let t: TestApp;
  let support: SignedInStaff;
  let s1: string;
  let s2: string;
  let v1: string;
  let v2: string;
  const member: Record<string, string> = {};

  const addMember = async (name: string, tier: Tier, blocked = false) => {
    const row = await t.db
      .insertInto('member')
      .values({
        email: `${name}.${randomUUID().slice(0, 8)}@example.com`,
        language: 'en',
        tier,
        blocked_at: blocked ? NOW : null,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    member[name] = row.id;
  };
  const addVoucher = async (merchantId: string, title: string) => {
    const category = await t.db
      .selectFrom('merchant')
      .select('category_id')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return (
      await t.db
        .insertInto('voucher')
        .values({
          merchant_id: merchantId,
          category_id: category.category_id,
          title_en: title,
          title_th: `บัตร ${title}`,
          description_en: null,
          description_th: null,
          price: 100,
          tier: null,
          stock: null,
          sale_starts_at: NOW,
          sale_ends_at: null,
          valid_days: 30,
          usage_limit: 1,
          price_per_card_month: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  let n = 0;
  const addOrder = async (
    paidAt: string | null,
    lines: Array<{ voucher: string; store: string; quantity: number; unitPrice: number }>,
  ) => {
    const total = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
    const at = paidAt ? new Date(paidAt) : NOW;
    const order = await t.db
      .insertInto('purchase_order')
      .values({
        member_id: member.ann!,
        number: `DSH${n++}${Date.now()}`,
        status: paidAt ? 'SUCCESSFUL' : 'FAILED',
        checkout_type: 'multiple',
        subtotal: total,
        discount: 0,
        total,
        points_earned: 0,
        coupon_id: null,
        channel_code: 'promptpay',
        phone: '0812345678',
        email: 'ann@example.com',
        language: 'en',
        idempotency_key: null,
        request_hash: null,
        payment_expires_at: null,
        charge_claimed_at: null,
        created_at: at,
        updated_at: at,
        paid_at: paidAt ? at : null,
        completed_at: null,
        receipt_sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let position = 0;
    for (const l of lines)
      await t.db
        .insertInto('purchase_order_item')
        .values({
          order_id: order.id,
          voucher_id: l.voucher,
          price_option_id: null,
          merchant_id: l.store,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          unit_points: 0,
          points: 0,
          cart_item_id: null,
          position: position++,
        })
        .execute();
  };
  let unit = 0;
  const addUse = async (usedAt: string) => {
    // A unit of a bought line (the wallet's constraint: a voucher in the wallet came from an order).
    const line = await t.db
      .selectFrom('purchase_order_item')
      .select(['id', 'order_id'])
      .where('voucher_id', '=', v1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const w = await t.db
      .insertInto('wallet_voucher')
      .values({
        member_id: member.ann!,
        order_id: line.order_id,
        order_item_id: line.id,
        unit: unit++,
        voucher_id: v1,
        privilege_id: null,
        redeem_key: null,
        price_option_id: null,
        code: randomUUID().slice(0, 12),
        valid_from: new Date('2026-05-01T00:00:00Z'),
        valid_until: new Date('2026-12-31T00:00:00Z'),
        usage_limit: 5,
        used_count: 1,
        created_at: new Date('2026-05-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('wallet_use')
      .values({
        wallet_voucher_id: w.id,
        member_id: member.ann!,
        used_at: new Date(usedAt),
        idempotency_key: null,
      })
      .execute();
  };
  const ledger = async (row: {
    kind: 'earn' | 'burn' | 'expire' | 'adjust' | 'reverse';
    points: number;
    at: string;
    expiresAt?: string;
    bucket?: string;
    reverses?: string;
  }) =>
    (
      await t.db
        .insertInto('points_ledger')
        .values({
          member_id: member.ann!,
          kind: row.kind,
          points: row.points,
          reason: 'fixture',
          order_id: null,
          privilege_id: null,
          expires_at: row.expiresAt ? new Date(row.expiresAt) : null,
          created_at: new Date(row.at),
          ...(row.bucket ? { bucket_id: row.bucket } : {}),
          ...(row.reverses ? { reverses_id: row.reverses } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const dashboard = async (who: SignedInStaff, query: string) =>
    t.app.inject({ method: 'GET', url: `/admin/api/dashboard?${query}`, headers: who.headers });
  const read = async (query: string): Promise<Dashboard> => {
    const res = await dashboard(support, query);
    expect(res.statusCode, res.body).toBe(200);
    return DashboardResponseSchema.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(NOW) });
    support = await signInStaff(t, 'support');
    s1 = await createTestStore(t, 'Dash One');
    s2 = await createTestStore(t, 'Dash Two');
    v1 = await addVoucher(s1, 'Latte');
    v2 = await addVoucher(s2, 'Noodles');
    await addMember('ann', 'member');
    await addMember('bee', 'gold');
    await addMember('cat', 'gold', true);

    // 06-01 00:30 and 23:59 in Bangkok; 06-02 00:00; 05-31 23:59 (outside); one never paid.
    await addOrder('2026-05-31T17:30:00Z', [
      { voucher: v1, store: s1, quantity: 2, unitPrice: 100 },
      { voucher: v2, store: s2, quantity: 1, unitPrice: 100 },
    ]);
    await addOrder('2026-06-01T16:59:00Z', [{ voucher: v2, store: s2, quantity: 5, unitPrice: 100 }]);
    await addOrder('2026-06-01T17:00:00Z', [{ voucher: v1, store: s1, quantity: 1, unitPrice: 150 }]);
    await addOrder('2026-05-31T16:59:00Z', [{ voucher: v1, store: s1, quantity: 9, unitPrice: 111 }]);
    await addOrder(null, [{ voucher: v2, store: s2, quantity: 3, unitPrice: 100 }]);

    // Uses: two on 06-02, one at 06-03 23:59 Bangkok, one at 06-04 00:00 (outside).
    await addUse('2026-06-02T03:00:00Z');
    await addUse('2026-06-02T04:00:00Z');
    await addUse('2026-06-03T16:59:59Z');
    await addUse('2026-06-03T17:00:00Z');

    // Points: 100 earned 06-01, 50 adjusted in 06-02, 30 of the 100 burnt 06-02 and 10 of those given
    // back 06-03 (the privilege was refunded); 40 earned in May expire 06-03; 25 earned in May whose
    // bucket ended 06-10 but the expiry job has not run yet.
    const earn = await ledger({
      kind: 'earn',
      points: 100,
      at: '2026-06-01T01:00:00Z',
      expiresAt: '2028-06-30T16:59:59Z',
    });
    await ledger({
      kind: 'adjust',
      points: 50,
      at: '2026-06-02T01:00:00Z',
      expiresAt: '2028-06-30T16:59:59Z',
    });
    const burn = await ledger({ kind: 'burn', points: -30, at: '2026-06-02T02:00:00Z', bucket: earn });
    await ledger({ kind: 'reverse', points: 10, at: '2026-06-03T02:00:00Z', bucket: earn, reverses: burn });
    const may = await ledger({
      kind: 'earn',
      points: 40,
      at: '2026-05-01T01:00:00Z',
      expiresAt: '2026-05-31T16:59:59Z',
    });
    await ledger({ kind: 'expire', points: -40, at: '2026-06-02T23:00:00Z', bucket: may });
    await ledger({ kind: 'earn', points: 25, at: '2026-05-02T01:00:00Z', expiresAt: '2026-06-10T16:59:59Z' });
  });
  afterAll(() => t.close());

  it('adds up sales, redemptions and points per Bangkok day, with the liability, tiers and the top lists', async () => {
    const d = await read('from=2026-06-01&to=2026-06-03');
    expect(d.days).toEqual([
      {
        day: '2026-06-01',
        orders: 2,
        sales: 800,
        redemptions: 0,
        pointsIssued: 100,
        pointsSpent: 0,
        pointsGivenBack: 0,
        pointsExpired: 0,
      },
      {
        day: '2026-06-02',
        orders: 1,
        sales: 150,
        redemptions: 2,
        pointsIssued: 50,
        pointsSpent: 30,
        pointsGivenBack: 0,
        pointsExpired: 0,
      },
      {
        day: '2026-06-03',
        orders: 0,
        sales: 0,
        redemptions: 1,
        pointsIssued: 0,
        pointsSpent: 0,
        pointsGivenBack: 10,
        pointsExpired: 40,
      },
    ]);
    expect(d.totals).toEqual({
      orders: 3,
      sales: 950,
      redemptions: 3,
      pointsIssued: 150,
      pointsSpent: 30,
      pointsGivenBack: 10,
      pointsExpired: 40,
    });
    // Spent is the 30 burnt, not 30 less the 10 given back the next day: those are their own figure.
    // 80 left of the 100 (after the give-back) and the 50 adjusted; the lapsed 25 are not owed any
    // more. 1 point per ฿25.
    expect(d.liability).toEqual({ points: 130, baht: 3250, bahtPerPoint: 25 });
    expect(d.membersByTier).toEqual([
      { tier: 'member', members: 1 },
      { tier: 'silver', members: 0 },
      { tier: 'gold', members: 2 },
      { tier: 'platinum', members: 0 },
    ]);
    expect(d.topVouchers.map((v) => [v.id, v.units, v.sales])).toEqual([
      [v2, 6, 600],
      [v1, 3, 350],
    ]);
    expect(d.topVouchers[0]?.title).toEqual({ en: 'Noodles', th: 'บัตร Noodles' });
    expect(d.topStores.map((s) => [s.id, s.units, s.sales])).toEqual([
      [s2, 6, 600],
      [s1, 3, 350],
    ]);

    // One day; the day before the range holds the order outside it.
    const may31 = await read('from=2026-05-31&to=2026-05-31');
    expect(may31.days).toEqual([
      {
        day: '2026-05-31',
        orders: 1,
        sales: 999,
        redemptions: 0,
        pointsIssued: 0,
        pointsSpent: 0,
        pointsGivenBack: 0,
        pointsExpired: 0,
      },
    ]);
  });

  it('lets owner, marketing and support read it; store staff get 403', async () => {
    for (const role of ['owner', 'marketing', 'support'] as const) {
      const res = await dashboard(await signInStaff(t, role), 'from=2026-06-01&to=2026-06-01');
      expect(res.statusCode, role).toBe(200);
    }
    const res = await dashboard(await signInStaff(t, 'store_staff'), 'from=2026-06-01&to=2026-06-01');
    expect(res.statusCode).toBe(403);
    expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('forbidden');
  });

  it('refuses bad ranges with 400, never a 5xx', async () => {
    const full = await read('from=2025-06-15&to=2026-06-15');
    expect(full.days).toHaveLength(366);
    for (const query of [
      '',
      'from=2026-06-01',
      'from=2026-06-03&to=2026-06-01',
      'from=2025-01-01&to=2026-06-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-6-1&to=2026-06-02',
      'from=yesterday&to=today',
      'from=2026-06-01%00&to=2026-06-02',
      `from=${'9'.repeat(5000)}&to=2026-06-02`,
      'from=0000-00-00&to=9999-99-99',
      'from=2026-06-01&to=2026-06-02&extra=1',
    ]) {
      const res = await dashboard(support, query);
      expect(res.statusCode, query).toBe(400);
      ErrorEnvelopeSchema.parse(res.json());
    }
  });
});
