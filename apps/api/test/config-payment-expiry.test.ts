import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildTestApp, createTestClock } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf } from './helpers/shop.ts';

describe('PAYMENT_EXPIRY_MINUTES', () => {
  const env = { DATA_DIR: 'memory://' };

  it('defaults to 15 and reads whole minutes from 5 to 1440', () => {
    expect(loadConfig(env).paymentExpiryMinutes).toBe(15);
    expect(loadConfig({ ...env, PAYMENT_EXPIRY_MINUTES: '5' }).paymentExpiryMinutes).toBe(5);
    expect(loadConfig({ ...env, PAYMENT_EXPIRY_MINUTES: '1440' }).paymentExpiryMinutes).toBe(1440);
  });

  it('refuses to start on a value outside the range, naming the variable', () => {
    for (const bad of ['4', '1441', '0', '-5', '7.5', 'soon']) {
      expect(() => loadConfig({ ...env, PAYMENT_EXPIRY_MINUTES: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, PAYMENT_EXPIRY_MINUTES: bad }), bad).toThrow(
        /PAYMENT_EXPIRY_MINUTES/,
      );
    }
  });

  it("sets an order's payment deadline", async () => {
    const t = await buildTestApp({
      clock: createTestClock(FIXTURE_NOW),
      config: { paymentExpiryMinutes: 45 },
    });
    try {
      const shop = shopOf(t, await seedCatalogueFixture(t.db));
      const m = await shop.member();
      const v = await shop.voucher({ price: 120 });
      const order = shop.orderOf(await shop.buy(m, { voucherId: v }, randomUUID()));
      expect(order.status).toBe('PENDING');
      expect(new Date(order.expiresAt ?? 0).getTime() - t.clock.now().getTime()).toBe(45 * 60_000);
    } finally {
      await t.close();
    }
  });
});
