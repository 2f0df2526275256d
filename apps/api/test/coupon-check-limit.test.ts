import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Shop } from './helpers/shop.ts';

describe('guessing coupon codes is rate-limited per member', () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await buildTestApp({
      clock: createTestClock(FIXTURE_NOW),
      config: { couponCheckLimitPerMember: 3 },
    });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past COUPON_CHECK_LIMIT_PER_MEMBER tries, for that member only', async () => {
    const guesser = await shop.member();
    const other = await shop.member();
    const v = await shop.voucher();
    const check = (m: typeof guesser, code: string) =>
      shop.call(m, 'GET', `/bff/coupons/check?voucherId=${v}&couponCode=${code}`);
    for (let i = 0; i < 3; i++) expect((await check(guesser, `GUESS${i}`)).statusCode).toBe(200);
    const refused = await check(guesser, 'GUESS3');
    expect(shop.errorOf(refused, 429)).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A quote carrying a code is the same guess by another door.
    const quote = await shop.call(guesser, 'POST', '/bff/orders/quote', {
      voucherId: v,
      quantity: 1,
      couponCode: 'GUESS4',
    });
    expect(shop.errorOf(quote, 429)).toBe('rate_limited');
    // A quote without a code is not a guess; another member has tries of their own.
    const plain = await shop.call(guesser, 'POST', '/bff/orders/quote', { voucherId: v, quantity: 1 });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await check(other, 'GUESS0')).statusCode).toBe(200);
  });

  it('defaults to 60 tries per window and reads COUPON_CHECK_LIMIT_PER_MEMBER', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).couponCheckLimitPerMember).toBe(60);
    expect(
      loadConfig({ DATA_DIR: 'memory://', COUPON_CHECK_LIMIT_PER_MEMBER: '5' }).couponCheckLimitPerMember,
    ).toBe(5);
  });
});
