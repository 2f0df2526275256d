import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n/i18n.ts';
import { boughtLabel, pointsCostLabel, pointsEarnedLabel, priceLabel } from './price.ts';

const en = i18next.getFixedT('en');
const th = i18next.getFixedT('th');

describe('price labels: Free, one price, or From the lowest', () => {
  it.each([
    [0, false, 'Free', 'ฟรี'],
    [250, false, '฿250', '฿250'],
    [1250, false, '฿1,250', '฿1,250'],
    [1_000_000, false, '฿1,000,000', '฿1,000,000'],
    [199, true, 'From ฿199', 'เริ่มต้น ฿199'],
    [0, true, 'From ฿0', 'เริ่มต้น ฿0'],
  ])('%s baht, options %s → %s / %s', (price, options, enText, thText) => {
    expect(priceLabel(en, price, options)).toBe(enText);
    expect(priceLabel(th, price, options)).toBe(thText);
  });

  it('points and bought counts in Thai number format, singular and plural', () => {
    expect(pointsEarnedLabel(en, 1)).toBe('Earn 1 point');
    expect(pointsEarnedLabel(en, 1500)).toBe('Earn 1,500 points');
    expect(pointsEarnedLabel(th, 1500)).toBe('รับ 1,500 พอยท์');
    expect(pointsCostLabel(en, 500)).toBe('500 points');
    expect(pointsCostLabel(th, 500)).toBe('500 พอยท์');
    expect(boughtLabel(en, 12345)).toBe('12,345 bought');
    expect(boughtLabel(th, 12345)).toBe('ซื้อแล้ว 12,345');
  });
});
