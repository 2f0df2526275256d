import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Shop } from './helpers/shop.ts';

/*
 * A voucher with options costs its lowest option, kept by a database trigger. Options written at once
 * by several connections (two editors, an import) must still leave the true minimum: on PostgreSQL
 * each trigger used to see only its own change and the last commit won.
 */
describe("a voucher's price kept from its options", () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
  });
  afterAll(() => t.close());

  const priceOf = (id: string) =>
    t.db
      .selectFrom('voucher')
      .select(['price', 'has_price_options'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('is the lowest option when options are added and removed at once, every round', async () => {
    for (let round = 0; round < 10; round++) {
      const v = await shop.voucher({ price: 500 });
      await Promise.all(
        [240, 180, 300, 210].map((price, i) =>
          t.db
            .insertInto('voucher_price_option')
            .values({ voucher_id: v, label_en: `o${i}`, label_th: `o${i}`, price, position: i })
            .execute(),
        ),
      );
      expect(await priceOf(v), `round ${round}: added`).toEqual({ price: 180, has_price_options: true });

      await Promise.all(
        [180, 210].map((price) =>
          t.db
            .deleteFrom('voucher_price_option')
            .where('voucher_id', '=', v)
            .where('price', '=', price)
            .execute(),
        ),
      );
      expect(await priceOf(v), `round ${round}: removed`).toEqual({ price: 240, has_price_options: true });
    }
  });
});
