import type { Tier, VoucherDetail, VoucherSummary } from '@app/contracts';
import {
  VoucherDetailResponseSchema,
  VoucherListResponseSchema,
  VoucherPageResponseSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVouchers, searchVouchers } from './helpers/catalogue-queries.ts';
import {
  bearer,
  buildTestApp,
  createTestClock,
  jsonAuth,
  signIn,
  type TestApp,
} from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';

type Page<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number };
type Err = { success: false; code: string; message: string[]; fields?: { path: string; message: string }[] };

describe('GET /bff/vouchers…', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  const tokens: Partial<Record<Tier, string>> = {};
  const names = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    for (const [k, id] of Object.entries(f.v)) names.set(id, k);
    for (const tier of ['member', 'silver', 'gold'] as const) {
      const login = await signIn(t);
      await t.db.updateTable('member').set({ tier }).where('id', '=', login.id).execute();
      tokens[tier] = login.accessToken;
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/bff/vouchers${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = VoucherPageResponseSchema.parse(res.json());
    return body.data as Page<VoucherSummary>;
  };
  const keys = (items: { id: string }[]) => items.map((i) => names.get(i.id));
  const detail = async (id: string, headers: Record<string, string> = {}) => {
    const res = await get(`/bff/vouchers/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return VoucherDetailResponseSchema.parse(res.json()).data as VoucherDetail;
  };
  const as = (tier: Tier) => bearer(tokens[tier] ?? '');

  // Every order puts what is on sale now first, then what has not started (cake), then what is sold
  // out (mug), each in the chosen sort.
  describe('sorting (every order checked against the expected sequence)', () => {
    it('defaults to on sale now first, each group newest first, and leaves out vouchers whose sale has ended', async () => {
      const page = await list('');
      expect(keys(page.items)).toEqual([
        'latte',
        'cookie',
        'shabu',
        'spaDay',
        'noodles',
        'massage',
        'english',
        'chicken',
        'cake',
        'mug',
      ]);
      expect(page).toMatchObject({ page: 1, limit: 20, total: 10, totalPages: 1 });
    });

    it('orderBy=createdAt ASC (oldest) / DESC (newest)', async () => {
      expect(keys((await list('?orderBy=createdAt&orderDir=ASC')).items)).toEqual([
        'chicken',
        'english',
        'massage',
        'noodles',
        'spaDay',
        'shabu',
        'cookie',
        'latte',
        'cake',
        'mug',
      ]);
      expect(keys((await list('?orderBy=createdAt&orderDir=DESC')).items)[0]).toBe('latte');
    });

    it('orderBy=price ASC (low to high) / DESC (high to low)', async () => {
      // 120 is the cake (not started), 250 the mug (sold out).
      const asc = await list('?orderBy=price&orderDir=ASC');
      expect(asc.items.map((i) => i.price)).toEqual([0, 60, 65, 89, 150, 590, 599, 1990, 120, 250]);
      expect(keys(asc.items).slice(0, 3)).toEqual(['cookie', 'chicken', 'latte']);
      const desc = await list('?orderBy=price&orderDir=DESC');
      expect(desc.items.map((i) => i.price)).toEqual([1990, 599, 590, 150, 89, 65, 60, 0, 120, 250]);
    });
  });

  describe('filters', () => {
    it('minPrice and maxPrice are inclusive bounds, alone or together', async () => {
      const both = await list('?minPrice=89&maxPrice=250&orderBy=price&orderDir=ASC');
      expect(both.items.map((i) => i.price)).toEqual([89, 150, 120, 250]);
      expect(both.total).toBe(4);
      expect((await list('?minPrice=600')).items.map((i) => i.price)).toEqual([1990]);
      expect((await list('?maxPrice=0')).items.map((i) => i.price)).toEqual([0]);
      expect((await list('?minPrice=65&maxPrice=65')).total).toBe(1);
    });

    it('price of a voucher with options is its lowest option', async () => {
      const page = await list('?minPrice=590&maxPrice=590');
      expect(keys(page.items)).toEqual(['massage']);
      expect(page.items[0]).toMatchObject({ price: 590, hasPriceOptions: true });
    });

    it('category (slug) and merchant (id), combined with sort', async () => {
      const cafe = await list('?category=cafe&orderBy=price&orderDir=DESC');
      expect(keys(cafe.items)).toEqual(['english', 'latte', 'cookie', 'cake', 'mug']);
      expect(cafe.items.every((i) => i.category.slug === 'cafe')).toBe(true);
      const sen = await list(`?merchant=${f.m.sen}`);
      expect(keys(sen.items)).toEqual(['shabu', 'noodles', 'chicken']);
      const both = await list(`?category=dining&merchant=${f.m.sen}&minPrice=80`);
      expect(keys(both.items)).toEqual(['shabu', 'noodles']);
    });

    it('an unknown category or a merchant id that is not a uuid finds nothing (not an error)', async () => {
      expect((await list('?category=nope')).total).toBe(0);
      expect((await list('?merchant=not-a-uuid')).total).toBe(0);
      expect((await list('?merchant=00000000-0000-4000-8000-000000000000')).total).toBe(0);
    });
  });

  describe('paging', () => {
    it('pages of 3: totals, the last page, beyond the last page', async () => {
      const first = await list('?limit=3');
      expect(first).toMatchObject({ page: 1, limit: 3, total: 10, totalPages: 4 });
      expect(keys(first.items)).toEqual(['latte', 'cookie', 'shabu']);
      const second = await list('?limit=3&page=2');
      expect(keys(second.items)).toEqual(['spaDay', 'noodles', 'massage']);
      const third = await list('?limit=3&page=3');
      expect(keys(third.items)).toEqual(['english', 'chicken', 'cake']);
      const last = await list('?limit=3&page=4');
      expect(keys(last.items)).toEqual(['mug']);
      const beyond = await list('?limit=3&page=5');
      expect(beyond).toEqual({ items: [], page: 5, limit: 3, total: 10, totalPages: 4 });
    });

    it('deep pages (ids first, then rows) equal one-pass pages, in every order and with filters', async () => {
      const filters = [{}, { categorySlug: 'cafe' }, { minPrice: 60, maxPrice: 600 }, { q: 'a' }];
      const orders = [
        { orderBy: 'createdAt', orderDir: 'DESC' },
        { orderBy: 'createdAt', orderDir: 'ASC' },
        { orderBy: 'price', orderDir: 'ASC' },
        { orderBy: 'price', orderDir: 'DESC' },
      ] as const;
      for (const filter of filters)
        for (const order of orders)
          for (const offset of [0, 2, 7]) {
            const paging = { offset, limit: 3 };
            const onePass = await listVouchers(t.db, filter, order, paging, FIXTURE_NOW, Infinity);
            const deferred = await listVouchers(t.db, filter, order, paging, FIXTURE_NOW, 0);
            expect(deferred.map((r) => r.id)).toEqual(onePass.map((r) => r.id));
          }
    });

    it('limit 100 is allowed; an empty result has zero pages', async () => {
      expect((await list('?limit=100')).items).toHaveLength(10);
      expect(await list('?q=zzzz-nothing')).toEqual({
        items: [],
        page: 1,
        limit: 20,
        total: 0,
        totalPages: 0,
      });
    });
  });

  describe('search', () => {
    it('finds a piece from the middle of a Thai title (Thai has no spaces)', async () => {
      expect(keys((await list(`?q=${encodeURIComponent('ฟเฟ่ต์ชา')}`)).items)).toEqual(['shabu']);
      expect(keys((await list(`?q=${encodeURIComponent('แผนไ')}`)).items)).toEqual(['massage']);
      expect(keys((await list(`?q=${encodeURIComponent('เตี๋ยว')}`)).items)).toEqual(['noodles']);
    });

    it('English is case-insensitive and partial', async () => {
      expect(keys((await list('?q=iCeD%20LaT')).items)).toEqual(['latte']);
      expect(keys((await list('?q=BUFFET')).items)).toEqual(['shabu']);
    });

    it('matches merchant names and category names in both languages', async () => {
      expect(keys((await list('?q=sen%20saep')).items)).toEqual(['shabu', 'noodles', 'chicken']);
      expect(keys((await list(`?q=${encodeURIComponent('เรือนแก้ว')}`)).items)).toEqual(['spaDay', 'massage']);
      expect(keys((await list('?q=wellness')).items)).toEqual(['spaDay', 'massage']);
      expect(keys((await list(`?q=${encodeURIComponent('ร้านอาหาร')}`)).items)).toEqual([
        'shabu',
        'noodles',
        'chicken',
      ]);
    });

    it('a search pages the same whether done in one pass (few matches) or counted and paged', async () => {
      const filter = { q: 'a' };
      for (const order of [
        { orderBy: 'createdAt', orderDir: 'DESC' },
        { orderBy: 'price', orderDir: 'ASC' },
        { orderBy: 'price', orderDir: 'DESC' },
      ] as const) {
        for (const offset of [0, 3, 6]) {
          const paging = { offset, limit: 3 };
          const onePass = await searchVouchers(t.db, filter, order, paging, FIXTURE_NOW, 100);
          expect(onePass?.total).toBe(10);
          const listed = await listVouchers(t.db, filter, order, paging, FIXTURE_NOW);
          expect(onePass?.rows.map((r) => r.id)).toEqual(listed.map((r) => r.id));
        }
      }
      // More matches than the cap: the caller counts and pages instead.
      expect(
        await searchVouchers(
          t.db,
          filter,
          { orderBy: 'createdAt', orderDir: 'DESC' },
          { offset: 0, limit: 3 },
          FIXTURE_NOW,
          9,
        ),
      ).toBeUndefined();
    });

    it('short queries and LIKE characters are taken literally; search combines with filters', async () => {
      expect(keys((await list(`?q=${encodeURIComponent('ชา')}`)).items)).toEqual(['shabu']);
      expect((await list('?q=%25')).total).toBe(0);
      expect((await list('?q=_')).total).toBe(0);
      expect(keys((await list('?q=kafae&maxPrice=100&orderBy=price&orderDir=ASC')).items)).toEqual([
        'cookie',
        'latte',
      ]);
    });
  });

  describe('availability and eligibility', () => {
    it('a visitor: eligibility unknown (null), no tier reasons; sold out and not started are facts', async () => {
      const byKey = new Map((await list('')).items.map((i) => [names.get(i.id), i]));
      expect(byKey.get('shabu')).toMatchObject({ tier: 'gold', eligible: null, unavailableReason: null });
      expect(byKey.get('spaDay')).toMatchObject({
        privilegeOnly: true,
        eligible: null,
        unavailableReason: null,
      });
      expect(byKey.get('mug')).toMatchObject({
        unavailableReason: 'sold_out',
        remaining: 0,
        boughtCount: 10,
      });
      expect(byKey.get('cake')).toMatchObject({ unavailableReason: 'not_started' });
      expect(byKey.get('latte')).toMatchObject({ unavailableReason: null, eligible: null, remaining: null });
      expect(byKey.get('noodles')).toMatchObject({ unavailableReason: null });
    });

    it('a member of the base tier: tier_locked, privilege_only, eligible false', async () => {
      const byKey = new Map((await list('', as('member'))).items.map((i) => [names.get(i.id), i]));
      expect(byKey.get('shabu')).toMatchObject({ eligible: false, unavailableReason: 'tier_locked' });
      expect(byKey.get('spaDay')).toMatchObject({ eligible: false, unavailableReason: 'privilege_only' });
      expect(byKey.get('english')).toMatchObject({ eligible: false, unavailableReason: 'tier_locked' });
      expect(byKey.get('latte')).toMatchObject({ eligible: true, unavailableReason: null });
      // A fact about the item comes before the member's tier.
      expect(byKey.get('mug')).toMatchObject({ eligible: true, unavailableReason: 'sold_out' });
    });

    it('silver is a Privilege customer but below gold; gold opens the gold voucher', async () => {
      const silver = new Map((await list('', as('silver'))).items.map((i) => [names.get(i.id), i]));
      expect(silver.get('spaDay')).toMatchObject({ eligible: true, unavailableReason: null });
      expect(silver.get('shabu')).toMatchObject({ eligible: false, unavailableReason: 'tier_locked' });
      const gold = await detail(f.v.shabu, as('gold'));
      expect(gold).toMatchObject({ eligible: true, unavailableReason: null });
      expect(await detail(f.v.english, as('gold'))).toMatchObject({
        eligible: false,
        unavailableReason: 'tier_locked',
      });
    });

    it("the spec's JSON Authorization works; an empty one is a visitor; a bad or expired token → 401", async () => {
      expect((await detail(f.v.shabu, jsonAuth(tokens.member ?? ''))).unavailableReason).toBe('tier_locked');
      expect((await detail(f.v.shabu, jsonAuth(''))).eligible).toBeNull();
      const bad = await get('/bff/vouchers', bearer('a.b.c'));
      expect(bad.statusCode).toBe(401);
      expect(bad.json<Err>().code).toBe('unauthorized');
      const clock = createTestClock(FIXTURE_NOW);
      const other = await buildTestApp({ clock });
      try {
        const login = await signIn(other);
        clock.advance(16 * 60_000);
        const expired = await other.app.inject({
          method: 'GET',
          url: '/bff/vouchers',
          headers: bearer(login.accessToken),
        });
        expect(expired.statusCode).toBe(401);
        expect(expired.json<Err>().code).toBe('token_expired');
      } finally {
        await other.close();
      }
    });

    it('sale window reasons move with the clock: ended today at midnight Bangkok, started two days later', async () => {
      const clock = createTestClock(FIXTURE_NOW);
      const other = await buildTestApp({ clock });
      try {
        const g = await seedCatalogueFixture(other.db);
        const one = async (id: string) =>
          (await other.app.inject({ method: 'GET', url: `/bff/vouchers/${id}` })).json<{
            data: VoucherDetail;
          }>().data;
        expect((await one(g.v.tea)).unavailableReason).toBe('ended');
        expect((await one(g.v.noodles)).unavailableReason).toBeNull();
        // 23:59:30 in Bangkok: still today.
        clock.set(new Date('2026-06-15T16:59:30.000Z'));
        expect((await one(g.v.noodles)).unavailableReason).toBeNull();
        // 00:00:30 the next day in Bangkok: ended, and gone from the list.
        clock.set(new Date('2026-06-15T17:00:30.000Z'));
        expect((await one(g.v.noodles)).unavailableReason).toBe('ended');
        const page = (await other.app.inject({ method: 'GET', url: '/bff/vouchers' })).json<{
          data: Page<VoucherSummary>;
        }>().data;
        expect(page.items.map((i) => i.id)).not.toContain(g.v.noodles);
        expect(page.total).toBe(9);
        expect((await one(g.v.cake)).unavailableReason).toBe('not_started');
        clock.set(new Date('2026-06-16T17:00:00.000Z')); // 00:00 Bangkok, two days after the fixture day
        expect((await one(g.v.cake)).unavailableReason).toBeNull();
      } finally {
        await other.close();
      }
    });
  });

  describe('detail', () => {
    it('answers every field, options by price, images in order', async () => {
      const d = await detail(f.v.massage);
      expect(d).toMatchObject({
        id: f.v.massage,
        title: 'Thai Massage',
        description: 'About Thai Massage',
        terms: ['Term one.', 'Term two.'],
        price: 590,
        hasPriceOptions: true,
        pointsEarned: 39,
        boughtCount: 20,
        usageLimit: null,
        validDays: 30,
        pricePerCardMonth: 299,
        merchant: { id: f.m.spa, name: 'Ruen Kaew Spa' },
        category: { id: f.cat.spa, slug: 'spa', name: 'Beauty & Wellness' },
      });
      expect(d.priceOptions.map((o) => [o.label, o.price])).toEqual([
        ['60 minutes', 590],
        ['90 minutes', 790],
      ]);
      expect(d.images).toHaveLength(2);
      expect(d.images[0]).toMatch(/^\/media\/catalogue\/vouchers\/rk-thai-massage-1\.webp\?v=/);
      expect(d.imageUrl).toBe(d.images[0]);
    });

    it('a voucher without pictures falls back to its merchant logo', async () => {
      const d = await detail(f.v.cookie);
      expect(d.images).toEqual([d.merchant.logoUrl]);
      expect(d.priceOptions).toEqual([]);
    });

    it('unknown and malformed ids → 404 voucher_not_found (English and Thai)', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', '123', "1'; drop table voucher;--"]) {
        const res = await get(`/bff/vouchers/${encodeURIComponent(id)}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json<Err>()).toMatchObject({
          success: false,
          code: 'voucher_not_found',
          message: ['Voucher not found'],
        });
      }
      const th = await get('/bff/vouchers/abc', { 'accept-language': 'th' });
      expect(th.json<Err>().message[0]).toBe('ไม่พบบัตรกำนัล');
    });
  });

  describe('languages', () => {
    it('Accept-Language th answers Thai texts; a missing Thai text falls back to English, a missing English one to Thai', async () => {
      const th = { 'accept-language': 'th-TH,th;q=0.9' };
      const latte = await detail(f.v.latte, th);
      expect(latte).toMatchObject({
        title: 'ลาเต้เย็น',
        description: 'เกี่ยวกับ ลาเต้เย็น',
        merchant: { name: 'บ้านกาแฟ' },
        category: { name: 'คาเฟ่' },
      });
      // Terms item by item: the Thai list has only the first.
      expect(latte.terms).toEqual(['ข้อแรก', 'Term two.']);
      const english = await detail(f.v.english, th);
      expect(english).toMatchObject({
        title: 'English Only Voucher',
        description: 'About English Only Voucher',
        merchant: { name: 'Only English Store' },
      });
      expect((await detail(f.v.chicken)).title).toBe('ข้าวมันไก่');
      expect((await detail(f.v.chicken, th)).title).toBe('ข้าวมันไก่');
      const res = await get('/bff/vouchers?limit=1', th);
      expect(res.headers.vary).toContain('Accept-Language');
    });
  });

  describe('recommend', () => {
    const rec = async (query = '', headers: Record<string, string> = {}) => {
      const res = await get(`/bff/vouchers/recommend${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return keys(VoucherListResponseSchema.parse(res.json()).data);
    };

    it('is not captured by /bff/vouchers/:id; available ones only, best-selling then newest', async () => {
      expect(await rec()).toEqual([
        'cookie',
        'latte',
        'shabu',
        'massage',
        'spaDay',
        'noodles',
        'english',
        'chicken',
      ]);
      expect(await rec('?limit=2')).toEqual(['cookie', 'latte']);
    });

    it('for a member, only what their tier allows', async () => {
      expect(await rec('', as('member'))).toEqual(['cookie', 'latte', 'massage', 'noodles', 'chicken']);
      expect(await rec('', as('gold'))).toEqual([
        'cookie',
        'latte',
        'shabu',
        'massage',
        'spaDay',
        'noodles',
        'chicken',
      ]);
    });

    it('exclude leaves the items out and puts their categories first ("You may also like")', async () => {
      expect(await rec(`?exclude=${f.v.latte}`)).toEqual([
        'cookie',
        'english',
        'shabu',
        'massage',
        'spaDay',
        'noodles',
        'chicken',
      ]);
      expect(await rec(`?exclude=${f.v.latte},${f.v.cookie}&limit=3`)).toEqual([
        'english',
        'shabu',
        'massage',
      ]);
      // Ids that are not uuids are ignored.
      expect(await rec('?exclude=nope,,&limit=1')).toEqual(['cookie']);
    });

    it('bad values → 400', async () => {
      for (const q of ['?limit=0', '?limit=51', '?limit=x', '?other=1']) {
        expect((await get(`/bff/vouchers/recommend${q}`)).statusCode, q).toBe(400);
      }
    });
  });

  describe('bad query values → 400 envelope, never 500', () => {
    it.each([
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['orderDir=UP', 'orderDir'],
      ['orderDir=asc', 'orderDir'],
      ['orderBy=title', 'orderBy'],
      ['minPrice=-1', 'minPrice'],
      ['maxPrice=cheap', 'maxPrice'],
      ['minPrice=500&maxPrice=100', 'minPrice'],
      ['unknown=1', ''],
      ['q=', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=a&q=b', 'q'],
    ])('%s', async (query, field) => {
      const res = await get(`/bff/vouchers?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json<Err>();
      expect(body).toMatchObject({ success: false, code: 'validation_failed' });
      expect(body.fields?.some((x) => x.path === `querystring${field ? `.${field}` : ''}`)).toBe(true);
    });
  });
});
