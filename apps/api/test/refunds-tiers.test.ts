import { randomUUID } from 'node:crypto';
import type { Order, Tier } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnPoints, lockMember, reviewTiers } from '../src/modules/points/index.ts';
import { earnedInWindow, lastReviewAt } from '../src/modules/points/tiers.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/*
 * A refund takes back what the refunded order gave toward the member's tier, at once: Silver needs
 * 1,000 qualifying points in 12 months (the tier table's default). Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL, where the refund and an earn really overlap.
 */

const RACE_RUNS = process.env.TEST_DATABASE_URL ? 8 : 4;

describe('tiers after refunds', () => {
  let t: TestApp;
  let shop: Shop;
  let support: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { orderLimitPerMember: 10_000 } });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
    support = await signInStaff(t, 'support');
  });
  afterAll(() => t?.close());

  const bought = async (m: Member, points: number): Promise<Order> =>
    shop.orderOf(await shop.buy(m, { voucherId: await shop.voucher({ price: 100, points_earned: points }) }));
  const paid = async (m: Member, points: number): Promise<Order> => {
    const order = await bought(m, points);
    await shop.answerBank(order.id, 'approve');
    const done = await shop.settled(m, order.id);
    expect(done.status).toBe('SUCCESSFUL');
    return done;
  };
  const refund = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/refunds`,
      headers: { ...support.headers, 'idempotency-key': randomUUID() },
      payload: { reason: 'Customer changed their mind' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { status: string } }>().data.status).toBe('succeeded');
  };
  const tierOf = async (m: Member): Promise<Tier> =>
    (await t.db.selectFrom('member').select('tier').where('id', '=', m.id).executeTakeFirstOrThrow()).tier;
  /** The member's tier notifications, up before down (the test clock stands still: one instant). */
  const tierNotices = (m: Member) =>
    t.db
      .selectFrom('notification')
      .select(['type', 'params'])
      .where('member_id', '=', m.id)
      .where('type', 'in', ['tier_up', 'tier_down'])
      .orderBy('type', 'desc')
      .execute();

  it('a member lifted to Silver by an order drops back when it is refunded, and is told in Thai', async () => {
    const m = await shop.member();
    await t.db.updateTable('member').set({ language: 'th' }).where('id', '=', m.id).execute();
    const order = await paid(m, 1000);
    expect(await tierOf(m)).toBe('silver');

    await refund(order.id);
    expect(await tierOf(m)).toBe('member');
    expect(await earnedInWindow(t.db, m.id, t.clock.now())).toBe(0);
    expect(await tierNotices(m)).toEqual([
      { type: 'tier_up', params: { tier: 'silver' } },
      { type: 'tier_down', params: { tier: 'member' } },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/bff/userTier/notifications',
      headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'th' },
    });
    expect(list.statusCode).toBe(200);
    const notices = list.json<{ data: { type: string; title: string }[] }>().data;
    expect(notices.find((n) => n.type === 'tier_down')?.title).toBe('ระดับสมาชิกเปลี่ยนเป็น เมมเบอร์');
    // The monthly review agrees: it finds nothing to change.
    await reviewTiers(t.db, t.clock.now());
    expect(await tierOf(m)).toBe('member');
  });

  it('one with enough other qualifying points keeps Silver', async () => {
    const m = await shop.member();
    await paid(m, 1000);
    const extra = await paid(m, 300);
    expect(await tierOf(m)).toBe('silver');
    await refund(extra.id);
    expect(await tierOf(m)).toBe('silver');
    expect(await earnedInWindow(t.db, m.id, t.clock.now())).toBe(1000);
    expect((await tierNotices(m)).map((n) => n.type)).toEqual(['tier_up']);
  });

  it('points that aged out since the last monthly review still count: the refund takes only its own share', async () => {
    // Now is 15 June; the last review ran 1 June 01:00 Bangkok and judged earns from 1 June 2025 on.
    const m = await shop.member('silver');
    await t.db
      .insertInto('points_ledger')
      .values({
        member_id: m.id,
        kind: 'earn',
        points: 1000,
        reason: 'an order a year ago',
        order_id: null,
        privilege_id: null,
        expires_at: new Date('2027-12-31T16:59:59.999Z'),
        created_at: new Date('2025-06-10T05:00:00Z'),
      })
      .execute();
    const small = await paid(m, 100);
    // The rolling 12 months up to now no longer hold the old earn; the review's window does.
    expect(await earnedInWindow(t.db, m.id, t.clock.now())).toBe(100);
    await refund(small.id);
    expect(await tierOf(m)).toBe('silver');
    // The next review applies the calendar's share.
    await reviewTiers(t.db, new Date('2026-06-30T18:00:00Z'));
    expect(await tierOf(m)).toBe('member');
  });

  it('points already spent before the refund still stop counting toward the tier', async () => {
    const m = await shop.member();
    const order = await paid(m, 1000);
    await t.db.transaction().execute(async (trx) => {
      await lockMember(trx, m.id);
      await burnPoints(trx, {
        memberId: m.id,
        points: 900,
        reason: 'a privilege',
        privilegeId: null,
        now: t.clock.now(),
      });
    });
    await refund(order.id);
    const row = await t.db
      .selectFrom('refund')
      .select(['points_reversed', 'points_shortfall'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ points_reversed: 100, points_shortfall: 900 });
    expect(await tierOf(m)).toBe('member');
  });

  it('a refund racing an earn leaves the tier the remaining points reach, in either order', async () => {
    for (let run = 0; run < RACE_RUNS; run++) {
      // Odd runs: the other order alone reaches Silver (kept); even runs: it does not (dropped).
      const otherPoints = run % 2 ? 1000 : 600;
      const m = await shop.member();
      const first = await paid(m, 1000);
      const other = await bought(m, otherPoints);
      await Promise.all([refund(first.id), shop.answerBank(other.id, 'approve')]);
      expect((await shop.settled(m, other.id)).status).toBe('SUCCESSFUL');
      expect(await earnedInWindow(t.db, m.id, t.clock.now()), `run ${run}`).toBe(otherPoints);
      expect(await tierOf(m), `run ${run}`).toBe(otherPoints >= 1000 ? 'silver' : 'member');
    }
  });
});

describe('the last monthly review', () => {
  it('is 01:00 Bangkok on the 1st of the month, or of the month before until then', () => {
    // 2026-03-01 01:00 Bangkok is 2026-02-28 18:00 UTC.
    expect(lastReviewAt(new Date('2026-03-15T05:00:00Z')).toISOString()).toBe('2026-02-28T18:00:00.000Z');
    expect(lastReviewAt(new Date('2026-02-28T18:00:00Z')).toISOString()).toBe('2026-02-28T18:00:00.000Z');
    // 00:59 Bangkok on 1 March: February's review (1 February 01:00 Bangkok = 31 January 18:00 UTC).
    expect(lastReviewAt(new Date('2026-02-28T17:59:00Z')).toISOString()).toBe('2026-01-31T18:00:00.000Z');
    // Across a year: 1 January 2026 00:30 Bangkok → 1 December 2025's review.
    expect(lastReviewAt(new Date('2025-12-31T17:30:00Z')).toISOString()).toBe('2025-11-30T18:00:00.000Z');
  });
});
