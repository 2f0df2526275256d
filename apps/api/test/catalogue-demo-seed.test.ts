import { execFileSync } from 'node:child_process';
import type { PrivilegeSummary, VoucherSummary } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { demoCatalogue } from '../src/db/demo/catalogue-data.ts';
import { catalogueCounts, endOfBangkokDay, seedDemoCatalogue } from '../src/db/demo/seed.ts';
import { loadMediaLibrary, type MediaKind } from '../src/modules/catalogue/media.ts';
import { REPO_ROOT } from '../src/config.ts';
import { bearer, buildTestApp, createTestClock, signIn, type TestApp } from './helpers/build-test-app.ts';

type Page<T> = { data: { items: T[]; total: number } };

describe('demo catalogue', () => {
  let t: TestApp;
  const now = new Date('2026-03-10T10:00:00.000Z'); // 17:00 in Bangkok

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(now) });
  });
  afterAll(() => t.close());

  it('seeds an empty catalogue once: the second run (and a concurrent one) changes nothing', async () => {
    const [a, b] = await Promise.all([seedDemoCatalogue(t.db, now), seedDemoCatalogue(t.db, now)]);
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    const expected = {
      categories: demoCatalogue.categories.length,
      merchants: demoCatalogue.merchants.length,
      vouchers: demoCatalogue.vouchers.length,
      privileges: demoCatalogue.privileges.length,
      coupons: demoCatalogue.coupons.length,
      banners: demoCatalogue.banners.length,
    };
    expect(a.counts).toEqual(expected);
    expect(b.counts).toEqual(expected);
    const again = await seedDemoCatalogue(t.db, new Date(now.getTime() + 86_400_000));
    expect(again).toEqual({ seeded: false, counts: expected });
    expect(await catalogueCounts(t.db)).toEqual(expected);
    // The minimums.
    expect(expected.merchants).toBeGreaterThanOrEqual(8);
    expect(expected.categories).toBeGreaterThanOrEqual(6);
    expect(expected.vouchers).toBeGreaterThanOrEqual(60);
    expect(expected.privileges).toBeGreaterThanOrEqual(20);
    expect(expected.coupons).toBeGreaterThanOrEqual(10);
    expect(expected.banners).toBeGreaterThanOrEqual(6);
  });

  it('holds the mix the screens need: free, sold out, not on sale yet, ending today, tier-only, privilege-only, options', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bff/vouchers?limit=100' });
    const items = res.json<Page<VoucherSummary>>().data.items;
    expect(items.length).toBeGreaterThanOrEqual(60);
    const endOfToday = endOfBangkokDay(now).toISOString();
    expect(items.filter((v) => v.price === 0).length).toBeGreaterThan(0);
    expect(items.filter((v) => v.unavailableReason === 'sold_out').length).toBeGreaterThan(0);
    expect(items.filter((v) => v.unavailableReason === 'not_started').length).toBeGreaterThan(0);
    expect(items.filter((v) => v.saleEndsAt === endOfToday).length).toBeGreaterThan(0);
    expect(items.filter((v) => v.tier !== null && v.tier !== 'member').length).toBeGreaterThan(0);
    expect(items.filter((v) => v.privilegeOnly).length).toBeGreaterThan(0);
    expect(items.filter((v) => v.hasPriceOptions).length).toBeGreaterThan(0);
    // Thai search over the demo texts.
    const coffee = await t.app.inject({
      method: 'GET',
      url: `/bff/vouchers?q=${encodeURIComponent('กาแฟ')}`,
    });
    expect(coffee.json<Page<VoucherSummary>>().data.total).toBeGreaterThanOrEqual(3);
  });

  it("is shaped like a real programme's: most on sale now, a few not started, a few sold out — and the first screens show what can be had", async () => {
    const member = bearer((await signIn(t)).accessToken); // a new member: the base tier
    for (const kind of ['vouchers', 'privileges'] as const) {
      const list = async (query: string, headers: Record<string, string> = {}) =>
        (await t.app.inject({ method: 'GET', url: `/bff/${kind}${query}`, headers })).json<
          Page<VoucherSummary | PrivilegeSummary>
        >().data;
      const all = await list('?limit=100');
      const reasons = all.items.map((i) => i.unavailableReason);
      const count = (r: string | null) => reasons.filter((x) => x === r).length;
      expect(count(null), kind).toBeGreaterThanOrEqual(0.8 * all.total);
      expect(count('not_started'), kind).toBeGreaterThan(0);
      expect(count('not_started'), kind).toBeLessThanOrEqual(0.1 * all.total);
      expect(count('sold_out'), kind).toBeGreaterThan(0);
      expect(count('sold_out'), kind).toBeLessThanOrEqual(0.1 * all.total);
      // On sale first, then not started, then sold out.
      const blocks = reasons.filter((r, k) => k === 0 || r !== reasons[k - 1]);
      expect(blocks, kind).toEqual([null, 'not_started', 'sold_out']);
      // "All Vouchers" / the privileges tab as they open: the first page (20 cards, or every item on
      // sale when there are fewer) can be had now.
      const first = await list('?limit=20');
      expect(first.items.slice(0, Math.min(20, count(null))).every((i) => i.unavailableReason === null)).toBe(
        true,
      );
      // And the first screen — the home grid's six cards — for a new member too.
      const grid = await list('?limit=6', member);
      expect(grid.items.map((i) => [i.title, i.unavailableReason])).toEqual(
        grid.items.map((i) => [i.title, null]),
      );
    }
  });

  it('every picture the data names ships with the repository', async () => {
    const media = loadMediaLibrary();
    const missing: string[] = [];
    const check = async (
      kind: MediaKind,
      table: 'category' | 'merchant' | 'voucher_image' | 'privilege_image' | 'banner',
      column: string,
    ) => {
      const rows = (await t.db
        .selectFrom(table)
        .select(`${column} as file` as 'file')
        .execute()) as { file: string }[];
      for (const r of rows) if (!media.get(kind, r.file)) missing.push(`${kind}/${r.file}`);
      return rows.length;
    };
    expect(await check('categories', 'category', 'icon_file')).toBeGreaterThan(0);
    expect(await check('merchants', 'merchant', 'logo_file')).toBeGreaterThan(0);
    expect(await check('vouchers', 'voucher_image', 'file')).toBeGreaterThan(0);
    expect(await check('privileges', 'privilege_image', 'file')).toBeGreaterThan(0);
    expect(await check('banners', 'banner', 'image_file')).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('leaves a catalogue that already has data alone', async () => {
    const other = await buildTestApp();
    try {
      await other.db
        .insertInto('category')
        .values({ slug: 'own', name_en: 'Own', name_th: null, icon_file: 'x.svg', created_at: now })
        .execute();
      const r = await seedDemoCatalogue(other.db, now);
      expect(r.seeded).toBe(false);
      expect(r.counts).toMatchObject({ categories: 1, vouchers: 0 });
    } finally {
      await other.close();
    }
  });

  it('DEMO_DATA: on by default for the embedded database, off with DATABASE_URL unless asked', () => {
    const base = { DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(40) };
    const pgUrl = 'postgres://u@h:5432/db';
    expect(loadConfig(base).demoData).toBe(true);
    expect(loadConfig({ ...base, DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ ...base, DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl }).demoData).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(() => loadConfig({ ...base, DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it("the data's own check passes (references, counts, mix, Thai search words)", () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/demo/check.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(out).toContain('OK:');
  });
});
