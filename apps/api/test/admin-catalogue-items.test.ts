import {
  AdminCategoryResponseSchema,
  AdminPrivilegeResponseSchema,
  AdminStoreResponseSchema,
  AdminVoucherPageResponseSchema,
  AdminVoucherResponseSchema,
  ErrorEnvelopeSchema,
  type PrivilegeBody,
  type VoucherBody,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

const DAY = 86_400_000;

/** Privileges, stores and categories in the editor; archive and list filters; limits of uploads. */
describe('back office catalogue: privileges, stores, categories', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let marketing: SignedInStaff;
  let member: Member;

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api/catalogue${url}`,
      headers: marketing.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const auditOf = (id: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
    marketing = await signInStaff(t, 'marketing');
    member = await shop.member();
  });
  afterAll(() => t.close());

  it('keeps a draft privilege away from members (detail, list, like, redeem) until it is published', async () => {
    const body: PrivilegeBody = {
      storeId: f.m.kafae,
      categoryId: f.cat.cafe,
      titleTh: 'สิทธิ์พิเศษทดลอง',
      pointsCost: 10,
      validFrom: new Date(FIXTURE_NOW.getTime() - DAY).toISOString(),
    };
    const res = await admin('POST', '/privileges', body);
    expect(res.statusCode, res.body).toBe(200);
    const p = AdminPrivilegeResponseSchema.parse(res.json()).data;
    expect(p.status).toBe('draft');
    const call = (method: 'GET' | 'POST', url: string) =>
      shop.call(member, method, url, method === 'POST' ? {} : undefined);
    expect((await call('GET', `/bff/privileges/${p.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/bff/privileges?limit=50')).body).not.toContain(p.id);
    expect((await shop.call(member, 'POST', `/bff/privileges/${p.id}/like`, { like: true })).statusCode).toBe(
      404,
    );
    const redeem = await shop.call(
      member,
      'POST',
      `/bff/privileges/${p.id}/redeem`,
      {},
      {
        'idempotency-key': `k-${p.id}`,
      },
    );
    expect(ErrorEnvelopeSchema.parse(redeem.json()).code).toBe('privilege_not_found');

    expect((await admin('POST', `/privileges/${p.id}/publish`)).statusCode).toBe(200);
    expect((await call('GET', `/bff/privileges/${p.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/bff/privileges?limit=50')).body).toContain(p.id);
    // Liked, then taken back: gone from the member's favourites too.
    expect((await shop.call(member, 'POST', `/bff/privileges/${p.id}/like`, { like: true })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/bff/privileges/favorite')).body).toContain(p.id);
    expect((await admin('POST', `/privileges/${p.id}/unpublish`)).statusCode).toBe(200);
    expect((await call('GET', '/bff/privileges/favorite')).body).not.toContain(p.id);
    expect((await admin('POST', `/privileges/${p.id}/publish`)).statusCode).toBe(200);
    // Publishing twice changes nothing and writes no second row.
    expect((await admin('POST', `/privileges/${p.id}/publish`)).statusCode).toBe(200);
    expect((await auditOf(p.id)).map((a) => a.action)).toEqual([
      'catalogue.privilege.create',
      'catalogue.privilege.publish',
      'catalogue.privilege.unpublish',
      'catalogue.privilege.publish',
    ]);
  });

  it('creates, edits and removes categories and stores; refuses a taken slug and removing what is in use', async () => {
    const cat = await admin('POST', '/categories', {
      slug: 'new-things',
      nameTh: 'ของใหม่',
      iconFile: 'cafe-1.svg',
    });
    expect(cat.statusCode, cat.body).toBe(200);
    const category = AdminCategoryResponseSchema.parse(cat.json()).data;
    const taken = await admin('POST', '/categories', { slug: 'cafe', nameTh: 'ซ้ำ', iconFile: 'cafe-1.svg' });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('slug');
    const badSlug = await admin('POST', '/categories', {
      slug: 'Bad Slug',
      nameTh: 'x',
      iconFile: 'cafe-1.svg',
    });
    expect(badSlug.statusCode).toBe(400);

    const st = await admin('POST', '/stores', {
      categoryId: category.id,
      nameTh: 'ร้านใหม่',
      logoFile: 'baan-kafae-1.svg',
    });
    expect(st.statusCode, st.body).toBe(200);
    const store = AdminStoreResponseSchema.parse(st.json()).data;
    const renamed = await admin('PUT', `/stores/${store.id}`, {
      categoryId: category.id,
      nameTh: 'ร้านใหม่กว่า',
      nameEn: 'Newer shop',
      logoFile: 'baan-kafae-1.svg',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(AdminStoreResponseSchema.parse(renamed.json()).data.nameEn).toBe('Newer shop');
    // Members see the new name at once.
    expect((await shop.call(member, 'GET', `/bff/merchants/${store.id}`)).body).toContain('Newer shop');

    const inUse = await admin('DELETE', `/categories/${category.id}`);
    expect(inUse.statusCode).toBe(400);
    expect((await admin('DELETE', `/stores/${store.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/categories/${category.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/stores/${store.id}`)).statusCode).toBe(404);
    expect((await auditOf(store.id)).map((a) => a.action)).toEqual([
      'catalogue.merchant.create',
      'catalogue.merchant.update',
      'catalogue.merchant.delete',
    ]);
  });

  it('refuses removing a category a store joins after the in-use check (400, not a 5xx), removing nothing', async () => {
    const cat = await admin('POST', '/categories', {
      slug: 'late-joiner',
      nameTh: 'มาทีหลัง',
      iconFile: 'cafe-1.svg',
    });
    expect(cat.statusCode, cat.body).toBe(200);
    const category = AdminCategoryResponseSchema.parse(cat.json()).data;
    // A store inserted between the check and the delete (another request committing then): a trigger
    // adds it as the delete starts, so the foreign key refuses the delete.
    await sql`create function late_store() returns trigger language plpgsql as $$
      begin
        insert into merchant (category_id, name_th, logo_file, created_at)
          values (old.id, 'ร้านมาทีหลัง', 'baan-kafae-1.svg', now());
        return old;
      end $$`.execute(t.db);
    await sql`create trigger late_store before delete on category for each row execute function late_store()`.execute(
      t.db,
    );
    try {
      const res = await admin('DELETE', `/categories/${category.id}`);
      expect(res.statusCode, res.body).toBe(400);
    } finally {
      await sql`drop trigger late_store on category`.execute(t.db);
      await sql`drop function late_store()`.execute(t.db);
    }
    expect((await admin('GET', `/categories/${category.id}`)).statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', 'like', '%.delete')
        .where('entity_id', '=', category.id)
        .execute(),
    ).toHaveLength(0);
  });

  it('gives rows written outside the back office (seeds, fixtures) their first publication time', async () => {
    for (const table of ['voucher', 'privilege', 'coupon', 'banner'] as const) {
      const rows = await t.db.selectFrom(table).select(['status', 'published_at', 'created_at']).execute();
      for (const r of rows.filter((x) => x.status === 'published'))
        expect(r.published_at?.getTime(), table).toBe(r.created_at.getTime());
    }
    const [fixture] = await t.db
      .selectFrom('voucher')
      .select('id')
      .where('status', '=', 'published')
      .execute();
    const res = await admin('GET', `/vouchers/${fixture?.id}`);
    expect(AdminVoucherResponseSchema.parse(res.json()).data.publishedAt).not.toBeNull();
  });

  it('keeps the status on save, hides archived items from the default list, and filters by status', async () => {
    const body: VoucherBody = {
      storeId: f.m.kafae,
      categoryId: f.cat.cafe,
      titleTh: 'บัตรเก็บถาวร',
      price: 10,
      saleStartsAt: FIXTURE_NOW.toISOString(),
      validDays: 5,
    };
    const v = AdminVoucherResponseSchema.parse((await admin('POST', '/vouchers', body)).json()).data;
    await admin('POST', `/vouchers/${v.id}/publish`);
    const saved = AdminVoucherResponseSchema.parse(
      (await admin('PUT', `/vouchers/${v.id}`, { ...body, titleTh: 'บัตรเก็บถาวร ๒' })).json(),
    ).data;
    expect(saved).toMatchObject({ status: 'published', titleTh: 'บัตรเก็บถาวร ๒' });
    expect((await admin('POST', `/vouchers/${v.id}/archive`)).statusCode).toBe(200);
    const ids = async (query: string) =>
      AdminVoucherPageResponseSchema.parse((await admin('GET', `/vouchers?${query}`)).json()).data.items.map(
        (x) => x.id,
      );
    expect(await ids('q=บัตรเก็บถาวร')).not.toContain(v.id);
    expect(await ids('q=บัตรเก็บถาวร&status=archived')).toEqual([v.id]);
    expect((await shop.call(member, 'GET', `/bff/vouchers/${v.id}`)).statusCode).toBe(404);
  });

  it('refuses an upload over 5 MB (413) and a request that is not multipart (415)', async () => {
    const boundary = '----big';
    const big = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/catalogue/images',
      headers: { ...marketing.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: big,
    });
    expect(res.statusCode, res.body).toBe(413);
    const json = await admin('POST', '/images', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});
