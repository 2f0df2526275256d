import { randomInt, randomUUID } from 'node:crypto';
import {
  AdminMemberDetailResponseSchema,
  AdminMemberNotificationPageResponseSchema,
  AdminMemberOrderPageResponseSchema,
  AdminMemberPageResponseSchema,
  AdminMemberWalletPageResponseSchema,
  AdminPointsLedgerPageResponseSchema,
  ErrorEnvelopeSchema,
  MemberAccessResponseSchema,
  PointsAdjustmentResponseSchema,
  type StaffRole,
} from '@app/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsBalance, pointsBalances } from '../src/modules/points/index.ts';
import {
  bearer,
  buildTestApp,
  createTestClock,
  lastCode,
  login,
  refresh,
  sendOtp,
  type TestApp,
} from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';
import { recordQueries } from './helpers/query-log.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

const BASE = '/admin/api/members';

describe('back office: members — search, profile, points adjustments, sign-in block', () => {
  let t: TestApp;
  let shop: ReturnType<typeof shopOf>;
  const staff = {} as Record<StaffRole, SignedInStaff>;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
    for (const role of ['owner', 'support', 'marketing', 'store_staff'] as const)
      staff[role] = await signInStaff(t, role);
  });
  afterAll(() => t.close());

  const as = (
    role: StaffRole | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(role ? staff[role].headers : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  // Points adjustments require an Idempotency-Key; the other routes ignore it.
  const aKey = () => ({ 'idempotency-key': randomUUID() });

  const errorCode = (res: { statusCode: number; body: string; json: () => unknown }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return ErrorEnvelopeSchema.parse(res.json()).code;
  };

  /** A member with a profile; a unique phone number each (the national number, 9 digits after the 0). */
  const person = async (profile: { first?: string; last?: string; language?: 'en' | 'th' } = {}) => {
    const m = await shop.member();
    const national = `8${String(randomInt(10_000_000, 99_999_999))}`;
    await t.db
      .updateTable('member')
      .set({
        first_name: profile.first ?? 'Test',
        last_name: profile.last ?? 'Person',
        phone_code: '+66',
        phone_number: `0${national}`,
        language: profile.language ?? 'en',
      })
      .where('id', '=', m.id)
      .execute();
    return { ...m, national };
  };

  const search = async (q: string, extra = '') => {
    const res = await as('support', 'GET', `${BASE}?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminMemberPageResponseSchema.parse(res.json()).data;
  };
  const found = async (q: string) => (await search(q, '&pageSize=100')).items.map((r) => r.id);

  const adjust = (
    m: { id: string },
    points: unknown,
    reason: unknown = 'Goodwill for a late order',
    key: string = randomUUID(),
    role: StaffRole = 'support',
  ) => as(role, 'POST', `${BASE}/${m.id}/points-adjustments`, { points, reason }, { 'idempotency-key': key });

  const balanceOf = async (m: { id: string }) => {
    const res = await as('support', 'GET', `${BASE}/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminMemberDetailResponseSchema.parse(res.json()).data.points.balance;
  };

  const auditOf = (memberId: string, action: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'member')
      .where('entity_id', '=', memberId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  describe('search', () => {
    it("shows each row's balance as pointsBalance counts it, read for the whole page in one query", async () => {
      const [a, b, none] = [await person(), await person(), await person()];
      expect((await adjust(a, 70, 'Seventy to start')).statusCode).toBe(200);
      expect((await adjust(a, -25, 'Twenty-five back')).statusCode).toBe(200);
      expect((await adjust(b, 5, 'Five to start')).statusCode).toBe(200);
      const balances = await pointsBalances(t.db, [a.id, b.id, none.id, a.id]);
      expect(Object.fromEntries(balances)).toEqual({ [a.id]: 45, [b.id]: 5, [none.id]: 0 });
      for (const m of [a, b, none]) expect(balances.get(m.id)).toBe(await pointsBalance(t.db, m.id));
      const rows = (await search('', '&pageSize=100')).items.filter((r) =>
        [a.id, b.id, none.id].includes(r.id),
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.pointsBalance]))).toEqual(
        Object.fromEntries(balances),
      );
    });

    it('reads the balances of a whole page in one query, however many rows it holds', async () => {
      const family = `Ledgerpage${randomInt(100_000, 999_999)}`;
      const people = [];
      for (let i = 1; i <= 6; i++) {
        const p = await person({ last: family });
        expect((await adjust(p, 10 * i, 'Points for the page')).statusCode).toBe(200);
        people.push(p);
      }
      const queries = recordQueries(t.db);
      let page;
      try {
        page = await search(family, '&pageSize=100');
      } finally {
        queries.stop();
      }
      expect(Object.fromEntries(page.items.map((r) => [r.id, r.pointsBalance]))).toEqual(
        Object.fromEntries(people.map((p, i) => [p.id, 10 * (i + 1)])),
      );
      // One grouped read of the ledger for the six rows (one per row would be six).
      expect(queries.reading('points_ledger')).toHaveLength(1);
    });

    it('finds a member by any part of the e-mail, in any case', async () => {
      const m = await person();
      const [local, domain] = m.email.split('@') as [string, string];
      expect(await found(m.email)).toContain(m.id);
      expect(await found(m.email.toUpperCase())).toContain(m.id);
      expect(await found(local.slice(0, 12))).toContain(m.id);
      expect(await found(local.slice(8, 20))).toContain(m.id);
      expect(await found(`${local.slice(-5)}@${domain}`)).toContain(m.id);
    });

    it('finds a member by first or last name, Thai too (with tone marks, any part)', async () => {
      const tag = randomUUID().slice(0, 8);
      const m = await person({ first: `Somchai${tag}`, last: 'ศรีสุวรรณ์' });
      const th = await person({ first: 'สมหญิง', last: `ใจดี่${tag}` });
      expect(await found(`somchai${tag}`)).toEqual([m.id]);
      expect(await found(`SOMCHAI${tag.toUpperCase()}`)).toEqual([m.id]);
      expect(await found('ศรีสุวรรณ์')).toContain(m.id);
      expect(await found('สุวรรณ์')).toContain(m.id);
      expect(await found(`ใจดี่${tag}`)).toEqual([th.id]);
      expect(await found(`สมหญิง ใจดี่${tag}`)).toEqual([th.id]);
    });

    it('finds a member by phone number, with or without the leading 0 or the country code', async () => {
      const m = await person();
      const n = m.national; // 9 digits
      for (const q of [
        `0${n}`,
        n,
        `+66${n}`,
        `+66 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`,
        `66${n}`,
        `0066${n}`,
        `0${n.slice(0, 2)}-${n.slice(2, 5)}-${n.slice(5)}`,
      ])
        expect(await found(q), q).toEqual([m.id]);
    });

    it("finds an order's member by the order number (exact, any case)", async () => {
      const m = await person();
      const voucherId = await shop.voucher({ price: 0, points_earned: 0 });
      const order = shop.orderOf(await shop.buy(m, { voucherId }));
      expect(await found(order.number)).toEqual([m.id]);
      expect(await found(order.number.toLowerCase())).toEqual([m.id]);
      // Not a part of it: an order number is exact.
      expect(await found(order.number.slice(0, 9))).not.toContain(m.id);
    });

    it('pages with a total, and each row carries what the list shows', async () => {
      const tag = randomUUID().slice(0, 8);
      const made: Array<Awaited<ReturnType<typeof person>>> = [];
      for (let i = 0; i < 3; i++) made.push(await person({ first: `Pager${tag}`, last: `N${i}` }));
      await t.db
        .updateTable('member')
        .set({ blocked_at: t.clock.now(), blocked_reason: 'x' })
        .where('id', '=', made[0]!.id)
        .execute();
      const first = await search(`pager${tag}`, '&pageSize=2&page=1');
      const second = await search(`pager${tag}`, '&pageSize=2&page=2');
      expect(first.total).toBe(3);
      expect(first.totalPages).toBe(2);
      expect(first.items).toHaveLength(2);
      expect(second.items).toHaveLength(1);
      const ids = [...first.items, ...second.items].map((r) => r.id);
      expect(new Set(ids)).toEqual(new Set(made.map((m) => m.id)));
      const row = [...first.items, ...second.items].find((r) => r.id === made[0]!.id)!;
      expect(row).toMatchObject({
        email: made[0]!.email,
        name: `Pager${tag} N0`,
        phone: `+66 0${made[0]!.national}`,
        tier: 'member',
        pointsBalance: 0,
        blocked: true,
      });
      expect(Date.parse(row.createdAt)).not.toBeNaN();
    });

    it('an empty query lists every member, newest first; a query matching nobody gives an empty page', async () => {
      const all = await search('', '&pageSize=5');
      expect(all.total).toBeGreaterThan(0);
      expect(all.items.length).toBeLessThanOrEqual(5);
      const none = await search(`nobody-${randomUUID()}`);
      expect(none).toMatchObject({ items: [], total: 0, totalPages: 0 });
      // LIKE's own characters are literal.
      expect((await search('%')).total).toBe(0);
      expect((await search('_')).total).toBe(0);
    });

    it('the search expression is served by its trigram index', async () => {
      await t.db.transaction().execute(async (trx) => {
        const { sql } = await import('kysely');
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from member m
          where member_search_key(m.email, m.first_name, m.last_name, m.phone_code, m.phone_number)
          like '%' || catalogue_search_key('somchai') || '%'`.execute(trx);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('member_search_idx');
      });
    });
  });

  describe('hostile input', () => {
    it('answers 400 (never 5xx) for NUL bytes, huge and mistyped queries', async () => {
      const m = await person();
      const urls = [
        `${BASE}?q=a%00b`,
        `${BASE}?q=${'x'.repeat(10_000)}`,
        `${BASE}?page=abc`,
        `${BASE}?page=0`,
        `${BASE}?pageSize=101`,
        `${BASE}?pageSize=-1`,
        `${BASE}?q=a&q=b`,
        `${BASE}?unknown=1`,
        `${BASE}/${m.id}/orders?pageSize=1000`,
        `${BASE}/${m.id}/points-ledger?page=1.5`,
      ];
      for (const url of urls) {
        const res = await as('support', 'GET', url);
        expect(res.statusCode, `${url.slice(0, 80)} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url.slice(0, 80)).toBeLessThan(500);
      }
    });

    it("a path id that is not a member's (non-uuid, unknown, another record's, long) is 404 member_not_found on every route", async () => {
      // Ids of other records: a member's order, their session, a staff account.
      const owner = await person();
      const order = shop.orderOf(
        await shop.buy(owner, { voucherId: await shop.voucher({ price: 0, points_earned: 0 }) }),
      );
      const family = await t.db
        .selectFrom('refresh_token_family')
        .select('id')
        .where('member_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      const ids = [
        order.id,
        family.id,
        staff.support.staffId,
        'nope',
        '1',
        randomUUID(),
        '00000000-0000-0000-0000-000000000000',
        "1' or '1'='1",
        'x'.repeat(100),
      ];
      for (const id of ids) {
        const enc = encodeURIComponent(id);
        for (const [method, url, payload] of [
          ['GET', `${BASE}/${enc}`],
          ['GET', `${BASE}/${enc}/orders`],
          ['GET', `${BASE}/${enc}/wallet`],
          ['GET', `${BASE}/${enc}/points-ledger`],
          ['GET', `${BASE}/${enc}/notifications`],
          ['POST', `${BASE}/${enc}/points-adjustments`, { points: 5, reason: 'test reason' }],
          ['POST', `${BASE}/${enc}/block`, { reason: 'test reason' }],
          ['POST', `${BASE}/${enc}/unblock`, { reason: 'test reason' }],
          ['POST', `${BASE}/${enc}/sessions/end`, { reason: 'test reason' }],
        ] as const)
          expect(errorCode(await as('owner', method, url, payload, aKey()), 404), `${method} ${url}`).toBe(
            'member_not_found',
          );
      }
      // Longer than any id: refused as bad input, still not a 5xx.
      const long = (await as('owner', 'GET', `${BASE}/${'x'.repeat(101)}`)).statusCode;
      expect(long).toBeGreaterThanOrEqual(400);
      expect(long).toBeLessThan(500);
    });

    it('refuses bad adjustment bodies field by field and writes nothing', async () => {
      const m = await person();
      const bodies: unknown[] = [
        { points: '50', reason: 'a reason' },
        { points: 0, reason: 'a reason' },
        { points: 1.5, reason: 'a reason' },
        { points: 1_000_001, reason: 'a reason' },
        { points: -1_000_001, reason: 'a reason' },
        { points: 50 },
        { points: 50, reason: 'ab' },
        { points: 50, reason: '   ' },
        { points: 50, reason: 'r'.repeat(501) },
        { points: 50, reason: 'a reason', memberId: randomUUID() },
        { points: null, reason: 'a reason' },
        [],
      ];
      for (const body of bodies) {
        const res = await as('support', 'POST', `${BASE}/${m.id}/points-adjustments`, body, {
          'idempotency-key': randomUUID(),
        });
        expect(errorCode(res, 400), JSON.stringify(body)).toBe('validation_failed');
      }
      const res = await as(
        'support',
        'POST',
        `${BASE}/${m.id}/points-adjustments`,
        { points: 5, reason: 'ok reason' },
        { 'idempotency-key': 'has space' },
      );
      expect(res.statusCode).toBe(400);
      for (const body of [{}, { reason: 'ab' }, { reason: 5 }])
        expect(errorCode(await as('support', 'POST', `${BASE}/${m.id}/block`, body), 400)).toBe(
          'validation_failed',
        );
      expect(await balanceOf(m)).toBe(0);
      expect(await auditOf(m.id, 'member.points.adjust')).toHaveLength(0);
    });
  });

  describe('roles', () => {
    it('support and owner may use every members route; marketing and store staff get 403; no staff token 401', async () => {
      const m = await person();
      const routes = [
        ['GET', BASE],
        ['GET', `${BASE}/${m.id}`],
        ['GET', `${BASE}/${m.id}/orders`],
        ['GET', `${BASE}/${m.id}/wallet`],
        ['GET', `${BASE}/${m.id}/points-ledger`],
        ['GET', `${BASE}/${m.id}/notifications`],
        ['POST', `${BASE}/${m.id}/points-adjustments`, { points: 1, reason: 'role check' }],
        ['POST', `${BASE}/${m.id}/block`, { reason: 'role check' }],
        ['POST', `${BASE}/${m.id}/unblock`, { reason: 'role check' }],
        ['POST', `${BASE}/${m.id}/sessions/end`, { reason: 'role check' }],
      ] as const;
      for (const [method, url, payload] of routes) {
        for (const role of ['support', 'owner'] as const)
          expect((await as(role, method, url, payload, aKey())).statusCode, `${role} ${method} ${url}`).toBe(
            200,
          );
        for (const role of ['marketing', 'store_staff'] as const)
          expect(
            errorCode(await as(role, method, url, payload, aKey()), 403),
            `${role} ${method} ${url}`,
          ).toBe('forbidden');
        expect((await as(null, method, url, payload)).statusCode).toBe(401);
        // A member's own token is no staff token.
        expect((await as(null, method, url, payload, bearer(m.token))).statusCode).toBe(401);
      }
    });
  });

  describe('a member and their lists', () => {
    it('shows the profile, tier and progress, points, sessions and the paged lists', async () => {
      const m = await person({ first: 'Detail', last: 'Member', language: 'th' });
      const voucherId = await shop.voucher({ price: 0, points_earned: 0, usage_limit: 3 });
      const order = shop.orderOf(await shop.buy(m, { voucherId, quantity: 2 }));
      expect((await adjust(m, 120, 'Welcome gift')).statusCode).toBe(200);
      t.clock.advance(1000); // newest first: one clock tick apart
      expect((await adjust(m, -20, 'Correction of the welcome gift')).statusCode).toBe(200);

      const detail = AdminMemberDetailResponseSchema.parse(
        (await as('owner', 'GET', `${BASE}/${m.id}`)).json(),
      ).data;
      expect(detail.profile).toMatchObject({
        id: m.id,
        email: m.email,
        firstName: 'Detail',
        lastName: 'Member',
      });
      expect(detail).toMatchObject({ tier: 'member', blocked: null, language: 'th', activeSessions: 1 });
      expect(detail.points.balance).toBe(100);
      expect(detail.points.nextTier).not.toBeNull();

      const orders = AdminMemberOrderPageResponseSchema.parse(
        (await as('support', 'GET', `${BASE}/${m.id}/orders`, undefined, { 'accept-language': 'th' })).json(),
      ).data;
      expect(orders.total).toBe(1);
      expect(orders.items[0]).toMatchObject({
        id: order.id,
        number: order.number,
        status: order.status,
        total: 0,
        quantity: 2,
      });
      expect(orders.items[0]!.lines[0]).toMatchObject({ voucherId, quantity: 2 });
      expect(orders.items[0]!.lines[0]!.title).toMatch(/^บัตรทดสอบ/);

      const wallet = AdminMemberWalletPageResponseSchema.parse(
        (await as('support', 'GET', `${BASE}/${m.id}/wallet?pageSize=1`)).json(),
      ).data;
      expect(wallet.total).toBe(2);
      expect(wallet.items).toHaveLength(1);
      expect(wallet.items[0]).toMatchObject({
        kind: 'voucher',
        status: 'active',
        usageLimit: 3,
        usedCount: 0,
        usesLeft: 3,
        orderNumber: order.number,
      });

      const ledger = AdminPointsLedgerPageResponseSchema.parse(
        (await as('support', 'GET', `${BASE}/${m.id}/points-ledger`)).json(),
      ).data;
      expect(ledger.items.map((r) => [r.kind, r.points, r.reason])).toEqual([
        ['adjust', -20, 'Correction of the welcome gift'],
        ['adjust', 120, 'Welcome gift'],
      ]);
      expect(ledger.items[1]!.expiresAt).not.toBeNull();

      const notes = AdminMemberNotificationPageResponseSchema.parse(
        (await as('support', 'GET', `${BASE}/${m.id}/notifications`)).json(),
      ).data;
      const adjusted = notes.items.filter((n) => n.type === 'points_adjusted');
      expect(adjusted).toHaveLength(2);
      // In the member's language (Thai), whatever the staff member reads the back office in.
      expect(adjusted[0]).toMatchObject({ language: 'th', isRead: false });
      expect(adjusted[0]!.description).toBe('พอยท์ของคุณได้รับการปรับ: −20 — Correction of the welcome gift');
      expect(adjusted[1]!.description).toBe('พอยท์ของคุณได้รับการปรับ: +120 — Welcome gift');
    });
  });

  describe('points adjustments', () => {
    it('adds and takes points as ledger entries, notifies the member in their language and audits before/after', async () => {
      const m = await person();
      const up = PointsAdjustmentResponseSchema.parse(
        (await adjust(m, 50, 'Goodwill for a late order')).json(),
      ).data;
      expect(up).toMatchObject({
        memberId: m.id,
        points: 50,
        balanceBefore: 0,
        balanceAfter: 50,
        replayed: false,
      });
      t.clock.advance(1000);
      const down = PointsAdjustmentResponseSchema.parse(
        (await adjust(m, -30, 'Points given twice')).json(),
      ).data;
      expect(down).toMatchObject({ points: -30, balanceBefore: 50, balanceAfter: 20 });
      expect(await balanceOf(m)).toBe(20);

      const rows = await t.db
        .selectFrom('points_ledger')
        .select(['kind', 'points', 'reason'])
        .where('member_id', '=', m.id)
        .orderBy('created_at')
        .orderBy('points', 'desc')
        .execute();
      expect(rows).toEqual([
        { kind: 'adjust', points: 50, reason: 'Goodwill for a late order' },
        { kind: 'adjust', points: -30, reason: 'Points given twice' },
      ]);

      const mine = await shop.call(m, 'GET', '/bff/userTier/notifications');
      const texts = (mine.json() as { data: Array<{ title: string; description: string }> }).data;
      expect(texts.map((n) => n.description)).toEqual([
        'Your points were adjusted: −30 — Points given twice',
        'Your points were adjusted: +50 — Goodwill for a late order',
      ]);

      const audit = await auditOf(m.id, 'member.points.adjust');
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({
        staff_id: staff.support.staffId,
        reason: 'Goodwill for a late order',
      });
      expect(audit[0]!.before).toEqual({ balance: 0 });
      expect(audit[0]!.after).toMatchObject({ balance: 50, points: 50, adjustmentId: up.id });
      expect(audit[1]!.before).toEqual({ balance: 50 });
      expect(audit[1]!.after).toMatchObject({ balance: 20, points: -30 });
    });

    it('refuses to take more than the balance (409 insufficient_points) and writes nothing', async () => {
      const m = await person();
      await adjust(m, 10, 'Ten points to start');
      expect(errorCode(await adjust(m, -11, 'Too many taken'), 409)).toBe('insufficient_points');
      expect(await balanceOf(m)).toBe(10);
      expect(await auditOf(m.id, 'member.points.adjust')).toHaveLength(1);
      expect(
        await t.db
          .selectFrom('member_points_adjustment')
          .select('id')
          .where('member_id', '=', m.id)
          .execute(),
      ).toHaveLength(1);
    });

    it('adjusts once for one Idempotency-Key (a double click), and refuses the key with another body', async () => {
      const m = await person();
      const key = randomUUID();
      const first = PointsAdjustmentResponseSchema.parse(
        (await adjust(m, 40, 'Birthday gift', key)).json(),
      ).data;
      const again = PointsAdjustmentResponseSchema.parse(
        (await adjust(m, 40, 'Birthday gift', key)).json(),
      ).data;
      expect(again).toEqual({ ...first, replayed: true });
      expect(await balanceOf(m)).toBe(40);
      expect(await auditOf(m.id, 'member.points.adjust')).toHaveLength(1);
      expect(errorCode(await adjust(m, 41, 'Birthday gift', key), 422)).toBe('idempotency_key_reused');
      // Keys are per member: the same key for another member is another adjustment.
      const other = await person();
      expect(
        PointsAdjustmentResponseSchema.parse((await adjust(other, 40, 'Birthday gift', key)).json()).data
          .replayed,
      ).toBe(false);
      // Keys are per staff member too: the owner's same key on the same member is another adjustment.
      const owners = PointsAdjustmentResponseSchema.parse(
        (await adjust(m, 40, 'Birthday gift', key, 'owner')).json(),
      ).data;
      expect(owners.replayed).toBe(false);
      expect(await balanceOf(m)).toBe(80);
    });

    it('refuses an adjustment without an Idempotency-Key (a retry could grant twice) and writes nothing', async () => {
      const m = await person();
      const res = await as('support', 'POST', `${BASE}/${m.id}/points-adjustments`, {
        points: 5,
        reason: 'No key sent',
      });
      expect(errorCode(res, 400)).toBe('validation_failed');
      expect(res.body).toContain('idempotency-key');
      expect(await balanceOf(m)).toBe(0);
      expect(await auditOf(m.id, 'member.points.adjust')).toHaveLength(0);
    });
  });

  describe('sign-in block and sessions', () => {
    const signInAgain = async (email: string) => {
      t.clock.advance(61_000); // one code per address per 60 s
      const sent = await sendOtp(t, email);
      expect(sent.statusCode, sent.body).toBe(200);
      return login(t, email, await lastCode(t, email));
    };
    const profileWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(token) });

    it('block: the live access token is refused at once, sign-in and refresh answer 403 account_blocked; unblock lets them in', async () => {
      const m = await person({ language: 'th' });
      const second = (await signInAgain(m.email)).json() as {
        data: { accessToken: string; refreshToken: string };
      };
      expect((await profileWith(m.token)).statusCode).toBe(200);
      expect((await profileWith(second.data.accessToken)).statusCode).toBe(200);

      const blocked = MemberAccessResponseSchema.parse(
        (await as('support', 'POST', `${BASE}/${m.id}/block`, { reason: 'Fraudulent chargebacks' })).json(),
      ).data;
      expect(blocked).toMatchObject({
        memberId: m.id,
        blocked: { reason: 'Fraudulent chargebacks' },
        sessionsEnded: 2,
      });

      expect((await profileWith(m.token)).statusCode).toBe(401);
      expect((await profileWith(second.data.accessToken)).statusCode).toBe(401);

      const refused = await refresh(t, second.data.refreshToken);
      expect(errorCode(refused, 403)).toBe('account_blocked');

      const signIn = await signInAgain(m.email);
      expect(errorCode(signIn, 403)).toBe('account_blocked');
      // The member's language (Thai) for the server's text; the app shows errors.account_blocked itself.
      expect(ErrorEnvelopeSchema.parse(signIn.json()).message[0]).toMatch(/[\u0E00-\u0E7F]/);

      const detail = AdminMemberDetailResponseSchema.parse(
        (await as('support', 'GET', `${BASE}/${m.id}`)).json(),
      ).data;
      expect(detail.blocked).toMatchObject({ reason: 'Fraudulent chargebacks' });
      expect(detail.activeSessions).toBe(0);
      expect((await search(m.email)).items[0]).toMatchObject({ id: m.id, blocked: true });

      const unblocked = MemberAccessResponseSchema.parse(
        (
          await as('owner', 'POST', `${BASE}/${m.id}/unblock`, { reason: 'Bank confirmed the payments' })
        ).json(),
      ).data;
      expect(unblocked.blocked).toBeNull();
      const back = await signInAgain(m.email);
      expect(back.statusCode, back.body).toBe(200);
      expect(
        (await profileWith((back.json() as { data: { accessToken: string } }).data.accessToken)).statusCode,
      ).toBe(200);

      const [blockAudit] = await auditOf(m.id, 'member.block');
      expect(blockAudit).toMatchObject({ staff_id: staff.support.staffId, reason: 'Fraudulent chargebacks' });
      expect(blockAudit!.before).toEqual({ blocked: null });
      expect(blockAudit!.after).toMatchObject({
        sessionsEnded: 2,
        blocked: { reason: 'Fraudulent chargebacks' },
      });
      const [unblockAudit] = await auditOf(m.id, 'member.unblock');
      expect(unblockAudit).toMatchObject({
        staff_id: staff.owner.staffId,
        reason: 'Bank confirmed the payments',
      });
      expect(unblockAudit!.after).toEqual({ blocked: null });
    });

    it('an unblock or block that changes nothing writes no audit row; a new block reason is audited', async () => {
      const m = await person();
      const post = async (action: 'block' | 'unblock', reason: string) => {
        const res = await as('support', 'POST', `${BASE}/${m.id}/${action}`, { reason });
        expect(res.statusCode, res.body).toBe(200);
        return MemberAccessResponseSchema.parse(res.json()).data;
      };
      expect(await post('unblock', 'Was never blocked')).toMatchObject({ blocked: null, sessionsEnded: 0 });
      expect(await auditOf(m.id, 'member.unblock')).toHaveLength(0);

      await post('block', 'Suspicious orders');
      // Again with the same reason and no session left: nothing changes.
      expect(await post('block', 'Suspicious orders')).toMatchObject({
        blocked: { reason: 'Suspicious orders' },
        sessionsEnded: 0,
      });
      expect(await auditOf(m.id, 'member.block')).toHaveLength(1);
      // A new reason is a change.
      await post('block', 'Confirmed fraud');
      const blocks = await auditOf(m.id, 'member.block');
      expect(blocks.map((a) => a.reason)).toEqual(['Suspicious orders', 'Confirmed fraud']);

      await post('unblock', 'Cleared');
      await post('unblock', 'Cleared twice');
      expect((await auditOf(m.id, 'member.unblock')).map((a) => a.reason)).toEqual(['Cleared']);
    });

    it('end sessions: every token stops, refresh is refused, and the member may sign in again', async () => {
      const m: Member & { national: string } = await person();
      const login1 = (await signInAgain(m.email)).json() as {
        data: { accessToken: string; refreshToken: string };
      };
      const ended = MemberAccessResponseSchema.parse(
        (await as('support', 'POST', `${BASE}/${m.id}/sessions/end`, { reason: 'Lost phone' })).json(),
      ).data;
      expect(ended).toMatchObject({ blocked: null, sessionsEnded: 2 });
      expect((await profileWith(m.token)).statusCode).toBe(401);
      expect((await profileWith(login1.data.accessToken)).statusCode).toBe(401);
      expect(errorCode(await refresh(t, login1.data.refreshToken), 401)).toBe('refresh_token_invalid');
      const again = await signInAgain(m.email);
      expect(again.statusCode, again.body).toBe(200);
      const [audit] = await auditOf(m.id, 'member.sessions.end');
      expect(audit).toMatchObject({ reason: 'Lost phone' });
      expect(audit!.after).toEqual({ sessionsEnded: 2 });
    });
  });
});
