import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../shared/i18n/i18n.ts';
import { aLine, ID } from '../test-data.ts';
import { couponProblemText } from './coupon-text.ts';
import { formatCountdown, secondsLeft } from '../../../shared/countdown.ts';
import { checkoutPhoneOf, orderRequestOf, quoteBodyOf, selectionMatchesOrder } from './purchase.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('checkout purchase helpers', () => {
  it('writes the profile phone (+66, 9 digits) as the 10-digit checkout phone', () => {
    expect(checkoutPhoneOf('+66', '812345678')).toBe('0812345678');
    expect(checkoutPhoneOf('+66', '0812345678')).toBe('0812345678');
    expect(checkoutPhoneOf('+1', '4155550100')).toBe('4155550100');
    expect(checkoutPhoneOf(null, null)).toBe('');
  });

  it('makes version 4 UUIDs, also where crypto.randomUUID is missing (plain http on a LAN)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a as never) as T,
    });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(UUID_V4);
  });

  it('builds the quote and order bodies for cart lines and for Buy Now', () => {
    const cart = {
      type: 'multiple' as const,
      items: [{ cartItemId: ID(1), voucherId: ID(11), priceOptionId: null, quantity: 2 }],
    };
    expect(quoteBodyOf(cart, 'SAVE50')).toEqual({ cartItemIds: [ID(1)], couponCode: 'SAVE50' });
    expect(
      orderRequestOf(cart, null, { phone: '0812345678', email: ' Malee@Example.com ', channelCode: 'card' }),
    ).toEqual({
      kind: 'cart',
      body: { cartItemIds: [ID(1)], phone: '0812345678', email: 'malee@example.com', channelCode: 'card' },
    });
    const single = {
      type: 'single' as const,
      items: [{ voucherId: ID(11), priceOptionId: ID(21), quantity: 3 }],
    };
    expect(
      orderRequestOf(single, 'SAVE50', { phone: '0812345678', email: 'a@b.co', channelCode: null }),
    ).toEqual({
      kind: 'single',
      body: {
        voucherId: ID(11),
        priceOptionId: ID(21),
        quantity: 3,
        phone: '0812345678',
        email: 'a@b.co',
        couponCode: 'SAVE50',
      },
    });
  });

  it('knows whether an order bought the current selection', () => {
    const order = {
      checkoutType: 'multiple' as const,
      items: [aLine({ cartItemId: ID(1) }), aLine({ cartItemId: ID(2) })],
    };
    const sel = (ids: string[]) => ({
      type: 'multiple' as const,
      items: ids.map((cartItemId) => ({ cartItemId, voucherId: ID(11), priceOptionId: null, quantity: 1 })),
    });
    expect(selectionMatchesOrder(sel([ID(1), ID(2)]), order)).toBe(true);
    expect(selectionMatchesOrder(sel([ID(1), ID(3)]), order)).toBe(false);
    const buyNow = { checkoutType: 'single' as const, items: [aLine({ quantity: 2, cartItemId: null })] };
    expect(
      selectionMatchesOrder(
        { type: 'single', items: [{ voucherId: ID(11), priceOptionId: null, quantity: 2 }] },
        buyNow,
      ),
    ).toBe(true);
    expect(
      selectionMatchesOrder(
        { type: 'single', items: [{ voucherId: ID(11), priceOptionId: null, quantity: 1 }] },
        buyNow,
      ),
    ).toBe(false);
  });

  it('says why a coupon cannot be used, with the minimum spend when known', () => {
    const t = i18next.t.bind(i18next);
    expect(couponProblemText(t, 'coupon_already_used')).toBe('You have already used this discount code.');
    expect(couponProblemText(t, 'coupon_min_spend', { minSpend: 1500 })).toBe(
      'Spend at least ฿1,500 to use this discount code.',
    );
    expect(couponProblemText(t, 'coupon_min_spend', { message: 'from the server' })).toBe('from the server');
  });

  it('counts down in minutes and seconds', () => {
    const now = Date.parse('2025-11-28T10:00:00Z');
    expect(secondsLeft('2025-11-28T10:15:00Z', now)).toBe(900);
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(secondsLeft('2025-11-28T09:59:00Z', now)).toBe(0);
  });
});
