import {
  AdminStoreResponseSchema,
  AdminVoucherPageResponseSchema,
  AdminVoucherResponseSchema,
  CatalogueImageResponseSchema,
  ErrorEnvelopeSchema,
  type VoucherBody,
} from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/** A minimal multipart/form-data body with one file part. */
const multipart = (bytes: Buffer, filename = 'a.png', type = 'image/png') => {
  const boundary = '----catalogue-boundary-42';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const DAY = 86_400_000;
/** Shipped artwork may be named as well as uploaded pictures. */
const BANNER_FILE = 'buffet-festival-1.svg';

describe('back office catalogue editor (/admin/api/catalogue)', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let owner: SignedInStaff;
  let marketing: SignedInStaff;
  let support: SignedInStaff;
  let storeStaff: SignedInStaff;
  let member: Member;

  const admin = (
    who: SignedInStaff,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/admin/api/catalogue${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const bff = (url: string) =>
    t.app.inject({
      method: 'GET',
      url: `/bff${url}`,
      headers: { authorization: `Bearer ${member.token}`, 'accept-language': 'th' },
    });

  const voucherBody = (storeId: string, over: Partial<VoucherBody> = {}): VoucherBody => ({
    storeId,
    categoryId: f.cat.cafe,
    titleTh: 'กาแฟเย็นฟรีหนึ่งแก้ว',
    titleEn: 'One free iced coffee',
    descriptionTh: 'รับกาแฟเย็นหนึ่งแก้ว',
    termsTh: ['ใช้ได้ทุกสาขา'],
    price: 120,
    saleStartsAt: new Date(FIXTURE_NOW.getTime() - DAY).toISOString(),
    saleEndsAt: new Date(FIXTURE_NOW.getTime() + 30 * DAY).toISOString(),
    validDays: 30,
    ...over,
  });

  const upload = async (who: SignedInStaff, bytes: Buffer, kind = 'vouchers') => {
    const m = multipart(bytes);
    return t.app.inject({
      method: 'POST',
      url: `/admin/api/catalogue/images?kind=${kind}`,
      headers: { ...who.headers, ...m.headers },
      payload: m.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    [owner, marketing, support, storeStaff] = await Promise.all([
      signInStaff(t, 'owner'),
      signInStaff(t, 'marketing'),
      signInStaff(t, 'support'),
      signInStaff(t, 'store_staff'),
    ]);
    member = await shop.member();
  });
  afterAll(() => t.close());

  it('creates a store and a draft voucher with a Thai title and an uploaded picture; publishing shows it to members at once, unpublishing takes it away at once', async () => {
    // A picture with EXIF that must not survive.
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#14213d' } })
      .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
      .png()
      .toBuffer();
    const up = await upload(marketing, png);
    expect(up.statusCode, up.body).toBe(200);
    const image = CatalogueImageResponseSchema.parse(up.json()).data;
    expect(image.file).toMatch(/^u-[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    // A browser revalidating its copy gets 304 with no body; an unknown picture's tag is still a 404.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
    const unknown = image.url.replace(
      /u-[A-Za-z0-9_-]+\.webp$/,
      'u-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp',
    );
    const stale = await t.app.inject({ method: 'GET', url: unknown, headers: { 'if-none-match': '"AAAA"' } });
    expect(stale.statusCode).toBe(404);

    const storeRes = await admin(marketing, 'POST', '/stores', {
      categoryId: f.cat.cafe,
      nameTh: 'ร้านกาแฟทดสอบ',
      nameEn: 'Test Coffee',
      logoFile: image.file,
    });
    expect(storeRes.statusCode, storeRes.body).toBe(200);
    const store = AdminStoreResponseSchema.parse(storeRes.json()).data;
    expect(store.logoUrl).toBe(`/media/catalogue/merchants/${image.file}`);

    const created = await admin(
      marketing,
      'POST',
      '/vouchers',
      voucherBody(store.id, {
        imageFiles: [image.file],
        priceOptions: [
          { labelTh: 'แก้วเล็ก', price: 90 },
          { labelTh: 'แก้วใหญ่', labelEn: 'Large', price: 130 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const voucher = AdminVoucherResponseSchema.parse(created.json()).data;
    expect(voucher).toMatchObject({ status: 'draft', publishedAt: null, price: 90 });
    expect(voucher.priceOptions.map((o) => o.price)).toEqual([90, 130]);

    // A draft is nowhere for members: detail, list, search, store page, cart, checkout.
    const hidden = async () => {
      expect((await bff(`/vouchers/${voucher.id}`)).statusCode).toBe(404);
      expect((await bff(`/vouchers?merchant=${store.id}`)).body).not.toContain(voucher.id);
      expect((await bff(`/vouchers?q=${encodeURIComponent('กาแฟเย็นฟรี')}`)).body).not.toContain(voucher.id);
      expect((await bff('/vouchers?limit=50')).body).not.toContain(voucher.id);
    };
    await hidden();
    const detailCode = ErrorEnvelopeSchema.parse((await bff(`/vouchers/${voucher.id}`)).json()).code;
    expect(detailCode).toBe('voucher_not_found');
    const cart = await shop.call(member, 'POST', '/bff/cart/addItems', {
      items: [{ voucherId: voucher.id, priceOptionId: voucher.priceOptions[0]?.id, quantity: 1 }],
    });
    expect(shop.errorOf(cart, 404)).toBe('voucher_not_found');
    const order = await shop.buy(member, {
      voucherId: voucher.id,
      priceOptionId: voucher.priceOptions[0]?.id,
    });
    expect(shop.errorOf(order, 404)).toBe('voucher_not_found');

    // The back office sees it (drafts included).
    const list = AdminVoucherPageResponseSchema.parse(
      (await admin(support, 'GET', `/vouchers?storeId=${store.id}`)).json(),
    ).data;
    expect(list.items.map((v) => v.id)).toEqual([voucher.id]);

    const published = await admin(marketing, 'POST', `/vouchers/${voucher.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(AdminVoucherResponseSchema.parse(published.json()).data.status).toBe('published');

    const detail = await bff(`/vouchers/${voucher.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain('กาแฟเย็นฟรีหนึ่งแก้ว');
    expect(detail.body).toContain(`/media/catalogue/vouchers/${image.file}`);
    expect((await bff(`/vouchers?merchant=${store.id}`)).body).toContain(voucher.id);
    expect((await bff(`/vouchers?q=${encodeURIComponent('กาแฟเย็นฟรี')}`)).body).toContain(voucher.id);
    const bought = await shop.buy(member, {
      voucherId: voucher.id,
      priceOptionId: voucher.priceOptions[0]?.id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // The option now names an order: it cannot be removed (nothing of the save is kept).
    const removeSold = await admin(marketing, 'PUT', `/vouchers/${voucher.id}`, {
      ...voucherBody(store.id, { titleTh: 'ชื่อใหม่' }),
      priceOptions: [{ id: voucher.priceOptions[1]?.id, labelTh: 'แก้วใหญ่', price: 130 }],
    });
    expect(removeSold.statusCode, removeSold.body).toBe(400);
    expect(removeSold.body).toContain('has been sold');
    expect((await bff(`/vouchers/${voucher.id}`)).body).toContain('กาแฟเย็นฟรีหนึ่งแก้ว');

    const unpublished = await admin(owner, 'POST', `/vouchers/${voucher.id}/unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    await hidden();
    // Taken back after it was on sale: the checkout refuses it as a sale that is over.
    const again = await shop.buy(member, {
      voucherId: voucher.id,
      priceOptionId: voucher.priceOptions[0]?.id,
    });
    expect(shop.errorOf(again, 409)).toBe('sale_ended');

    // Every change left an audit row with before/after.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'before', 'after', 'staff_email'])
      .where('entity_id', 'in', [voucher.id, store.id])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'catalogue.merchant.create',
      'catalogue.voucher.create',
      'catalogue.voucher.publish',
      'catalogue.voucher.unpublish',
    ]);
    const publish = audit[2];
    expect(JSON.stringify(publish?.before)).toContain('"status":"draft"');
    expect(JSON.stringify(publish?.after)).toContain('"status":"published"');
    expect(audit[3]?.staff_email).toBe(owner.email);
  });

  it('saves price options with their voucher and refuses to remove one that was sold', async () => {
    const created = AdminVoucherResponseSchema.parse(
      (
        await admin(
          marketing,
          'POST',
          '/vouchers',
          voucherBody(f.m.kafae, { priceOptions: [{ labelTh: 'เล็ก', price: 50 }] }),
        )
      ).json(),
    ).data;
    const [small] = created.priceOptions;
    if (!small) throw new Error('no option');
    const saved = await admin(
      marketing,
      'PUT',
      `/vouchers/${created.id}`,
      voucherBody(f.m.kafae, {
        pricePerCardMonth: 250,
        limitPerOrder: 2,
        limitPerMember: 4,
        pointsEarned: 7,
        tier: 'gold',
        privilegeOnly: true,
        usageLimit: 3,
        stock: 9,
        priceOptions: [
          { id: small.id, labelTh: 'เล็กมาก', price: 40 },
          { labelTh: 'ใหญ่', price: 80 },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = AdminVoucherResponseSchema.parse(saved.json()).data;
    expect(after.priceOptions.map((o) => [o.labelTh, o.price])).toEqual([
      ['เล็กมาก', 40],
      ['ใหญ่', 80],
    ]);
    expect(after.priceOptions[0]?.id).toBe(small.id);
    expect(after.price).toBe(40);
    expect(after).toMatchObject({
      pricePerCardMonth: 250,
      limitPerOrder: 2,
      limitPerMember: 4,
      pointsEarned: 7,
      tier: 'gold',
      privilegeOnly: true,
      usageLimit: 3,
      stock: 9,
    });

    // An option of another voucher, and a bad field in the same save: nothing is half-saved.
    const other = await shop.voucher();
    const bad = await admin(
      marketing,
      'PUT',
      `/vouchers/${created.id}`,
      voucherBody(f.m.kafae, { titleTh: 'เปลี่ยนชื่อ', priceOptions: [{ id: other, labelTh: 'x', price: 1 }] }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toContain('priceOptions.0.id');
    const unchanged = AdminVoucherResponseSchema.parse(
      (await admin(support, 'GET', `/vouchers/${created.id}`)).json(),
    ).data;
    expect(unchanged.titleTh).toBe('กาแฟเย็นฟรีหนึ่งแก้ว');
    expect(unchanged.priceOptions).toHaveLength(2);
  });

  it('answers bad input with a message per field, never a 5xx', async () => {
    const cases: Array<[unknown, string]> = [
      [voucherBody(f.m.kafae, { price: -1 }), 'price'],
      [
        voucherBody(f.m.kafae, {
          saleStartsAt: new Date(FIXTURE_NOW.getTime() + DAY).toISOString(),
          saleEndsAt: FIXTURE_NOW.toISOString(),
        }),
        'saleEndsAt',
      ],
      [voucherBody('00000000-0000-4000-8000-000000000000'), 'storeId'],
      [voucherBody(f.m.kafae, { titleTh: 'ก'.repeat(5000) }), 'titleTh'],
      [voucherBody(f.m.kafae, { titleTh: '   ' }), 'titleTh'],
      [{ ...voucherBody(f.m.kafae), titleTh: 'bad\u0000title' }, 'titleTh'],
      [{ ...voucherBody(f.m.kafae), price: '100' }, 'price'],
      [{ ...voucherBody(f.m.kafae), stock: 1.5 }, 'stock'],
      [{ ...voucherBody(f.m.kafae), validDays: 0 }, 'validDays'],
      [{ ...voucherBody(f.m.kafae), tier: 'diamond' }, 'tier'],
      [{ ...voucherBody(f.m.kafae), imageFiles: ['u-AAAAAAAAAAAAAAAAAAAA.webp'] }, 'imageFiles.0'],
      [{ ...voucherBody(f.m.kafae), sold: 5 }, 'sold'],
      [{ ...voucherBody(f.m.kafae), price: 1e12 }, 'price'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin(marketing, 'POST', '/vouchers', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.body, field).toContain(field);
    }
    // In the staff member's language: the schema's rules and the checks before the write alike.
    const thai = async (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/catalogue/vouchers',
        headers: { ...marketing.headers, 'accept-language': 'th' },
        payload: payload as object,
      });
    expect((await thai(voucherBody('00000000-0000-4000-8000-000000000000'))).body).toContain(
      'storeId: ไม่พบร้านค้าที่มีรหัสนี้',
    );
    const window = await thai(
      voucherBody(f.m.kafae, {
        saleStartsAt: new Date(FIXTURE_NOW.getTime() + DAY).toISOString(),
        saleEndsAt: FIXTURE_NOW.toISOString(),
      }),
    );
    expect(window.body).toContain('วันสิ้นสุดการขายต้องไม่อยู่ก่อนวันเริ่มขาย');
    const coupon = await admin(marketing, 'POST', '/coupons', {
      code: 'PCT',
      titleTh: 'ส่วนลด',
      discountType: 'percent',
      discountValue: 150,
      startsAt: FIXTURE_NOW.toISOString(),
      endsAt: FIXTURE_NOW.toISOString(),
    });
    expect(coupon.statusCode, coupon.body).toBe(400);
    expect(coupon.body).toContain('endsAt');
    expect(coupon.body).toContain('discountValue');
    const banner = await admin(marketing, 'POST', '/banners', {
      position: 'MIDDLE',
      titleTh: 'แบนเนอร์',
      imageFile: 'x.svg',
      linkPath: 'https://evil.example',
    });
    expect(banner.statusCode, banner.body).toBe(400);
    expect(banner.body).toContain('position');
    expect(banner.body).toContain('linkPath');
    const notImage = await upload(marketing, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notImage.statusCode).toBe(415);
    expect((await admin(marketing, 'GET', '/vouchers/not-a-uuid')).statusCode).toBe(400);
    expect((await admin(marketing, 'GET', '/vouchers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('lets owner and marketing write, support only read, store staff nothing', async () => {
    const body = voucherBody(f.m.kafae);
    for (const who of [owner, marketing])
      expect((await admin(who, 'POST', '/vouchers', body)).statusCode).toBe(200);
    expect((await admin(support, 'POST', '/vouchers', body)).statusCode).toBe(403);
    expect((await admin(support, 'GET', '/vouchers')).statusCode).toBe(200);
    expect((await admin(storeStaff, 'GET', '/vouchers')).statusCode).toBe(403);
    expect((await upload(support, Buffer.from('x'))).statusCode).toBe(403);
    const memberCall = await t.app.inject({
      method: 'GET',
      url: '/admin/api/catalogue/vouchers',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(memberCall.statusCode).toBe(401);
  });

  it('keeps draft coupons unusable and draft banners unseen until published', async () => {
    const v = await shop.voucher();
    const couponRes = await admin(marketing, 'POST', '/coupons', {
      code: 'draft-ten',
      titleTh: 'ลดสิบเปอร์เซ็นต์',
      discountType: 'percent',
      discountValue: 10,
      startsAt: new Date(FIXTURE_NOW.getTime() - DAY).toISOString(),
      endsAt: new Date(FIXTURE_NOW.getTime() + DAY).toISOString(),
      voucherIds: [v],
    });
    expect(couponRes.statusCode, couponRes.body).toBe(200);
    const coupon = couponRes.json<{ data: { id: string; code: string } }>().data;
    expect(coupon.code).toBe('DRAFT-TEN');
    const check = () =>
      bff(`/coupons/check?voucherId=${v}&couponCode=DRAFT-TEN`).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json<{ data: { valid: boolean; problem: string | null } }>().data;
      });
    expect(await check()).toMatchObject({ valid: false, problem: 'coupon_not_found' });
    expect((await bff('/coupons')).body).not.toContain('DRAFT-TEN');
    expect((await admin(marketing, 'POST', `/coupons/${coupon.id}/publish`)).statusCode).toBe(200);
    expect(await check()).toMatchObject({ valid: true });
    expect((await bff('/coupons')).body).toContain('DRAFT-TEN');

    const bannerRes = await admin(marketing, 'POST', '/banners', {
      position: 'TOP',
      titleTh: 'แบนเนอร์ร่าง',
      imageFile: BANNER_FILE,
      linkPath: `/vouchers/${v}`,
    });
    expect(bannerRes.statusCode, bannerRes.body).toBe(200);
    const banner = bannerRes.json<{ data: { id: string } }>().data;
    expect((await bff('/banners/TOP')).body).not.toContain(banner.id);
    expect((await admin(marketing, 'POST', `/banners/${banner.id}/publish`)).statusCode).toBe(200);
    expect((await bff('/banners/TOP')).body).toContain(banner.id);
  });
});
