import { randomUUID } from 'node:crypto';
import {
  BannerListResponseSchema,
  BannerPageResponseSchema,
  CategoryListResponseSchema,
  CouponPageResponseSchema,
  MerchantPageResponseSchema,
  MerchantResponseSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';

type Err = { success: false; code: string; message: string[] };
const DAY = 86_400_000;
const at = (days: number) => new Date(FIXTURE_NOW.getTime() + days * DAY);

describe('banners, categories, stores, coupons, pictures', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  const banner = {
    top1: randomUUID(),
    top2: randomUUID(),
    bottom: randomUUID(),
    future: randomUUID(),
    past: randomUUID(),
  };
  const coupon = {
    soon: randomUUID(),
    later: randomUUID(),
    upcoming: randomUUID(),
    ended: randomUUID(),
    usedUp: randomUUID(),
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    const b = (
      id: string,
      position: 'TOP' | 'BOTTOM',
      en: string,
      th: string | null,
      sort: number,
      extra = {},
    ) => ({
      id,
      position,
      title_en: en,
      title_th: th,
      subtitle_en: `${en} subtitle`,
      subtitle_th: th ? `${th} คำโปรย` : null,
      image_file: 'coffee-week-1.svg',
      link_path: `/vouchers/${f.v.latte}`,
      sort_order: sort,
      created_at: FIXTURE_NOW,
      ...extra,
    });
    await t.db
      .insertInto('banner')
      .values([
        b(banner.top2, 'TOP', 'Second', 'อันดับสอง', 2, { link_path: null }),
        b(banner.top1, 'TOP', 'First', 'อันดับหนึ่ง', 1),
        b(banner.bottom, 'BOTTOM', 'Bottom only English', null, 1),
        b(banner.future, 'TOP', 'Future', 'อนาคต', 0, { starts_at: at(1) }),
        b(banner.past, 'TOP', 'Past', 'อดีต', 0, { ends_at: at(-1) }),
      ])
      .execute();
    const c = (id: string, code: string, starts: number, ends: number, extra = {}) => ({
      id,
      code,
      title_en: `${code} title`,
      title_th: `คูปอง ${code}`,
      description_en: `${code} description`,
      description_th: null,
      discount_type: 'percent' as const,
      discount_value: 10,
      max_discount: 100,
      min_spend: 300,
      starts_at: at(starts),
      ends_at: at(ends),
      total_limit: null,
      per_member_limit: 1,
      created_at: FIXTURE_NOW,
      ...extra,
    });
    await t.db
      .insertInto('coupon')
      .values([
        c(coupon.later, 'LATER10', -5, 10),
        c(coupon.soon, 'SOON50', -1, 2, {
          discount_type: 'fixed',
          discount_value: 50,
          max_discount: null,
          total_limit: 100,
          used_count: 40,
        }),
        c(coupon.upcoming, 'NEXT20', 3, 20),
        c(coupon.ended, 'OLD5', -10, -1),
        c(coupon.usedUp, 'GONE', -1, 5, { total_limit: 5, used_count: 5 }),
      ])
      .execute();
    await t.db
      .insertInto('coupon_merchant')
      .values([
        { coupon_id: coupon.later, merchant_id: f.m.kafae },
        { coupon_id: coupon.later, merchant_id: f.m.sen },
      ])
      .execute();
    await t.db
      .insertInto('coupon_voucher')
      .values([{ coupon_id: coupon.upcoming, voucher_id: f.v.shabu }])
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('GET /bff/banners/:position', () => {
    it('TOP: active ones in their order; BOTTOM; texts in Thai with fallback', async () => {
      const top = BannerListResponseSchema.parse((await get('/bff/banners/TOP')).json()).data;
      expect(top.map((x) => x.id)).toEqual([banner.top1, banner.top2]);
      expect(top[0]).toMatchObject({
        title: 'First',
        subtitle: 'First subtitle',
        position: 'TOP',
        linkPath: `/vouchers/${f.v.latte}`,
      });
      expect(top[1]?.linkPath).toBeNull();
      expect(top[0]?.imageUrl).toMatch(/^\/media\/catalogue\/banners\/coffee-week-1\.webp\?v=/);
      const bottom = BannerListResponseSchema.parse(
        (await get('/bff/banners/BOTTOM', { 'accept-language': 'th' })).json(),
      ).data;
      expect(bottom).toHaveLength(1);
      expect(bottom[0]).toMatchObject({
        title: 'Bottom only English',
        subtitle: 'Bottom only English subtitle',
      });
      const th = BannerListResponseSchema.parse(
        (await get('/bff/banners/TOP', { 'accept-language': 'th' })).json(),
      ).data;
      expect(th[0]).toMatchObject({ title: 'อันดับหนึ่ง', subtitle: 'อันดับหนึ่ง คำโปรย' });
    });

    it('another position → 400', async () => {
      for (const p of ['MIDDLE', 'top', '1']) {
        const res = await get(`/bff/banners/${p}`);
        expect(res.statusCode, p).toBe(400);
        expect(res.json<Err>().code).toBe('validation_failed');
      }
    });
  });

  describe('GET /bff/ticket-office/banners', () => {
    it('every active banner, TOP first, paged by page and per_page', async () => {
      const page = async (q: string) =>
        BannerPageResponseSchema.parse((await get(`/bff/ticket-office/banners${q}`)).json()).data;
      const all = await page('');
      expect(all).toMatchObject({ page: 1, limit: 10, total: 3, totalPages: 1 });
      expect(all.items.map((x) => x.id)).toEqual([banner.top1, banner.top2, banner.bottom]);
      const p2 = await page('?per_page=2&page=2');
      expect(p2).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
      expect(p2.items.map((x) => x.id)).toEqual([banner.bottom]);
      expect((await page('?per_page=2&page=3')).items).toEqual([]);
      for (const q of ['?per_page=101', '?page=x', '?limit=5']) {
        expect((await get(`/bff/ticket-office/banners${q}`)).statusCode, q).toBe(400);
      }
    });
  });

  it('GET /bff/categories: display order, names by language', async () => {
    const en = CategoryListResponseSchema.parse((await get('/bff/categories')).json()).data;
    expect(en.map((c) => c.slug)).toEqual(['cafe', 'dining', 'spa']);
    expect(en[0]).toMatchObject({ id: f.cat.cafe, name: 'Cafés', sortOrder: 1 });
    expect(en[0]?.iconUrl).toMatch(/^\/media\/catalogue\/categories\/cafe-1\.webp\?v=/);
    const th = CategoryListResponseSchema.parse(
      (await get('/bff/categories', { 'accept-language': 'th' })).json(),
    ).data;
    expect(th.map((c) => c.name)).toEqual(['คาเฟ่', 'ร้านอาหาร', 'ความงามและสุขภาพ']);
    expect((await get('/bff/categories?x=1')).statusCode).toBe(400);
  });

  describe('stores', () => {
    it('GET /bff/merchants: by name, voucher counts of listed vouchers, paging', async () => {
      const page = MerchantPageResponseSchema.parse((await get('/bff/merchants')).json()).data;
      expect(page.items.map((m) => m.name)).toEqual([
        'Baan Kafae',
        'Only English Store',
        'Ruen Kaew Spa',
        'Sen Saep Kitchen',
      ]);
      expect(page).toMatchObject({ total: 4, totalPages: 1 });
      const kafae = page.items[0];
      // latte, cookie, mug, cake listed; the ended tea is not counted.
      expect(kafae).toMatchObject({ id: f.m.kafae, voucherCount: 4, category: { slug: 'cafe' } });
      const p2 = MerchantPageResponseSchema.parse((await get('/bff/merchants?limit=3&page=2')).json()).data;
      expect(p2.items.map((m) => m.name)).toEqual(['Sen Saep Kitchen']);
      expect((await get('/bff/merchants?limit=101')).statusCode).toBe(400);
    });

    it('in Thai the order follows the Thai names, with the fallback for a store without one', async () => {
      const th = MerchantPageResponseSchema.parse(
        (await get('/bff/merchants', { 'accept-language': 'th' })).json(),
      ).data;
      expect(th.items.map((m) => m.name)).toEqual([
        'Only English Store',
        'บ้านกาแฟ',
        'เรือนแก้ว สปา',
        'เส้นแซ่บ คิทเช่น',
      ]);
      expect(th.items[1]?.description).toBe('รายละเอียด บ้านกาแฟ');
    });

    it('GET /bff/merchants/:id; unknown or malformed → 404 merchant_not_found', async () => {
      const one = MerchantResponseSchema.parse((await get(`/bff/merchants/${f.m.sen}`)).json()).data;
      expect(one).toMatchObject({ id: f.m.sen, name: 'Sen Saep Kitchen', voucherCount: 3 });
      for (const id of [randomUUID(), 'x']) {
        const res = await get(`/bff/merchants/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json<Err>().code).toBe('merchant_not_found');
      }
    });
  });

  describe('GET /bff/coupons', () => {
    it('valid ones (ending soonest first) then upcoming; ended and used-up ones left out; conditions', async () => {
      const page = CouponPageResponseSchema.parse((await get('/bff/coupons')).json()).data;
      expect(page.items.map((c) => c.code)).toEqual(['SOON50', 'LATER10', 'NEXT20']);
      expect(page).toMatchObject({ total: 3, totalPages: 1, page: 1, limit: 20 });
      const [soon, later, next] = page.items;
      expect(soon).toMatchObject({
        discountType: 'fixed',
        discountValue: 50,
        maxDiscount: null,
        minSpend: 300,
        remaining: 60,
        perMemberLimit: 1,
        merchants: [],
        voucherIds: [],
        startsAt: at(-1).toISOString(),
        endsAt: at(2).toISOString(),
      });
      expect(later).toMatchObject({
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 100,
        remaining: null,
      });
      expect(later?.merchants.map((m) => m.id).sort()).toEqual([f.m.kafae, f.m.sen].sort());
      expect(next?.voucherIds).toEqual([f.v.shabu]);
      const th = CouponPageResponseSchema.parse(
        (await get('/bff/coupons', { 'accept-language': 'th' })).json(),
      ).data;
      expect(th.items[0]).toMatchObject({ title: 'คูปอง SOON50', description: 'SOON50 description' });
      const p2 = CouponPageResponseSchema.parse((await get('/bff/coupons?limit=2&page=2')).json()).data;
      expect(p2.items.map((c) => c.code)).toEqual(['NEXT20']);
      expect((await get('/bff/coupons?page=0')).statusCode).toBe(400);
    });
  });

  describe('pictures', () => {
    it('served as WebP with a year of cache for the versioned URL, and revalidation otherwise', async () => {
      const [cat] = CategoryListResponseSchema.parse((await get('/bff/categories')).json()).data;
      const url = cat?.iconUrl ?? '';
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      // At the drawing's own size: a category's icon is drawn 96 px square (shown 20 px wide).
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 96,
        height: 96,
      });
      const bare = await get(url.split('?')[0] ?? '');
      expect(bare.statusCode).toBe(200);
      expect(bare.headers['cache-control']).toBe('public, max-age=300');
      const etag = String(res.headers.etag);
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
      // The same bytes each time (that it is drawn only once: media.test.ts).
      expect((await get(url)).rawPayload.equals(res.rawPayload)).toBe(true);
    });

    it('still serves the drawing where a link names it, as SVG and compressed', async () => {
      const banners = BannerListResponseSchema.parse((await get('/bff/banners/TOP')).json()).data;
      const drawing = (banners[0]?.imageUrl ?? '').replace(/\.webp\?/, '.svg?');
      const res = await get(drawing, { 'accept-encoding': 'gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('unknown kinds, names and path tricks → 404 envelope', async () => {
      for (const path of [
        '/media/catalogue/vouchers/nope.svg',
        '/media/catalogue/vouchers/nope.webp',
        '/media/catalogue/vouchers/Cafe-1.webp',
        '/media/catalogue/secrets/cafe-1.webp',
        '/media/catalogue/secrets/cafe-1.svg',
        '/media/catalogue/categories/..%2F..%2Fpackage.json',
        '/media/catalogue/categories/cafe-1.png',
      ]) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json<Err>().code).toBe('not_found');
      }
    });
  });
});
