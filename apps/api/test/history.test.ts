import { randomUUID } from 'node:crypto';
import {
  HistoryPageResponseSchema,
  PointsHistoryPageResponseSchema,
  type HistoryEntry,
  type Page,
  type PointsMovement,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustPoints, expirePoints, reversePoints } from '../src/modules/points/index.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

/*
 * Issue 11: the member's history — GET /bff/orders/histories (purchases, uses, points) and
 * /bff/orders/histories/point — through real HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

const MINUTE = 60_000;

describe("the member's history", () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let alice: Member;
  let bob: Member;
  /** What Alice did, oldest first (filled in beforeAll). */
  const did = {
    freeOrder: '',
    freeOrderNumber: '',
    voucher: '',
    walletItem: '',
    privilege: '',
    pendingOrder: '',
  };

  const at = (minutes: number) => t.clock.set(new Date(FIXTURE_NOW.getTime() + minutes * MINUTE));

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    alice = await shop.member();
    bob = await shop.member();

    // 12:00 Bangkok: a free voucher that earns 150 points (an order and an earn at the same instant).
    at(0);
    did.voucher = await shop.voucher({ price: 0, points_earned: 150, usage_limit: 2 });
    const free = shop.orderOf(await shop.buy(alice, { voucherId: did.voucher, channelCode: undefined }));
    expect(free.status).toBe('SUCCESSFUL');
    did.freeOrder = free.id;
    did.freeOrderNumber = free.number;
    did.walletItem = (
      await t.db
        .selectFrom('wallet_voucher')
        .select('id')
        .where('order_id', '=', free.id)
        .executeTakeFirstOrThrow()
    ).id;
    // 12:01: one use of its wallet item.
    at(1);
    const use = await shop.call(alice, 'POST', `/bff/wallet/${did.walletItem}/use`, {});
    expect(use.statusCode, use.body).toBe(200);
    // 12:02: an operator's +100 (a second bucket).
    at(2);
    await t.db
      .transaction()
      .execute((trx) =>
        adjustPoints(trx, { memberId: alice.id, points: 100, reason: 'goodwill', now: t.clock.now() }),
      );
    // 12:03: a privilege for 200 points — burned from both buckets, one movement to the member.
    at(3);
    did.privilege = randomUUID();
    await t.db
      .insertInto('privilege')
      .values({
        id: did.privilege,
        merchant_id: f.m.kafae,
        category_id: f.cat.cafe,
        title_en: 'Free latte',
        title_th: 'ลาเต้ฟรี',
        description_en: 'A latte on us',
        description_th: 'ลาเต้ฟรีหนึ่งแก้ว',
        points_cost: 200,
        tier: null,
        stock: null,
        valid_from: new Date(FIXTURE_NOW.getTime() - 86_400_000),
        valid_until: null,
        usage_limit: 1,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const redeem = await shop.call(alice, 'POST', `/bff/privileges/${did.privilege}/redeem`, {});
    expect(redeem.statusCode, redeem.body).toBe(200);
    // 12:04: an order waiting for payment (listed with its status).
    at(4);
    const paid = await shop.voucher({ price: 250, points_earned: 10 });
    const pending = shop.orderOf(await shop.buy(alice, { voucherId: paid, quantity: 2 }));
    expect(pending.status).toBe('PENDING');
    did.pendingOrder = pending.id;
  });
  afterAll(() => t?.close());

  const get = (m: Member | null, url: string, lang = 'en') =>
    shop.call(m, 'GET', url, undefined, { 'accept-language': lang });
  const history = async (m: Member, query = '', lang = 'en'): Promise<Page<HistoryEntry>> => {
    const res = await get(m, `/bff/orders/histories${query}`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return HistoryPageResponseSchema.parse(res.json()).data;
  };
  const points = async (m: Member, query = '', lang = 'en'): Promise<Page<PointsMovement>> => {
    const res = await get(m, `/bff/orders/histories/point${query}`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return PointsHistoryPageResponseSchema.parse(res.json()).data;
  };
  const shape = (e: HistoryEntry) => (e.kind === 'points' ? `points:${e.movement}` : e.kind);

  it('lists every kind with its fields, newest first', async () => {
    const page = await history(alice);
    expect(page).toMatchObject({ page: 1, limit: 20, total: 6, totalPages: 1 });
    expect(page.items.map(shape)).toEqual([
      'purchase',
      'points:burn',
      'points:adjust',
      'use',
      // The earn and its order share an instant: the earn, which follows from the order, comes first.
      'points:earn',
      'purchase',
    ]);
    const [pending, burn, adjust, use, earn, free] = page.items;
    expect(pending).toMatchObject({
      kind: 'purchase',
      id: did.pendingOrder,
      status: 'PENDING',
      total: 500,
      quantity: 2,
      createdAt: new Date(FIXTURE_NOW.getTime() + 4 * MINUTE).toISOString(),
    });
    expect(burn).toEqual({
      kind: 'points',
      id: expect.any(String),
      createdAt: new Date(FIXTURE_NOW.getTime() + 3 * MINUTE).toISOString(),
      movement: 'burn',
      points: -200,
      orderId: null,
      orderNumber: null,
      privilegeId: did.privilege,
      title: 'Free latte',
      expiresAt: null,
    });
    expect(adjust).toMatchObject({ movement: 'adjust', points: 100, privilegeId: null, title: null });
    expect(use).toEqual({
      kind: 'use',
      id: expect.any(String),
      createdAt: new Date(FIXTURE_NOW.getTime() + MINUTE).toISOString(),
      walletItemId: did.walletItem,
      title: expect.stringMatching(/^Test voucher /),
      imageUrl: expect.any(String),
      merchantName: expect.any(String),
      useNumber: 1,
      usageLimit: 2,
    });
    expect(use?.kind === 'use' && use.merchantName.length).toBeGreaterThan(0);
    expect(earn).toMatchObject({
      movement: 'earn',
      points: 150,
      orderId: did.freeOrder,
      orderNumber: did.freeOrderNumber,
      title: null,
      expiresAt: '2028-06-30T16:59:59.999Z',
    });
    expect(free).toMatchObject({
      kind: 'purchase',
      id: did.freeOrder,
      orderNumber: did.freeOrderNumber,
      status: 'SUCCESSFUL',
      total: 0,
      quantity: 1,
      title: expect.stringMatching(/^Test voucher /),
      createdAt: FIXTURE_NOW.toISOString(),
    });
  });

  it('reads titles in the language asked for', async () => {
    const page = await history(alice, '', 'th');
    const burn = page.items.find((e) => e.kind === 'points' && e.movement === 'burn');
    expect(burn).toMatchObject({ title: 'ลาเต้ฟรี' });
    const use = page.items.find((e) => e.kind === 'use');
    expect(use).toMatchObject({ title: expect.stringMatching(/^บัตรทดสอบ /) });
    expect((await points(alice, '?type=burn', 'th')).items[0]).toMatchObject({ title: 'ลาเต้ฟรี' });
  });

  it('orderDir=ASC is the exact reverse', async () => {
    const desc = await history(alice);
    const asc = await history(alice, '?orderDir=ASC&orderBy=createdAt');
    expect(asc.items).toEqual([...desc.items].reverse());
  });

  it('filters by type on both endpoints', async () => {
    expect((await history(alice, '?type=purchase')).items.map((e) => e.id)).toEqual([
      did.pendingOrder,
      did.freeOrder,
    ]);
    expect((await history(alice, '?type=use')).items.map(shape)).toEqual(['use']);
    const mine = await history(alice, '?type=points');
    expect(mine.items.map(shape)).toEqual(['points:burn', 'points:adjust', 'points:earn']);
    expect(mine.total).toBe(3);
    const all = await points(alice);
    expect(all.items).toEqual(mine.items);
    expect((await points(alice, '?type=burn')).items.map((m) => m.points)).toEqual([-200]);
    expect((await points(alice, '?type=earn')).items.map((m) => m.points)).toEqual([150]);
    expect(await points(alice, '?type=expire')).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });

  it('pages across kinds: each page continues the one before, and the total is right', async () => {
    const whole = (await history(alice)).items;
    for (const limit of [1, 2, 4, 5]) {
      const seen: HistoryEntry[] = [];
      for (let page = 1; ; page++) {
        const p = await history(alice, `?page=${page}&limit=${limit}`);
        expect(p).toMatchObject({ page, limit, total: 6, totalPages: Math.ceil(6 / limit) });
        if (p.items.length === 0) break;
        seen.push(...p.items);
      }
      expect(seen).toEqual(whole);
    }
    const pointsWhole = (await points(alice)).items;
    const [p1, p2] = [await points(alice, '?limit=2'), await points(alice, '?limit=2&page=2')];
    expect([...p1.items, ...p2.items]).toEqual(pointsWhole);
    expect(p2).toMatchObject({ total: 3, totalPages: 2 });
  });

  it('filters by Bangkok calendar days, both ends included', async () => {
    const carol = await shop.member();
    const credit = (iso: string, n: number) =>
      t.db
        .transaction()
        .execute((trx) =>
          adjustPoints(trx, { memberId: carol.id, points: n, reason: 'test', now: new Date(iso) }),
        );
    await credit('2026-06-14T16:59:59.999Z', 1); // 23:59:59.999 on 14 June in Bangkok
    await credit('2026-06-14T17:00:00.000Z', 2); // 00:00 on 15 June in Bangkok
    await credit('2026-06-15T16:59:59.999Z', 3); // the last moment of 15 June
    await credit('2026-06-15T17:00:00.000Z', 4); // 16 June
    const sum = async (q: string) =>
      (await history(carol, q)).items.map((e) => (e.kind === 'points' ? e.points : 0));
    expect(await sum('?startDate=2026-06-15&endDate=2026-06-15')).toEqual([3, 2]);
    expect(await sum('?startDate=2026-06-15')).toEqual([4, 3, 2]);
    expect(await sum('?endDate=2026-06-14')).toEqual([1]);
    expect(await sum('?startDate=2026-06-14&endDate=2026-06-16&orderDir=ASC')).toEqual([1, 2, 3, 4]);
    expect(
      (await points(carol, '?startDate=2026-06-16&endDate=2026-06-16')).items.map((m) => m.points),
    ).toEqual([4]);
    // The longest period allowed: 367 days, both ends included.
    expect((await history(carol, '?startDate=2025-06-14&endDate=2026-06-15')).total).toBe(3);
    // Alice's day holds all of hers; the day before none.
    expect((await history(alice, '?startDate=2026-06-15&endDate=2026-06-15')).total).toBe(6);
    expect((await history(alice, '?endDate=2026-06-14')).total).toBe(0);
  });

  it('another member sees none of it; no session is 401', async () => {
    expect(await history(bob)).toMatchObject({ items: [], total: 0, totalPages: 0 });
    expect(await points(bob)).toMatchObject({ items: [], total: 0 });
    for (const url of ['/bff/orders/histories', '/bff/orders/histories/point']) {
      const res = await get(null, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'unauthorized' });
    }
  });

  it('refuses bad and hostile queries with a 400, never a 5xx', async () => {
    const bad = [
      '?type=orders',
      '?type=',
      '?type=%00',
      '?type=all%00',
      '?startDate=2026-06-15%00',
      '?startDate=%00',
      `?type=${'a'.repeat(10_000)}`,
      `?startDate=${'9'.repeat(10_000)}`,
      '?page=1&page=2',
      '?type=all&type=use',
      '?startDate=2026-06-01&startDate=2026-06-02',
      '?startDate[]=2026-06-01',
      '?page=abc',
      '?page=0',
      '?page=-1',
      '?page=1.5',
      '?page=1e3',
      '?limit=0',
      '?limit=100000',
      '?orderDir=sideways',
      '?orderDir=desc;drop table member',
      '?orderBy=price',
      '?startDate=2026-02-30',
      '?startDate=2026-13-01',
      '?startDate=15-06-2026',
      '?startDate=2026-6-15',
      '?endDate=2026-06-15T00:00:00Z',
      '?startDate=2026-06-02&endDate=2026-06-01',
      '?startDate=2025-06-13&endDate=2026-06-15',
      '?startDate=0001-01-01&endDate=9999-12-31',
      '?member=00000000-0000-0000-0000-000000000000',
      '?startDate=%ED%A0%80',
      '?type=%F0%9F',
    ];
    for (const q of bad)
      for (const path of ['/bff/orders/histories', '/bff/orders/histories/point']) {
        const res = await get(alice, `${path}${q}`);
        expect(res.statusCode, `${path}${q.slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(400);
        // NUL is stopped before validation, by the app-wide text guard.
        const code = q.includes('%00') ? 'invalid_characters' : 'validation_failed';
        expect(res.json(), q.slice(0, 80)).toMatchObject({ success: false, code });
      }
    // Each endpoint knows only its own types.
    for (const q of ['?type=burn', '?type=earn'])
      expect((await get(alice, `/bff/orders/histories${q}`)).statusCode).toBe(400);
    for (const q of ['?type=purchase', '?type=use', '?type=points'])
      expect((await get(alice, `/bff/orders/histories/point${q}`)).statusCode).toBe(400);
  });
  it('names every voucher of an order, each with its quantity, in both languages', async () => {
    const carol = await shop.member();
    at(6);
    const ticket = await shop.voucher({ price: 200, title_en: '2D Movie Ticket', title_th: 'ตั๋วหนัง 2D' });
    const latte = await shop.voucher({ price: 90, title_en: 'Iced Latte', title_th: 'ลาเต้เย็น' });
    const add = await shop.call(carol, 'POST', '/bff/cart/addItems', {
      items: [
        { voucherId: ticket, quantity: 1 },
        { voucherId: latte, quantity: 2 },
      ],
    });
    expect(add.statusCode, add.body).toBe(200);
    const lines = (await shop.call(carol, 'GET', '/bff/cart')).json<{
      data: { items: { id: string; voucher: { id: string } }[] };
    }>().data.items;
    const order = shop.orderOf(
      await shop.call(carol, 'POST', '/bff/orders/cart', {
        cartItemIds: [ticket, latte].map((v) => lines.find((l) => l.voucher.id === v)?.id),
        ...shop.contact(carol),
      }),
    );
    // The lines come in the order's own order (a cart order keeps the cart's), the first naming the row.
    const positions = (
      await t.db
        .selectFrom('purchase_order_item')
        .select('voucher_id')
        .where('order_id', '=', order.id)
        .orderBy('position')
        .execute()
    ).map((r) => r.voucher_id);
    const en: Record<string, { voucherId: string; title: string; quantity: number }> = {
      [ticket]: { voucherId: ticket, title: '2D Movie Ticket', quantity: 1 },
      [latte]: { voucherId: latte, title: 'Iced Latte', quantity: 2 },
    };
    const items = positions.map((v) => en[v]);
    expect(items).toHaveLength(2);
    const [entry] = (await history(carol, '?type=purchase')).items;
    expect(entry).toMatchObject({
      kind: 'purchase',
      id: order.id,
      total: 380,
      quantity: 3,
      title: items[0]?.title,
      items,
    });
    const th: Record<string, string> = { [ticket]: 'ตั๋วหนัง 2D', [latte]: 'ลาเต้เย็น' };
    const [thai] = (await history(carol, '?type=purchase', 'th')).items;
    expect(thai?.kind === 'purchase' && thai.items.map((i) => i.title)).toEqual(positions.map((v) => th[v]));
  });

  it("counts a wallet item's uses in order (last: it adds a row)", async () => {
    at(5);
    const res = await shop.call(alice, 'POST', `/bff/wallet/${did.walletItem}/use`, {});
    expect(res.statusCode, res.body).toBe(200);
    const uses = await history(alice, '?type=use&orderDir=ASC');
    expect(uses.items.map((u) => (u.kind === 'use' ? u.useNumber : 0))).toEqual([1, 2]);
  });

  it('shows a reversal with its order, and an expiry of several buckets as one movement (last: the expiry job is for everyone)', async () => {
    const dave = await shop.member();
    at(0);
    const v = await shop.voucher({ price: 0, points_earned: 50 });
    const order = shop.orderOf(await shop.buy(dave, { voucherId: v, channelCode: undefined }));
    const credit = (points: number) =>
      t.db
        .transaction()
        .execute((trx) =>
          adjustPoints(trx, { memberId: dave.id, points, reason: 'test', now: t.clock.now() }),
        );
    at(0.5);
    await credit(10);
    at(1);
    await credit(20);
    at(2);
    await t.db
      .transaction()
      .execute((trx) =>
        reversePoints(trx, { memberId: dave.id, orderId: order.id, reason: 'refund', now: t.clock.now() }),
      );
    // Every bucket lapses at the end of June 2028 (Bangkok): one expiry, two ledger rows. The job
    // expires everyone's, so this test runs last.
    const after = new Date('2028-06-30T17:00:00.000Z');
    await expirePoints(t.db, after);
    const page = await points(dave);
    expect(page.items.map((m) => [m.movement, m.points])).toEqual([
      ['expire', -30],
      ['reverse', -50],
      ['adjust', 20],
      ['adjust', 10],
      ['earn', 50],
    ]);
    expect(page.items[0]).toMatchObject({ createdAt: after.toISOString(), orderId: null, title: null });
    expect(page.items[1]).toMatchObject({ orderId: order.id, orderNumber: order.number });
    expect((await points(dave, '?type=expire&startDate=2028-07-01&endDate=2028-07-01')).total).toBe(1);
    expect((await history(dave, '?type=points')).total).toBe(5);
  });
});
