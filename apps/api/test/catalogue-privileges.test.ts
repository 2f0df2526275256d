import type { PrivilegeDetail, PrivilegeSummary, Tier } from '@app/contracts';
import { listPrivileges } from './helpers/catalogue-queries.ts';
import {
  LikeResponseSchema,
  PrivilegeDetailResponseSchema,
  PrivilegeListResponseSchema,
  PrivilegePageResponseSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestClock, signIn, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';

type Page<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number };
type Err = { success: false; code: string; message: string[] };

describe('GET/POST /bff/privileges…', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  const names = new Map<string, string>();
  const tokens: Partial<Record<Tier | 'other', string>> = {};

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    for (const [k, id] of Object.entries(f.p)) names.set(id, k);
    for (const tier of ['member', 'gold'] as const) {
      const login = await signIn(t);
      await t.db.updateTable('member').set({ tier }).where('id', '=', login.id).execute();
      tokens[tier] = login.accessToken;
    }
    tokens.other = (await signIn(t)).accessToken;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/bff/privileges${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return PrivilegePageResponseSchema.parse(res.json()).data as Page<PrivilegeSummary>;
  };
  const keys = (items: { id: string }[]) => items.map((i) => names.get(i.id));
  const as = (who: Tier | 'other') => bearer(tokens[who] ?? '');
  const like = (id: string, value: unknown, headers: Record<string, string> = as('member')) =>
    t.app.inject({ method: 'POST', url: `/bff/privileges/${id}/like`, headers, payload: { like: value } });

  it('lists on-valid-now first, then not yet valid, then sold out; each newest first, oldest, or by points cost; without the ended one', async () => {
    const page = await list('');
    expect(keys(page.items)).toEqual(['upsize', 'goldSpa', 'later', 'soldOut']);
    expect(page).toMatchObject({ total: 4, totalPages: 1, page: 1, limit: 20 });
    expect(keys((await list('?orderBy=createdAt&orderDir=ASC')).items)).toEqual([
      'goldSpa',
      'upsize',
      'later',
      'soldOut',
    ]);
    // 1500 is the one not valid yet, 800 the sold-out one.
    expect((await list('?orderBy=price&orderDir=ASC')).items.map((i) => i.pointsCost)).toEqual([
      200, 5000, 1500, 800,
    ]);
    expect((await list('?orderBy=price&orderDir=DESC')).items.map((i) => i.pointsCost)).toEqual([
      5000, 200, 1500, 800,
    ]);
  });

  it('minPrice/maxPrice bound the points cost; category, merchant, search, paging', async () => {
    expect(keys((await list('?minPrice=800&maxPrice=1500&orderBy=price&orderDir=ASC')).items)).toEqual([
      'later',
      'soldOut',
    ]);
    expect(keys((await list('?category=cafe')).items)).toEqual(['upsize', 'later']);
    expect(keys((await list(`?merchant=${f.m.spa}`)).items)).toEqual(['goldSpa']);
    expect(keys((await list(`?q=${encodeURIComponent('ไซซ์กาแ')}`)).items)).toEqual(['upsize']);
    expect(keys((await list('?q=ROASTERY')).items)).toEqual(['later']);
    expect(keys((await list('?q=kaew')).items)).toEqual(['goldSpa']);
    const last = await list('?limit=3&page=2');
    expect(last).toMatchObject({ total: 4, totalPages: 2 });
    expect(keys(last.items)).toEqual(['soldOut']);
    expect(await list('?limit=3&page=3')).toEqual({ items: [], page: 3, limit: 3, total: 4, totalPages: 2 });
    for (const q of ['?page=abc', '?orderDir=UP', '?minPrice=9&maxPrice=1', '?limit=101', '?x=1']) {
      expect((await get(`/bff/privileges${q}`)).statusCode, q).toBe(400);
    }
  });

  it('deep pages (ids first, then rows) equal one-pass pages', async () => {
    for (const order of [
      { orderBy: 'createdAt', orderDir: 'ASC' },
      { orderBy: 'price', orderDir: 'DESC' },
    ] as const)
      for (const offset of [0, 1, 3]) {
        const paging = { offset, limit: 2 };
        const one = await listPrivileges(t.db, {}, order, paging, FIXTURE_NOW, null, Infinity);
        const deferred = await listPrivileges(t.db, {}, order, paging, FIXTURE_NOW, null, 0);
        expect(deferred.map((r) => r.id)).toEqual(one.map((r) => r.id));
        expect(one.length).toBeGreaterThan(0);
      }
  });

  it('availability: sold out, not started, ended (detail only), tier_locked only with a token', async () => {
    const visitor = new Map((await list('')).items.map((i) => [names.get(i.id), i]));
    expect(visitor.get('soldOut')).toMatchObject({ unavailableReason: 'sold_out', remaining: 0 });
    expect(visitor.get('later')).toMatchObject({ unavailableReason: 'not_started' });
    expect(visitor.get('goldSpa')).toMatchObject({
      tier: 'gold',
      eligible: null,
      unavailableReason: null,
      liked: false,
    });
    const member = new Map((await list('', as('member'))).items.map((i) => [names.get(i.id), i]));
    expect(member.get('goldSpa')).toMatchObject({ eligible: false, unavailableReason: 'tier_locked' });
    expect(member.get('upsize')).toMatchObject({ eligible: true, unavailableReason: null });
    const gold = await get(`/bff/privileges/${f.p.goldSpa}`, as('gold'));
    expect(gold.json<{ data: PrivilegeDetail }>().data).toMatchObject({
      eligible: true,
      unavailableReason: null,
    });
    const expired = await get(`/bff/privileges/${f.p.expired}`);
    expect(expired.statusCode).toBe(200);
    expect(expired.json<{ data: PrivilegeDetail }>().data.unavailableReason).toBe('ended');
  });

  it('detail in Thai; unknown and malformed ids → 404 privilege_not_found', async () => {
    const res = await get(`/bff/privileges/${f.p.upsize}`, { 'accept-language': 'th' });
    const d = PrivilegeDetailResponseSchema.parse(res.json()).data;
    expect(d).toMatchObject({
      title: 'อัปไซซ์กาแฟฟรี',
      description: 'เกี่ยวกับ อัปไซซ์กาแฟฟรี',
      pointsCost: 200,
      usageLimit: 1,
      merchant: { name: 'บ้านกาแฟ' },
      terms: [],
    });
    expect(d.images[0]).toMatch(/^\/media\/catalogue\/privileges\/pv-bk-size-upgrade-1\.svg/);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await get(`/bff/privileges/${id}`, { 'accept-language': 'th' });
      expect(r.statusCode).toBe(404);
      expect(r.json<Err>()).toMatchObject({ code: 'privilege_not_found', message: ['ไม่พบสิทธิพิเศษ'] });
    }
    expect((await get('/bff/privileges/nope')).json<Err>().message).toEqual(['Privilege not found']);
  });

  it('like is idempotent per member: twice counts once; unlike twice too; other members count separately', async () => {
    const first = await like(f.p.upsize, true);
    expect(first.statusCode, first.body).toBe(200);
    expect(LikeResponseSchema.parse(first.json()).data).toEqual({
      id: f.p.upsize,
      liked: true,
      likeCount: 1,
    });
    expect((await like(f.p.upsize, true)).json()).toMatchObject({ data: { liked: true, likeCount: 1 } });
    expect((await like(f.p.upsize, true, as('other'))).json()).toMatchObject({
      data: { liked: true, likeCount: 2 },
    });
    expect((await like(f.p.upsize, false)).json()).toMatchObject({ data: { liked: false, likeCount: 1 } });
    expect((await like(f.p.upsize, false)).json()).toMatchObject({ data: { liked: false, likeCount: 1 } });
    expect((await like(f.p.upsize, false, as('other'))).json()).toMatchObject({
      data: { liked: false, likeCount: 0 },
    });
  });

  it('concurrent likes of one member still count once', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => like(f.p.soldOut, true, as('gold'))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const d = (await get(`/bff/privileges/${f.p.soldOut}`, as('gold'))).json<{ data: PrivilegeDetail }>()
      .data;
    expect(d).toMatchObject({ liked: true, likeCount: 1 });
    await like(f.p.soldOut, false, as('gold'));
  });

  it('liked shows on lists and detail for that member only; favorites list most recent first', async () => {
    await like(f.p.later, true);
    t.clock.advance(1000);
    await like(f.p.goldSpa, true);
    t.clock.advance(1000);
    await like(f.p.expired, true);
    const mine = new Map((await list('', as('member'))).items.map((i) => [names.get(i.id), i]));
    expect(mine.get('later')).toMatchObject({ liked: true, likeCount: 1 });
    expect(mine.get('upsize')).toMatchObject({ liked: false });
    const theirs = new Map((await list('', as('other'))).items.map((i) => [names.get(i.id), i]));
    expect(theirs.get('later')).toMatchObject({ liked: false, likeCount: 1 });
    expect((await list('')).items.every((i) => !i.liked)).toBe(true);

    const fav = await get('/bff/privileges/favorite', as('member'));
    expect(fav.statusCode, fav.body).toBe(200);
    const items = PrivilegeListResponseSchema.parse(fav.json()).data;
    expect(keys(items)).toEqual(['expired', 'goldSpa', 'later']);
    expect(items.every((i) => i.liked)).toBe(true);
    expect(items[0]?.unavailableReason).toBe('ended');

    await like(f.p.goldSpa, false);
    expect(
      keys((await get('/bff/privileges/favorite', as('member'))).json<{ data: PrivilegeSummary[] }>().data),
    ).toEqual(['expired', 'later']);
    expect((await get('/bff/privileges/favorite', as('other'))).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('favorite and like need a token; like answers 404 for unknown or malformed ids and 400 for a bad body', async () => {
    expect((await get('/bff/privileges/favorite')).statusCode).toBe(401);
    expect((await get('/bff/privileges/favorite', bearer('x.y.z'))).statusCode).toBe(401);
    expect((await get('/bff/privileges/favorite?page=1', as('member'))).statusCode).toBe(400);
    const anon = await like(f.p.upsize, true, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json<Err>().code).toBe('unauthorized');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'bad-id']) {
      const r = await like(id, true);
      expect(r.statusCode).toBe(404);
      expect(r.json<Err>().code).toBe('privilege_not_found');
    }
    expect((await like(f.p.upsize, 'yes')).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: `/bff/privileges/${f.p.upsize}/like`,
      headers: as('member'),
      payload: { like: true, likeCount: 99 },
    });
    expect(extra.statusCode).toBe(400);
    // GET on the like path: the path exists with POST only.
    expect((await get(`/bff/privileges/${f.p.upsize}/like`)).statusCode).toBe(405);
  });

  it('recommend: valid, in stock and allowed; most liked first; exclude puts the same category first', async () => {
    const rec = async (q = '', h: Record<string, string> = {}) => {
      const res = await get(`/bff/privileges/recommend${q}`, h);
      expect(res.statusCode, res.body).toBe(200);
      return keys(PrivilegeListResponseSchema.parse(res.json()).data);
    };
    // likes now: later 1 (not started, left out), expired 1 (ended, left out); upsize 0, goldSpa 0.
    await like(f.p.goldSpa, true, as('other'));
    expect(await rec()).toEqual(['goldSpa', 'upsize']);
    expect(await rec('', as('member'))).toEqual(['upsize']);
    expect(await rec(`?exclude=${f.p.goldSpa}`)).toEqual(['upsize']);
    expect(await rec('?limit=1')).toEqual(['goldSpa']);
    expect((await get('/bff/privileges/recommend?limit=abc')).statusCode).toBe(400);
  });
});
