import { randomUUID } from 'node:crypto';
import {
  PrivilegePageResponseSchema,
  VoucherPageResponseSchema,
  type PrivilegeSummary,
  type VoucherSummary,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countItems,
  listItems,
  searchItems,
  type ItemCounts,
  type ItemRow,
  type ItemTable,
  type ListFilter,
  type ListOrder,
} from '../src/modules/catalogue/items.repository.ts';
import { PRIVILEGE_TABLE } from '../src/modules/catalogue/privileges.repository.ts';
import { VOUCHER_TABLE } from '../src/modules/catalogue/vouchers.repository.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';

/*
 * Lists put what can be had now first: on sale now, then not started yet, then sold out, each group
 * in the chosen sort. A catalogue of 37 vouchers and 37 privileges whose groups interleave in every
 * sort (prices and creation times repeat, so the tie-breakers count too) is read in every order,
 * filtered, searched and paged in page sizes that cut across the group boundaries.
 */

const NOW = new Date('2026-06-15T05:00:00.000Z'); // 12:00 in Bangkok
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const N = 37;

type Group = 'onSale' | 'upcoming' | 'soldOut' | 'ended';

/** The i-th item's place: ended ones are not listed; not started wins over sold out (as judge() says). */
const groupOf = (i: number): Group => {
  if (i % 13 === 5) return 'ended';
  if (i % 5 === 1) return 'upcoming';
  if (i % 5 === 3) return 'soldOut';
  return 'onSale';
};
const PRICES = [0, 100, 100, 250, 990, 45, 100, 1990, 250];
const priceOf = (i: number) => PRICES[i % PRICES.length] ?? 0;
/** Items 2 and 20 (both on sale, both 100) share a creation time: the id breaks that tie. */
const createdOf = (i: number) => new Date(NOW.getTime() - (i === 20 ? 2 : i) * HOUR);
/** Item 6 is not started yet and has no stock: it is "not started" (upcoming), not "sold out". */
const windowOf = (i: number) => {
  const g = groupOf(i);
  return {
    // Item 0 starts this very instant: on sale.
    starts:
      g === 'upcoming'
        ? new Date(NOW.getTime() + ((i % 4) + 1) * DAY)
        : i === 0
          ? NOW
          : new Date(NOW.getTime() - 30 * DAY),
    ends:
      g === 'ended' ? new Date(NOW.getTime() - DAY) : i % 4 === 0 ? null : new Date(NOW.getTime() + 60 * DAY),
    stock: g === 'soldOut' ? 4 : i === 6 ? 0 : i % 3 === 0 ? 4 : null,
    // Limited ones that are not sold out have one left.
    taken: g === 'soldOut' ? 4 : i % 3 === 0 && g === 'onSale' ? 3 : 0,
  };
};

const RANK: Record<string, number> = { null: 0, not_started: 1, sold_out: 2 };
type Card = { id: string; createdAt: string; unavailableReason: string | null; price: number };

/** The expected order of `items`: availability group, then the sort, then creation time and id, in its direction. */
const expectedOrder = (items: Card[], order: ListOrder) => {
  const dir = order.orderDir === 'ASC' ? 1 : -1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -dir : a > b ? dir : 0);
  return [...items].sort(
    (a, b) =>
      (RANK[String(a.unavailableReason)] ?? 9) - (RANK[String(b.unavailableReason)] ?? 9) ||
      (order.orderBy === 'price' ? cmp(a.price, b.price) : 0) ||
      cmp(a.createdAt, b.createdAt) ||
      cmp(a.id, b.id),
  );
};

const ORDERS: ListOrder[] = [
  { orderBy: 'createdAt', orderDir: 'DESC' },
  { orderBy: 'createdAt', orderDir: 'ASC' },
  { orderBy: 'price', orderDir: 'ASC' },
  { orderBy: 'price', orderDir: 'DESC' },
];

describe('lists: on sale now first, then not started, then sold out', () => {
  let t: TestApp;
  const clock = createTestClock(NOW);
  const ids = { cat: [randomUUID(), randomUUID()], merchant: [randomUUID(), randomUUID()] };
  const listed = Array.from({ length: N }, (_, i) => i).filter((i) => groupOf(i) !== 'ended');

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await t.db
      .insertInto('category')
      .values(
        ids.cat.map((id, k) => ({
          id,
          slug: `cat-${k}`,
          name_en: `Category ${k}`,
          name_th: null,
          icon_file: 'cafe-1.svg',
          sort_order: k,
          created_at: NOW,
        })),
      )
      .execute();
    await t.db
      .insertInto('merchant')
      .values(
        ids.merchant.map((id, k) => ({
          id,
          category_id: ids.cat[k] ?? '',
          name_en: `Store ${k}`,
          name_th: null,
          description_en: 'A store.',
          description_th: null,
          logo_file: 'baan-kafae-1.svg',
          created_at: NOW,
        })),
      )
      .execute();
    const common = (i: number) => ({
      merchant_id: ids.merchant[i % 2] ?? '',
      category_id: ids.cat[(i >> 1) % 2] ?? '',
      title_en: `${i % 2 === 0 ? 'Coffee' : 'Noodle'} item ${i}`,
      title_th: null,
      description_en: 'About it.',
      description_th: null,
      tier: null,
      stock: windowOf(i).stock,
      usage_limit: 1,
      created_at: createdOf(i),
      updated_at: createdOf(i),
    });
    await t.db
      .insertInto('voucher')
      .values(
        Array.from({ length: N }, (_, i) => ({
          ...common(i),
          price: priceOf(i),
          sold: windowOf(i).taken,
          sale_starts_at: windowOf(i).starts,
          sale_ends_at: windowOf(i).ends,
          valid_days: 30,
        })),
      )
      .execute();
    await t.db
      .insertInto('privilege')
      .values(
        Array.from({ length: N }, (_, i) => ({
          ...common(i),
          points_cost: priceOf(i),
          redeemed: windowOf(i).taken,
          valid_from: windowOf(i).starts,
          valid_until: windowOf(i).ends,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const KINDS: {
    name: 'vouchers' | 'privileges';
    table: ItemTable<ItemRow>;
    parse: (body: unknown) => { total: number; items: Card[] };
  }[] = [
    {
      name: 'vouchers',
      table: VOUCHER_TABLE,
      parse: (body: unknown) => {
        const d = VoucherPageResponseSchema.parse(body).data;
        return { ...d, items: d.items.map((v: VoucherSummary) => ({ ...v, price: v.price })) };
      },
    },
    {
      name: 'privileges',
      table: PRIVILEGE_TABLE,
      parse: (body: unknown) => {
        const d = PrivilegePageResponseSchema.parse(body).data;
        return { ...d, items: d.items.map((p: PrivilegeSummary) => ({ ...p, price: p.pointsCost })) };
      },
    },
  ];

  const FILTERS: { query: string; filter: ListFilter; matches: (i: number) => boolean }[] = [
    { query: '', filter: {}, matches: () => true },
    { query: '&category=cat-1', filter: { categorySlug: 'cat-1' }, matches: (i) => (i >> 1) % 2 === 1 },
    {
      query: '&minPrice=100&maxPrice=990',
      filter: { minPrice: 100, maxPrice: 990 },
      matches: (i) => priceOf(i) >= 100 && priceOf(i) <= 990,
    },
    { query: '&q=coffee', filter: { q: 'coffee' }, matches: (i) => i % 2 === 0 },
  ];

  for (const kind of KINDS) {
    const page = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/bff/${kind.name}?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return kind.parse(res.json());
    };

    it(`${kind.name}: every sort and filter, on sale first, then not started, then sold out; totals count every listed item`, async () => {
      for (const f of FILTERS)
        for (const order of ORDERS) {
          const all = await page(`limit=100&orderBy=${order.orderBy}&orderDir=${order.orderDir}${f.query}`);
          const what = `${f.query} ${order.orderBy} ${order.orderDir}`;
          expect(all.total, what).toBe(listed.filter(f.matches).length);
          expect(
            all.items.map((x) => x.id),
            what,
          ).toEqual(expectedOrder(all.items, order).map((x) => x.id));
          // The three groups are all there, in one block each.
          const reasons = all.items.map((x) => x.unavailableReason);
          const blocks = reasons.filter((r, k) => k === 0 || r !== reasons[k - 1]);
          expect(blocks, what).toEqual([null, 'not_started', 'sold_out'].filter((r) => reasons.includes(r)));
          if (f.query === '') expect(blocks).toHaveLength(3);
        }
    });

    it(`${kind.name}: pages of 1, 3 and 7 in every sort put together are the whole list — no gap, no repeat`, async () => {
      for (const f of [FILTERS[0], FILTERS[2]])
        for (const order of ORDERS) {
          const sort = `orderBy=${order.orderBy}&orderDir=${order.orderDir}${f?.query ?? ''}`;
          const all = (await page(`limit=100&${sort}`)).items.map((x) => x.id);
          for (const limit of [1, 3, 7]) {
            const seen: string[] = [];
            for (let p = 1; p <= Math.ceil(all.length / limit); p++) {
              const one = await page(`limit=${limit}&page=${p}&${sort}`);
              expect(one.total).toBe(all.length);
              seen.push(...one.items.map((x) => x.id));
            }
            expect(seen, `${sort} limit ${limit}`).toEqual(all);
          }
        }
    });

    it(`${kind.name}: the repository's paths agree — one pass, ids first, stale or missing counts, the one-pass search`, async () => {
      for (const f of FILTERS)
        for (const order of ORDERS) {
          const q = (offset: number, limit: number, counts?: ItemCounts) => ({
            filter: f.filter,
            order,
            page: { offset, limit },
            now: NOW,
            memberId: null,
            counts,
          });
          const counts = await countItems(t.db, kind.table, f.filter, NOW);
          expect(counts.onSale + counts.upcoming + counts.soldOut).toBe(counts.total);
          const whole = (await listItems(t.db, kind.table, q(0, 100))).map((r) => r.id);
          expect(whole).toHaveLength(counts.total);
          // Counts that are wrong both ways (a cache up to 30 s old) change nothing; nor does reading
          // the ids first (deferred join).
          const stale: ItemCounts[] = [
            { total: counts.total, onSale: 0, upcoming: 0, soldOut: 0 },
            { total: counts.total, onSale: 999, upcoming: 999, soldOut: 999 },
            { ...counts, onSale: counts.onSale + 2, upcoming: Math.max(0, counts.upcoming - 2) },
          ];
          const variants: [ItemCounts | undefined, number][] = [
            [undefined, Infinity],
            [undefined, 0],
            [counts, Infinity],
            [counts, 0],
            ...stale.map((c, k): [ItemCounts, number] => [c, k % 2 ? Infinity : 0]),
          ];
          // Windows of 4 every 3 rows: each group boundary falls inside some page.
          for (let offset = 0; offset <= counts.total; offset += 3) {
            const want = whole.slice(offset, offset + 4);
            const what = `${JSON.stringify(f.filter)} ${order.orderBy} ${order.orderDir} offset ${offset}`;
            for (const [hint, deferFrom] of variants) {
              const got = await listItems(t.db, kind.table, q(offset, 4, hint), deferFrom);
              expect(
                got.map((r) => r.id),
                `${what} defer ${deferFrom} ${JSON.stringify(hint)}`,
              ).toEqual(want);
            }
            if (f.filter.q !== undefined) {
              const onePass = await searchItems(t.db, kind.table, q(offset, 4), 100);
              expect(onePass?.total).toBe(counts.total);
              expect(
                onePass?.rows.map((r) => r.id),
                what,
              ).toEqual(want);
            }
          }
        }
    }, 120_000); // every filter × order × page against the database: over 30 s on CI's busy 2-core machine
  }

  it('"now" is the clock: an item that starts moves up to the on-sale group; one that sells out moves down', async () => {
    const firstIds = async () =>
      VoucherPageResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/bff/vouchers?limit=100' })).json(),
      ).data.items;
    const before = await firstIds();
    const upcoming = before.filter((v) => v.unavailableReason === 'not_started');
    const soon = upcoming.find((v) => new Date(v.saleStartsAt).getTime() === NOW.getTime() + DAY);
    expect(soon).toBeDefined();
    const sell = (id: string, n: number) =>
      t.db
        .updateTable('voucher')
        .set((eb) => ({ sold: eb('sold', '+', n) }))
        .where('id', '=', id)
        .execute();
    clock.set(new Date(NOW.getTime() + DAY));
    const after = await firstIds();
    // Selling the last one: the generated sold_out column follows `sold`.
    const last = after.find((v) => v.unavailableReason === null && v.remaining === 1);
    try {
      const onSale = after.filter((v) => v.unavailableReason === null).map((v) => v.id);
      expect(onSale).toContain(soon?.id);
      expect(after.findIndex((v) => v.id === soon?.id)).toBeLessThan(
        after.findIndex((v) => v.unavailableReason === 'not_started'),
      );
      expect(last).toBeDefined();
      await sell(last?.id ?? '', 1);
      const sold = await firstIds();
      expect(sold.at(-1)?.unavailableReason).toBe('sold_out');
      expect(sold.filter((v) => v.unavailableReason === 'sold_out').map((v) => v.id)).toContain(last?.id);
      expect(sold.map((v) => v.id).sort()).toEqual(after.map((v) => v.id).sort());
    } finally {
      clock.set(NOW);
      if (last) await sell(last.id, -1);
    }
  });
});
