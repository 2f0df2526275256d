import { describe, expect, it } from 'vitest';
import { i18next } from '../../../shared/i18n/i18n.ts';
import { aCoupon } from '../test-data.ts';
import { couponDiscountLabel } from '../../../shared/catalogue/coupon-discount.ts';
import { couponConditions } from './coupon-terms.ts';

const en = i18next.getFixedT('en');
const th = i18next.getFixedT('th');
const NOW = Date.parse('2025-03-10T05:00:00Z');

describe('coupon conditions (Coupon tab)', () => {
  it('words the discount: percent with or without a cap, or fixed baht', () => {
    expect(couponDiscountLabel(en, aCoupon(), 'catalogue')).toBe('20% off, up to ฿50');
    expect(couponDiscountLabel(th, aCoupon(), 'catalogue')).toBe('ลด 20% สูงสุด ฿50');
    expect(couponDiscountLabel(en, aCoupon({ maxDiscount: null }), 'catalogue')).toBe('20% off');
    expect(
      couponDiscountLabel(
        en,
        aCoupon({ discountType: 'fixed', discountValue: 1000, maxDiscount: null }),
        'catalogue',
      ),
    ).toBe('฿1,000 off');
  });

  it('lists minimum spend, validity (Bangkok date, Buddhist era in Thai), where it applies and the limit', () => {
    const c = aCoupon({
      merchants: [
        { id: 'm1', name: 'Baan Kafae', logoUrl: '' },
        { id: 'm2', name: 'Khanom Hom', logoUrl: '' },
      ],
      perMemberLimit: 3,
    });
    expect(couponConditions(en, c, 'en', NOW)).toEqual([
      'Min. spend ฿100',
      'Valid until 31/03/2025',
      'At Baan Kafae, Khanom Hom',
      'Limit 3 uses per member',
    ]);
    expect(couponConditions(th, c, 'th', NOW)).toEqual([
      'ยอดซื้อขั้นต่ำ ฿100',
      'ใช้ได้ถึง 31/03/2568',
      'ใช้ได้ที่ Baan Kafae, Khanom Hom',
      'จำกัด 3 ครั้งต่อสมาชิก',
    ]);
  });

  it('a coupon not started yet shows both dates; no conditions means every voucher', () => {
    const c = aCoupon({
      minSpend: 0,
      startsAt: '2025-03-20T17:00:00Z',
      endsAt: '2025-04-30T16:59:59Z',
      voucherIds: [],
    });
    expect(couponConditions(en, c, 'en', NOW)).toEqual([
      'No minimum spend',
      'Valid 21/03/2025 – 30/04/2025',
      'On every voucher',
    ]);
    expect(couponConditions(en, aCoupon({ voucherIds: ['a', 'b'] }), 'en', NOW)).toContain(
      'On 2 participating vouchers',
    );
  });
});
