import {
  ErrorEnvelopeSchema,
  PointsSummaryResponseSchema,
  VoucherDetailResponseSchema,
  type PointsSummary,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/app-error.ts';
import { jobsSchemaFor } from '../src/jobs/jobs.ts';
import {
  adjustPoints,
  burnPoints,
  expirePoints,
  pointsBalance,
  pointsExpiryFor,
  reversePoints,
  reviewTiers,
} from '../src/modules/points/index.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

const DAY = 86_400_000;

describe('points ledger, expiry, tiers and GET /bff/points', () => {
  let t: TestApp;
  let shop: ReturnType<typeof shopOf>;
  const now = () => t.clock.now();

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
  });
  afterAll(() => t.close());

  /** A bucket with a chosen expiry, written as an operator's adjust would be (append-only, like the app). */
  const grant = async (m: Member, points: number, expiresAt: Date | null) =>
    (
      await t.db
        .insertInto('points_ledger')
        .values({
          member_id: m.id,
          kind: 'adjust',
          points,
          reason: 'test grant',
          order_id: null,
          privilege_id: null,
          expires_at: expiresAt,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const rowsOf = (m: Member) =>
    t.db
      .selectFrom('points_ledger')
      .select(['id', 'kind', 'points', 'bucket_id', 'reverses_id'])
      .where('member_id', '=', m.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** What each bucket still holds: never below zero, whatever ran concurrently. */
  const bucketRemainders = async (m: Member) => {
    const rows = await rowsOf(m);
    const left = new Map<string, number>();
    for (const r of rows) if (r.bucket_id === null) left.set(r.id, r.points);
    for (const r of rows) if (r.bucket_id) left.set(r.bucket_id, (left.get(r.bucket_id) ?? 0) + r.points);
    return [...left.values()];
  };

  const summary = async (m: Member): Promise<PointsSummary> => {
    const res = await shop.call(m, 'GET', '/bff/points');
    expect(res.statusCode, res.body).toBe(200);
    return PointsSummaryResponseSchema.parse(res.json()).data;
  };

  const eligibleFor = async (m: Member, voucherId: string) => {
    const res = await shop.call(m, 'GET', `/bff/vouchers/${voucherId}`);
    expect(res.statusCode, res.body).toBe(200);
    return VoucherDetailResponseSchema.parse(res.json()).data.eligible;
  };

  const burn = (m: Member, points: number) =>
    t.db
      .transaction()
      .execute((trx) =>
        burnPoints(trx, { memberId: m.id, points, reason: 'privilege', privilegeId: null, now: now() }),
      );

  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
  };

  it('schedules the daily expiry and the monthly review in Asia/Bangkok', async () => {
    await t.app.ready();
    const schema = await jobsSchemaFor(t.db);
    const { rows } = await sql<{ name: string; cron: string; timezone: string }>`
      select name, cron, timezone from ${sql.table(`${schema}.schedule`)} where name like 'points.%' order by name`.execute(
      t.db,
    );
    expect(rows).toEqual([
      { name: 'points.expire', cron: '5 0 * * *', timezone: 'Asia/Bangkok' },
      { name: 'points.review', cron: '0 1 1 * *', timezone: 'Asia/Bangkok' },
    ]);
  });

  it('keeps the default expiry: end of the Bangkok quarter two years after earning', () => {
    // 15 June 2026 12:00 Bangkok → the quarter ending 30 June 2028 23:59:59.999 Bangkok.
    expect(pointsExpiryFor(FIXTURE_NOW).toISOString()).toBe('2028-06-30T16:59:59.999Z');
    // 1 July 2026 00:00 Bangkok is already the next quarter.
    expect(pointsExpiryFor(new Date('2026-06-30T17:00:00.000Z')).toISOString()).toBe(
      '2028-09-30T16:59:59.999Z',
    );
  });

  it('burns the earliest-expiring bucket first, one row per bucket, and refuses a short balance', async () => {
    const m = await shop.member();
    const late = await grant(m, 100, new Date(now().getTime() + 200 * DAY));
    const early = await grant(m, 100, new Date(now().getTime() + 100 * DAY));
    const never = await grant(m, 100, null);
    const first = await burn(m, 150);
    const rows = await rowsOf(m);
    const burns = rows.filter((r) => r.kind === 'burn');
    // Rows written in one instant: compare them as a set.
    expect(burns.map((r) => [r.bucket_id, r.points]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [early, -100],
      [late, -50],
    ]);
    expect(first.burnRowIds.sort()).toEqual(burns.map((r) => r.id).sort());

    expect(await codeOf(burn(m, 151))).toBe('insufficient_points');
    expect(await rowsOf(m)).toHaveLength(rows.length);
    expect(await pointsBalance(t.db, m.id)).toBe(150);

    // A failed redemption gets back what it burned, into the buckets it came from, once.
    const give = () =>
      t.db
        .transaction()
        .execute((trx) =>
          reversePoints(trx, { memberId: m.id, burnRowIds: first.burnRowIds, reason: 'failed', now: now() }),
        );
    expect(await give()).toBe(150);
    expect(await give()).toBe(0);
    expect(await pointsBalance(t.db, m.id)).toBe(300);
    const second = await burn(m, 120);
    // The never-expiring bucket is spent last: untouched.
    expect(
      (await rowsOf(m))
        .filter((r) => second.burnRowIds.includes(r.id))
        .map((r) => [r.bucket_id, r.points])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      [early, -100],
      [late, -20],
    ]);
    expect((await rowsOf(m)).some((r) => r.bucket_id === never)).toBe(false);
  });

  it('expires a bucket one millisecond after its expiry, once; never spends expired points', async () => {
    const m = await shop.member();
    const expiresAt = new Date(now().getTime() + DAY);
    await grant(m, 70, expiresAt);
    await grant(m, 30, null);
    // Points of other members expiring later are not touched by this member's boundary.
    expect(await expirePoints(t.db, expiresAt)).toBe(0);
    expect(await pointsBalance(t.db, m.id)).toBe(100);

    const after = new Date(expiresAt.getTime() + 1);
    expect(await expirePoints(t.db, after)).toBeGreaterThanOrEqual(70);
    expect(await expirePoints(t.db, after)).toBe(0);
    const expired = (await rowsOf(m)).filter((r) => r.kind === 'expire');
    expect(expired.map((r) => r.points)).toEqual([-70]);
    expect(await pointsBalance(t.db, m.id)).toBe(30);
  });

  it('a burn after the expiry but before the job expires first and spends only live points', async () => {
    const m = await shop.member();
    const expiresAt = new Date(now().getTime() + DAY);
    await grant(m, 50, expiresAt);
    await grant(m, 20, null);
    t.clock.set(new Date(expiresAt.getTime() + 1));
    try {
      await shop.renew(m);
      expect((await summary(m)).balance).toBe(20);
      expect(await codeOf(burn(m, 30))).toBe('insufficient_points');
      await burn(m, 20);
      expect(await pointsBalance(t.db, m.id)).toBe(0);
    } finally {
      t.clock.set(FIXTURE_NOW);
    }
  });

  it('stays exact under concurrent burns, earns and the expiry job: 30 burns of 10 with 100 points → 10', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await shop.member();
      await grant(m, 60, new Date(now().getTime() + 10 * DAY));
      await grant(m, 40, new Date(now().getTime() + 20 * DAY));
      // Already due: the job and the burns race to expire it; it must expire exactly once.
      await grant(m, 50, new Date(now().getTime() - 1));
      const results = await Promise.all([
        ...Array.from({ length: 30 }, () => codeOf(burn(m, 10))),
        ...Array.from({ length: 5 }, () =>
          codeOf(
            t.db
              .transaction()
              .execute((trx) => adjustPoints(trx, { memberId: m.id, points: 1, reason: 'gift', now: now() })),
          ),
        ),
        codeOf(expirePoints(t.db, now())),
      ]);
      expect(results.slice(0, 30).filter((r) => r === 'ok')).toHaveLength(10);
      expect(results.slice(0, 30).filter((r) => r !== 'ok')).toEqual(Array(20).fill('insufficient_points'));
      const rows = await rowsOf(m);
      expect(rows.filter((r) => r.kind === 'expire').map((r) => r.points)).toEqual([-50]);
      expect(await pointsBalance(t.db, m.id)).toBe(rows.reduce((s, r) => s + r.points, 0));
      expect(await pointsBalance(t.db, m.id)).toBe(5);
      expect(Math.min(...(await bucketRemainders(m)))).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses nonsense amounts and an operator adjust below zero', async () => {
    const m = await shop.member();
    expect(await codeOf(burn(m, 0))).toBe('validation_failed');
    expect(await codeOf(burn(m, 1.5))).toBe('validation_failed');
    expect(
      await codeOf(
        t.db
          .transaction()
          .execute((trx) => adjustPoints(trx, { memberId: m.id, points: -1, reason: 'fix', now: now() })),
      ),
    ).toBe('insufficient_points');
    await t.db
      .transaction()
      .execute((trx) => adjustPoints(trx, { memberId: m.id, points: 25, reason: 'goodwill', now: now() }));
    await t.db
      .transaction()
      .execute((trx) => adjustPoints(trx, { memberId: m.id, points: -5, reason: 'fix', now: now() }));
    expect(await pointsBalance(t.db, m.id)).toBe(20);
  });

  it('an earn crossing a threshold raises the tier at once; a reversal takes the earn back once; the review lowers it', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 0, points_earned: 600 });
    const first = shop.orderOf(await shop.buy(m, { voucherId: v, channelCode: undefined }));
    expect(first.status).toBe('SUCCESSFUL');
    let s = await summary(m);
    expect(s).toMatchObject({
      balance: 600,
      tier: 'member',
      earnedInWindow: 600,
      nextTier: { tier: 'silver', pointsRequired: 1000, pointsNeeded: 400 },
    });
    expect(s.progress).toBeCloseTo(0.6);

    // A second later, so the burn below takes from the first order's bucket (same expiry, earned first).
    t.clock.advance(1000);
    const silverOnly = await shop.voucher({ tier: 'silver' });
    expect(await eligibleFor(m, silverOnly)).toBe(false);
    const second = shop.orderOf(await shop.buy(m, { voucherId: v, channelCode: undefined }));
    expect(second.status).toBe('SUCCESSFUL');
    const row = await t.db
      .selectFrom('member')
      .select('tier')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.tier).toBe('silver');
    // The catalogue's cached view of the member follows (its version moves with member.tier; another
    // process's PostgreSQL change is seen within the catalogue's 1 s poll).
    const until = Date.now() + 3000;
    while (!(await eligibleFor(m, silverOnly)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(await eligibleFor(m, silverOnly)).toBe(true);
    s = await summary(m);
    expect(s).toMatchObject({
      balance: 1200,
      tier: 'silver',
      earnedInWindow: 1200,
      nextTier: { tier: 'gold', pointsRequired: 5000, pointsNeeded: 3800 },
      expiries: [{ date: '2028-06-30', expiresAt: '2028-06-30T16:59:59.999Z', points: 1200 }],
    });
    expect(s.progress).toBeCloseTo(200 / 4000);

    // A cancelled order gives back what it earned, once; what was spent stays spent (never negative).
    await burn(m, 500);
    const take = () =>
      t.db
        .transaction()
        .execute((trx) =>
          reversePoints(trx, { memberId: m.id, orderId: second.id, reason: 'refund', now: now() }),
        );
    expect(await take()).toBe(600);
    expect(await take()).toBe(0);
    expect(await pointsBalance(t.db, m.id)).toBe(100);
    expect(Math.min(...(await bucketRemainders(m)))).toBeGreaterThanOrEqual(0);
    // The upgrade is not undone at once; the review sets the tier the window reaches.
    expect((await summary(m)).tier).toBe('silver');
    expect(await reviewTiers(t.db, now())).toBeGreaterThanOrEqual(1);
    expect((await summary(m)).tier).toBe('member');
    expect(await reviewTiers(t.db, now())).toBe(0);
  });

  it('the review keeps a tier the window still reaches and lowers one it no longer does', async () => {
    const keeps = await shop.member('gold');
    const drops = await shop.member('platinum');
    await t.db
      .insertInto('points_ledger')
      .values(
        [keeps, drops].map((m, i) => ({
          member_id: m.id,
          kind: 'earn' as const,
          points: 5000,
          reason: 'test earn',
          order_id: null,
          privilege_id: null,
          expires_at: pointsExpiryFor(now()),
          // The second earn is 13 months old: outside the rolling window.
          created_at: new Date(now().getTime() - (i === 0 ? 30 : 395) * DAY),
        })),
      )
      .execute();
    await reviewTiers(t.db, now());
    const tiers = await t.db
      .selectFrom('member')
      .select(['id', 'tier'])
      .where('id', 'in', [keeps.id, drops.id])
      .execute();
    expect(Object.fromEntries(tiers.map((r) => [r.id, r.tier]))).toEqual({
      [keeps.id]: 'gold',
      [drops.id]: 'member',
    });
    expect(await summary(drops)).toMatchObject({ tier: 'member', balance: 5000, earnedInWindow: 0 });
    expect(await summary(keeps)).toMatchObject({ nextTier: { tier: 'platinum', pointsNeeded: 10000 } });
  });

  it("answers only the member's own points, and 401 without a session", async () => {
    const alice = await shop.member();
    const bob = await shop.member();
    await grant(alice, 300, pointsExpiryFor(now()));
    await grant(alice, 200, pointsExpiryFor(now()));
    await grant(alice, 100, pointsExpiryFor(new Date(now().getTime() + 120 * DAY)));
    expect(await summary(alice)).toMatchObject({
      balance: 600,
      expiries: [
        { date: '2028-06-30', points: 500 },
        { date: '2028-12-31', points: 100 },
      ],
    });
    expect(await summary(bob)).toEqual({
      balance: 0,
      tier: 'member',
      earnedInWindow: 0,
      nextTier: { tier: 'silver', pointsRequired: 1000, pointsNeeded: 1000 },
      progress: 0,
      expiries: [],
    });
    const anon = await shop.call(null, 'GET', '/bff/points');
    expect(anon.statusCode).toBe(401);
    expect(ErrorEnvelopeSchema.parse(anon.json()).code).toBe('unauthorized');
  });

  it('a member with buckets, burns and give-backs can be deleted (their ledger goes with them)', async () => {
    const m = await shop.member();
    await grant(m, 100, pointsExpiryFor(now()));
    const { burnRowIds } = await burn(m, 40);
    await t.db
      .transaction()
      .execute((trx) => reversePoints(trx, { memberId: m.id, burnRowIds, reason: 'failed', now: now() }));
    await t.db.deleteFrom('member').where('id', '=', m.id).execute();
    expect(await rowsOf(m)).toEqual([]);
  });

  it('the highest tier has no next tier and full progress', async () => {
    const m = await shop.member('platinum');
    expect(await summary(m)).toMatchObject({ tier: 'platinum', nextTier: null, progress: 1 });
  });
});
