import { VoucherDetailResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { CATALOGUE_POLL_MS } from '../src/modules/catalogue/freshness.ts';
import {
  bearer,
  buildTestApp,
  createTestClock,
  signIn,
  testConfig,
  type TestApp,
} from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { sleep, waitFor } from './helpers/test-database.ts';

/** Another process's change must show within the poll interval; the margin covers a poll in flight. */
const BOUND_MS = CATALOGUE_POLL_MS + 500;

describe('catalogue answers: kept in memory, validators, never stale', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let memberA: string;
  let memberB: string;
  let gold: string;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    memberA = (await signIn(t)).accessToken;
    memberB = (await signIn(t)).accessToken;
    const g = await signIn(t);
    await t.db.updateTable('member').set({ tier: 'gold' }).where('id', '=', g.id).execute();
    gold = g.accessToken;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const voucherId = () => Object.values(f.v)[0] as string;
  const titleOf = async (id: string) => {
    const res = await get(`/bff/vouchers/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return VoucherDetailResponseSchema.parse(res.json()).data;
  };

  it('the same answer again → 304 with an empty body; another language or tier → another validator', async () => {
    const first = await get('/bff/vouchers');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(String(first.headers.vary)).toMatch(/Accept-Language/);
    expect(String(first.headers.vary)).toMatch(/Authorization/);

    const again = await get('/bff/vouchers', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/bff/vouchers', { 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/bff/vouchers', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const thai = await get('/bff/vouchers', { 'accept-language': 'th', 'if-none-match': etag });
    expect(thai.statusCode).toBe(200);
    expect(thai.headers.etag).not.toBe(etag);

    const member = await get('/bff/vouchers', { ...bearer(gold), 'if-none-match': etag });
    expect(member.statusCode).toBe(200);
    expect(member.headers.etag).not.toBe(etag);
    expect(member.headers['cache-control']).toBe('private, no-cache');
    // The member's answer really is theirs: eligibility is judged for a gold member.
    expect(member.json<{ data: { items: { eligible: boolean | null }[] } }>().data.items[0]?.eligible).toBe(
      true,
    );
    expect(first.json<{ data: { items: { eligible: boolean | null }[] } }>().data.items[0]?.eligible).toBe(
      null,
    );

    const categories = await get('/bff/categories');
    expect(categories.headers['cache-control']).toBe('public, no-cache');
    expect(String(categories.headers.vary)).toMatch(/Accept-Language/);
    expect(
      (await get('/bff/categories', { 'if-none-match': String(categories.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it("a like shows at once for that member only, and is never another member's answer", async () => {
    const liked = (res: { json: <T>() => T }) =>
      res
        .json<{ data: { items: { id: string; liked: boolean }[] } }>()
        .data.items.filter((i) => i.liked)
        .map((i) => i.id);
    const before = await get('/bff/privileges', bearer(memberA));
    expect(liked(before)).toEqual([]);
    const like = await t.app.inject({
      method: 'POST',
      url: `/bff/privileges/${f.p.upsize}/like`,
      headers: bearer(memberA),
      payload: { like: true },
    });
    expect(like.statusCode, like.body).toBe(200);

    const a = await get('/bff/privileges', bearer(memberA));
    expect(liked(a)).toEqual([f.p.upsize]);
    expect(a.headers['cache-control']).toBe('private, no-cache');
    const detail = await get(`/bff/privileges/${f.p.upsize}`, bearer(memberA));
    expect(detail.json<{ data: { liked: boolean; likeCount: number } }>().data).toMatchObject({
      liked: true,
      likeCount: 1,
    });

    const b = await get('/bff/privileges', { ...bearer(memberB), 'if-none-match': String(a.headers.etag) });
    expect(b.statusCode).toBe(200);
    expect(liked(b)).toEqual([]);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect(liked(await get('/bff/privileges'))).toEqual([]);

    await t.app.inject({
      method: 'POST',
      url: `/bff/privileges/${f.p.upsize}/like`,
      headers: bearer(memberA),
      payload: { like: false },
    });
    const after = await get('/bff/privileges', {
      ...bearer(memberA),
      'if-none-match': String(a.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(liked(after)).toEqual([]);
  });

  it('a change made with SQL shows without waiting on the embedded database, within the poll on PostgreSQL', async () => {
    const id = voucherId();
    const before = await get(`/bff/vouchers/${id}`);
    const cached = await get(`/bff/vouchers/${id}`, { 'if-none-match': String(before.headers.etag) });
    expect(cached.statusCode).toBe(304);

    await t.db
      .updateTable('voucher')
      .set({ title_en: 'Renamed by an operator' })
      .where('id', '=', id)
      .execute();
    const seen = async () => (await titleOf(id)).title === 'Renamed by an operator';
    if (t.kind === 'pglite') expect(await seen()).toBe(true);
    else await waitFor(seen, BOUND_MS, 'the new title');
    const changed = await get(`/bff/vouchers/${id}`, { 'if-none-match': String(before.headers.etag) });
    expect(changed.statusCode).toBe(200);

    // Sold out by a purchase's kind of write: stock reached.
    await t.db.updateTable('voucher').set({ stock: 5, sold: 5 }).where('id', '=', id).execute();
    const soldOut = async () => (await titleOf(id)).unavailableReason === 'sold_out';
    if (t.kind === 'pglite') expect(await soldOut()).toBe(true);
    else await waitFor(soldOut, BOUND_MS, 'sold out');
  });

  it('a member whose tier changes is judged by the new tier', async () => {
    const m = await signIn(t);
    const eligibleOf = async () =>
      (await get(`/bff/privileges/${f.p.goldSpa}`, bearer(m.accessToken))).json<{
        data: { eligible: boolean };
      }>().data.eligible;
    expect(await eligibleOf()).toBe(false);
    await t.db.updateTable('member').set({ tier: 'platinum' }).where('id', '=', m.id).execute();
    if (t.kind === 'pglite') expect(await eligibleOf()).toBe(true);
    else await waitFor(async () => (await eligibleOf()) === true, BOUND_MS, 'the new tier');
  });

  it('the clock alone moves answers: an item that starts is on sale once its start passes', async () => {
    const reason = async () =>
      (await get('/bff/privileges'))
        .json<{ data: { items: { id: string; unavailableReason: string | null }[] } }>()
        .data.items.find((i) => i.id === f.p.later)?.unavailableReason;
    expect(await reason()).toBe('not_started');
    t.clock.advance(4 * 86_400_000);
    expect(await reason()).toBe(null);
    t.clock.set(FIXTURE_NOW);
    expect(await reason()).toBe('not_started');
  });

  it('hostile query strings and validators answer 4xx or an answer, never 5xx', async () => {
    const urls = [
      `/bff/vouchers?q=${encodeURIComponent('%_\\\'";--')}`,
      `/bff/vouchers?q=${'ก่'.repeat(60)}`,
      '/bff/vouchers?page=-1',
      '/bff/vouchers?limit=abc',
      '/bff/vouchers?page=99999999999999999999',
      '/bff/vouchers?orderBy=__proto__',
      '/bff/vouchers?merchant=not-a-uuid',
      '/bff/vouchers/%2e%2e%2f%2e%2e',
      '/bff/vouchers/recommend?exclude=' + encodeURIComponent("x',y"),
      '/bff/privileges?constructor=1',
      '/bff/banners/LEFT',
      '/bff/merchants/00000000-0000-0000-0000-000000000000',
    ];
    for (const url of urls) {
      const res = await get(url, { 'if-none-match': '"' + 'x'.repeat(5000) + '", *garbage*' });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app processes on one PostgreSQL database', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherDb: ReturnType<typeof openDatabase>;
  let f: CatalogueFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    f = await seedCatalogueFixture(t.db, new Date());
    // A second app with its own pool on the same schema: what a second process would be.
    otherDb = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://', poolSize: 2 });
    other = await buildApp(testConfig({ databaseUrl: t.config.databaseUrl }), { db: otherDb });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDb.destroy();
    await t.close();
  });

  it(`sees the first one's change within ${BOUND_MS} ms, and not stale after`, async () => {
    const id = Object.values(f.v)[0] as string;
    const title = async () =>
      VoucherDetailResponseSchema.parse(
        (await other.inject({ method: 'GET', url: `/bff/vouchers/${id}` })).json(),
      ).data.title;
    const original = await title();
    expect(await title()).toBe(original);

    const started = Date.now();
    await t.db
      .updateTable('voucher')
      .set({ title_en: 'Changed in process one' })
      .where('id', '=', id)
      .execute();
    await waitFor(async () => (await title()) === 'Changed in process one', BOUND_MS, 'the change');
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    await sleep(CATALOGUE_POLL_MS);
    expect(await title()).toBe('Changed in process one');
  });

  it("a like in one process shows on the other's cached answers within the bound", async () => {
    const m = await signIn(t);
    const count = async () =>
      (await other.inject({ method: 'GET', url: `/bff/privileges/${f.p.upsize}` })).json<{
        data: { likeCount: number };
      }>().data.likeCount;
    const before = await count();
    const like = await t.app.inject({
      method: 'POST',
      url: `/bff/privileges/${f.p.upsize}/like`,
      headers: bearer(m.accessToken),
      payload: { like: true },
    });
    expect(like.statusCode).toBe(200);
    await waitFor(async () => (await count()) === before + 1, BOUND_MS, 'the like count');
  });
});
