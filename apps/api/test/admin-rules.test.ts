import {
  ErrorEnvelopeSchema,
  RulesResponseSchema,
  VoucherDetailResponseSchema,
  type UpdateRulesBody,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

const TIERS_NOW = [
  {
    code: 'member',
    pointsRequired: 0,
    unlocks: { en: 'Vouchers for every member', th: 'บัตรกำนัลสำหรับสมาชิกทุกคน' },
  },
  { code: 'silver', pointsRequired: 1000, unlocks: { en: 'Silver things', th: 'สิทธิ์ระดับ Silver' } },
  { code: 'gold', pointsRequired: 5000, unlocks: { en: 'Gold things', th: 'สิทธิ์ระดับ Gold' } },
  { code: 'platinum', pointsRequired: 15000, unlocks: { en: 'Platinum things', th: 'สิทธิ์ระดับ Platinum' } },
] as const;

const body = (over: Partial<UpdateRulesBody> = {}): UpdateRulesBody => ({
  bahtPerPoint: 25,
  pointsLifetimeMonths: 24,
  tiers: TIERS_NOW.map((t) => ({ ...t, unlocks: { ...t.unlocks } })),
  reason: 'Quarterly review',
  ...over,
});

describe('programme rules as data (/admin/api/rules)', () => {
  let t: TestApp;
  let shop: ReturnType<typeof shopOf>;
  let owner: SignedInStaff;
  const put = (who: SignedInStaff, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/admin/api/rules',
      headers: who.headers,
      payload: payload as object,
    });
  const rules = async (who: SignedInStaff) => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/rules', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return RulesResponseSchema.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
    owner = await signInStaff(t, 'owner');
  });
  afterAll(() => t.close());

  it('starts from the rules the programme ran on: 1 point per ฿25, 24 months, the seeded tiers', async () => {
    const { current, history } = await rules(await signInStaff(t, 'support'));
    expect(current).toMatchObject({ bahtPerPoint: 25, pointsLifetimeMonths: 24, changedBy: null });
    expect(current.tiers.map((x) => [x.code, x.pointsRequired])).toEqual([
      ['member', 0],
      ['silver', 1000],
      ['gold', 5000],
      ['platinum', 15000],
    ]);
    expect(current.tiers[1]?.unlocks.th).toMatch(/[\u0E00-\u0E7F]/);
    expect(history).toHaveLength(1);
  });

  it('lets only the owner change them (marketing and support read; store staff neither)', async () => {
    for (const role of ['marketing', 'support', 'store_staff'] as const) {
      const res = await put(await signInStaff(t, role), body());
      expect(res.statusCode, role).toBe(403);
      expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('forbidden');
    }
    const read = await t.app.inject({
      method: 'GET',
      url: '/admin/api/rules',
      headers: (await signInStaff(t, 'store_staff')).headers,
    });
    expect(read.statusCode).toBe(403);
  });

  it('refuses rules that do not add up, saying which field, and changes nothing', async () => {
    const before = await rules(owner);
    const cases: Array<[unknown, string]> = [
      [body({ bahtPerPoint: 0 }), 'bahtPerPoint'],
      [body({ pointsLifetimeMonths: 121 }), 'pointsLifetimeMonths'],
      [body({ reason: ' ' }), 'reason'],
      [{ ...body(), tiers: body().tiers.slice(0, 3) }, 'tiers'],
      [
        body({ tiers: body().tiers.map((x, i) => (i === 2 ? { ...x, pointsRequired: 1000 } : x)) }),
        'tiers.2.pointsRequired',
      ],
      [
        body({ tiers: body().tiers.map((x, i) => (i === 0 ? { ...x, pointsRequired: 5 } : x)) }),
        'tiers.0.pointsRequired',
      ],
      [body({ tiers: [...body().tiers].reverse() }), 'tiers.0.code'],
      [
        body({ tiers: body().tiers.map((x, i) => (i === 1 ? { ...x, unlocks: { en: 'x', th: '' } } : x)) }),
        'tiers.1.unlocks.th',
      ],
      [{ ...body(), bahtPerPoint: '25' }, 'bahtPerPoint'],
      [{ ...body(), reason: 'a\u0000b' }, ''],
    ];
    for (const [payload, path] of cases) {
      const res = await put(owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      const err = ErrorEnvelopeSchema.parse(res.json());
      if (path)
        expect(
          err.fields?.map((f) => f.path),
          path,
        ).toContain(path);
    }
    expect((await rules(owner)).history).toHaveLength(before.history.length);
  });

  it('a new earn rate shows on the catalogue at once and prices new orders; an order already priced keeps its points', async () => {
    const m = await shop.member();
    const voucherId = await shop.voucher({ price: 100, points_earned: null });
    const detail = async () =>
      VoucherDetailResponseSchema.parse((await shop.call(m, 'GET', `/bff/vouchers/${voucherId}`)).json())
        .data;
    expect((await detail()).pointsEarned).toBe(4);
    const before = shop.orderOf(await shop.buy(m, { voucherId }));
    expect(before.pointsEarned).toBe(4);

    const res = await put(owner, body({ bahtPerPoint: 10, reason: 'Double points season' }));
    expect(res.statusCode, res.body).toBe(200);

    expect((await detail()).pointsEarned).toBe(10);
    const after = shop.orderOf(await shop.buy(m, { voucherId }));
    expect(after.pointsEarned).toBe(10);
    expect((await shop.status(m, before.id)).pointsEarned).toBe(4);
    // A voucher with a rate of its own keeps it.
    const own = await shop.voucher({ price: 100, points_earned: 7 });
    expect(
      VoucherDetailResponseSchema.parse((await shop.call(m, 'GET', `/bff/vouchers/${own}`)).json()).data
        .pointsEarned,
    ).toBe(7);
  });

  it('a new lifetime applies to points earned from now on; new thresholds to tier upgrades; both kept in history and the audit log', async () => {
    const res = await put(
      owner,
      body({
        bahtPerPoint: 10,
        pointsLifetimeMonths: 12,
        tiers: body().tiers.map((x) => (x.code === 'silver' ? { ...x, pointsRequired: 500 } : x)),
        reason: 'Shorter lifetime, easier Silver',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const tier = await t.db
      .selectFrom('tier')
      .select('points_required')
      .where('code', '=', 'silver')
      .executeTakeFirstOrThrow();
    expect(tier.points_required).toBe(500);

    const m = await shop.member();
    await t.db.transaction().execute(async (trx) => {
      const { adjustPoints } = await import('../src/modules/points/index.ts');
      await adjustPoints(trx, { memberId: m.id, points: 50, reason: 'test', now: t.clock.now() });
    });
    const bucket = await t.db
      .selectFrom('points_ledger')
      .select('expires_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    // Earned 15 June 2026 (Bangkok): 12 months on is June 2027, whose quarter ends 30 June 2027 23:59:59.999 Bangkok.
    expect(bucket.expires_at?.toISOString()).toBe('2027-06-30T16:59:59.999Z');

    const { current, history } = await rules(owner);
    expect(current).toMatchObject({
      pointsLifetimeMonths: 12,
      changedBy: owner.email,
      reason: 'Shorter lifetime, easier Silver',
    });
    expect(history.map((h) => h.bahtPerPoint)).toEqual([10, 10, 25]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'rules.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      staff_id: owner.staffId,
      entity_type: 'programme_rules',
      reason: 'Shorter lifetime, easier Silver',
    });
    const parse = (v: unknown) =>
      (typeof v === 'string' ? JSON.parse(v) : v) as { pointsLifetimeMonths: number };
    expect(parse(audit.before).pointsLifetimeMonths).toBe(24);
    expect(parse(audit.after).pointsLifetimeMonths).toBe(12);
  });

  it('two changes at once both land, one after the other', async () => {
    const [a, b] = await Promise.all([
      put(owner, body({ bahtPerPoint: 20, reason: 'first' })),
      put(owner, body({ bahtPerPoint: 30, reason: 'second' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const { history } = await rules(owner);
    expect(
      history
        .slice(0, 2)
        .map((h) => h.reason)
        .sort(),
    ).toEqual(['first', 'second']);
    // Each change's audit row starts from the rules it replaced: the two rows chain, none is skipped.
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'rules.update')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const rate = (v: unknown) =>
      (JSON.parse(typeof v === 'string' ? v : JSON.stringify(v)) as { bahtPerPoint: number }).bahtPerPoint;
    const [last, previous] = rows;
    expect(rate(last?.before)).toBe(rate(previous?.after));
  });
});
