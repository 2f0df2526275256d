import {
  AdminBannerResponseSchema,
  AdminCategoryResponseSchema,
  AdminCouponResponseSchema,
  AdminPrivilegeResponseSchema,
  AdminStoreResponseSchema,
  AdminVoucherResponseSchema,
  ErrorEnvelopeSchema,
  type VoucherBody,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

const DAY = 86_400_000;

/**
 * Two staff saving one catalogue row: the save names the version its form was loaded at, the first
 * save wins and the second is refused with 409 edit_conflict, changing nothing — also when many
 * saves of one version race (on PGlite and on PostgreSQL with TEST_DATABASE_URL).
 */
describe('back office catalogue: edit conflicts (version)', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let owner: SignedInStaff;
  let marketing: SignedInStaff;

  const call = (
    who: SignedInStaff,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url: `/admin/api/catalogue${url}`,
      headers: { ...who.headers, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const voucherBody = (over: Partial<VoucherBody> = {}): VoucherBody => ({
    storeId: f.m.kafae,
    categoryId: f.cat.cafe,
    titleTh: 'บัตรกำนัลทดสอบการแก้ไขพร้อมกัน',
    price: 100,
    priceOptions: [{ labelTh: 'แก้วเล็ก', price: 100 }],
    saleStartsAt: new Date(FIXTURE_NOW.getTime() - DAY).toISOString(),
    saleEndsAt: new Date(FIXTURE_NOW.getTime() + 30 * DAY).toISOString(),
    validDays: 30,
    ...over,
  });
  const newVoucher = async () => {
    const res = await call(marketing, 'POST', '/vouchers', voucherBody());
    expect(res.statusCode, res.body).toBe(200);
    return AdminVoucherResponseSchema.parse(res.json()).data;
  };
  const voucherNow = async (id: string) =>
    AdminVoucherResponseSchema.parse((await call(owner, 'GET', `/vouchers/${id}`)).json()).data;
  const conflictOf = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(409);
    return ErrorEnvelopeSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    [owner, marketing] = await Promise.all([signInStaff(t, 'owner'), signInStaff(t, 'marketing')]);
  });
  afterAll(() => t.close());

  it('lets the first of two staff who loaded version 1 save; the second gets 409 in their language and the row keeps the first save', async () => {
    const created = await newVoucher();
    expect(created.version).toBe(1);
    // Both open the form: version 1.
    const [a, b] = await Promise.all([voucherNow(created.id), voucherNow(created.id)]);
    expect([a.version, b.version]).toEqual([1, 1]);
    const option = { id: a.priceOptions[0]?.id, labelTh: 'แก้วเล็ก', price: 100 };

    const first = await call(
      marketing,
      'PUT',
      `/vouchers/${created.id}`,
      voucherBody({ titleTh: 'ชื่อของคนแรก', priceOptions: [option], version: a.version }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(AdminVoucherResponseSchema.parse(first.json()).data).toMatchObject({
      titleTh: 'ชื่อของคนแรก',
      version: 2,
    });

    const second = await call(
      owner,
      'PUT',
      `/vouchers/${created.id}`,
      voucherBody({
        titleTh: 'ชื่อของคนที่สอง',
        priceOptions: [{ ...option, price: 55 }],
        imageFiles: ['cafe-1.svg'],
        version: b.version,
      }),
      'th',
    );
    const refused = conflictOf(second);
    expect(refused.code).toBe('edit_conflict');
    expect(refused.message[0]).toContain('มีผู้อื่นบันทึกรายการนี้');
    const after = await voucherNow(created.id);
    expect(after).toMatchObject({ titleTh: 'ชื่อของคนแรก', version: 2, price: 100 });
    expect(after.priceOptions.map((o) => o.price)).toEqual([100]);
    // No audit row for the refused save.
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['catalogue.voucher.create', 'catalogue.voucher.update']);

    // Publishing at a stale version is refused as well; at the current one it moves the version on.
    const stalePublish = await call(owner, 'POST', `/vouchers/${created.id}/publish`, { version: 1 });
    expect(conflictOf(stalePublish).code).toBe('edit_conflict');
    expect((await voucherNow(created.id)).status).toBe('draft');
    const publish = await call(owner, 'POST', `/vouchers/${created.id}/publish`, { version: 2 });
    expect(publish.statusCode, publish.body).toBe(200);
    expect(AdminVoucherResponseSchema.parse(publish.json()).data).toMatchObject({
      status: 'published',
      version: 3,
    });
    // Already published: nothing changes, the version stays.
    const again = await call(owner, 'POST', `/vouchers/${created.id}/publish`, { version: 3 });
    expect(AdminVoucherResponseSchema.parse(again.json()).data.version).toBe(3);
    // A caller that sends no version saves whatever the version (older clients).
    const blind = await call(
      owner,
      'PUT',
      `/vouchers/${created.id}`,
      voucherBody({ priceOptions: [option] }),
    );
    expect(blind.statusCode, blind.body).toBe(200);
    expect(AdminVoucherResponseSchema.parse(blind.json()).data.version).toBe(4);
    // A version that is no number is a 400, not a conflict.
    const bad = await call(owner, 'PUT', `/vouchers/${created.id}`, { ...voucherBody(), version: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('counts and checks versions on every kind the editor saves: stores, categories, privileges, coupons, banners', async () => {
    const cases = [
      {
        path: '/categories',
        schema: AdminCategoryResponseSchema,
        body: { slug: 'conflict-cat', nameTh: 'หมวดทดสอบ', iconFile: 'cafe-1.svg' },
        change: { nameTh: 'หมวดใหม่' },
      },
      {
        path: '/stores',
        schema: AdminStoreResponseSchema,
        body: { categoryId: f.cat.cafe, nameTh: 'ร้านทดสอบ', logoFile: 'baan-kafae-1.svg' },
        change: { nameTh: 'ร้านใหม่' },
      },
      {
        path: '/privileges',
        schema: AdminPrivilegeResponseSchema,
        body: {
          storeId: f.m.kafae,
          categoryId: f.cat.cafe,
          titleTh: 'สิทธิ์ทดสอบ',
          pointsCost: 10,
          validFrom: FIXTURE_NOW.toISOString(),
        },
        change: { titleTh: 'สิทธิ์ใหม่' },
      },
      {
        path: '/coupons',
        schema: AdminCouponResponseSchema,
        body: {
          code: 'CONFLICT-1',
          titleTh: 'คูปองทดสอบ',
          discountType: 'fixed',
          discountValue: 10,
          startsAt: FIXTURE_NOW.toISOString(),
          endsAt: new Date(FIXTURE_NOW.getTime() + DAY).toISOString(),
        },
        change: { titleTh: 'คูปองใหม่' },
      },
      {
        path: '/banners',
        schema: AdminBannerResponseSchema,
        body: { position: 'TOP', titleTh: 'แบนเนอร์ทดสอบ', imageFile: 'buffet-festival-1.svg' },
        change: { titleTh: 'แบนเนอร์ใหม่' },
      },
    ];
    for (const c of cases) {
      const created = await call(marketing, 'POST', c.path, c.body);
      expect(created.statusCode, `${c.path}: ${created.body}`).toBe(200);
      const row = c.schema.parse(created.json()).data as { id: string; version: number };
      expect(row.version, c.path).toBe(1);
      const saved = await call(marketing, 'PUT', `${c.path}/${row.id}`, {
        ...c.body,
        ...c.change,
        version: 1,
      });
      expect(saved.statusCode, `${c.path}: ${saved.body}`).toBe(200);
      expect((c.schema.parse(saved.json()).data as { version: number }).version, c.path).toBe(2);
      const stale = await call(owner, 'PUT', `${c.path}/${row.id}`, { ...c.body, version: 1 });
      expect(conflictOf(stale).code, c.path).toBe('edit_conflict');
      const now = c.schema.parse((await call(owner, 'GET', `${c.path}/${row.id}`)).json()).data as Record<
        string,
        unknown
      >;
      expect(now, c.path).toMatchObject({ ...c.change, version: 2 });
    }
  });

  it('lets exactly one of many saves at the same version through; the rest get 409 and the row holds the winner', async () => {
    const created = await newVoucher();
    const n = 8;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call(i % 2 ? owner : marketing, 'PUT', `/vouchers/${created.id}`, {
          ...voucherBody({ titleTh: `ผู้บันทึกคนที่ ${i}`, version: 1 }),
          priceOptions: [{ id: created.priceOptions[0]?.id, labelTh: `ตัวเลือก ${i}`, price: 100 + i }],
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(n - 1);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(ErrorEnvelopeSchema.parse(r.json()).code).toBe('edit_conflict');
    const winner = results.findIndex((r) => r.statusCode === 200);
    const after = await voucherNow(created.id);
    expect(after).toMatchObject({ titleTh: `ผู้บันทึกคนที่ ${winner}`, version: 2, price: 100 + winner });
    expect(after.priceOptions.map((o) => o.labelTh)).toEqual([`ตัวเลือก ${winner}`]);
    const updates = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', created.id)
      .where('action', '=', 'catalogue.voucher.update')
      .execute();
    expect(updates).toHaveLength(1);

    // Publish, unpublish and archive racing at one version: one moves the row, the others are refused.
    const moves = await Promise.all(
      (['publish', 'archive', 'publish', 'unpublish', 'archive', 'publish'] as const).map((action) =>
        call(marketing, 'POST', `/vouchers/${created.id}/${action}`, { version: 2 }),
      ),
    );
    const moved = moves.filter((r) => r.statusCode === 200);
    expect(
      moves.map((r) => r.statusCode).every((s) => s === 200 || s === 409),
      moves.map((r) => r.body).join('\n'),
    ).toBe(true);
    // Unpublishing a draft changes nothing, so it may answer 200 at version 2 beside the one real move.
    const versions = moved.map((r) => AdminVoucherResponseSchema.parse(r.json()).data.version);
    expect(versions.filter((v) => v === 3)).toHaveLength(1);
    expect((await voucherNow(created.id)).version).toBe(3);
  });
});
