import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, toIsoDate } from './format.ts';

describe('formatMoney', () => {
  it.each([
    [1250, '฿1,250'],
    [0, '฿0'],
    [999, '฿999'],
    [1_000_000, '฿1,000,000'],
    [1250.4, '฿1,250'],
    [1250.5, '฿1,251'],
    [-1250, '-฿1,250'],
    [-0.2, '฿0'],
  ])('%s → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('shows nothing for a number that is not one', () => {
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups whole numbers as Intl does for Thai', () => {
    const thai = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -4_321, 2_147_483_648]) {
      expect(formatNumber(n)).toBe(thai.format(n));
    }
    expect(formatNumber(1234.6)).toBe('1,235');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows day/month/year in English', () => {
    expect(formatDate('1990-04-15', 'en')).toBe('15/04/1990');
  });

  it('shows the Buddhist-era year in Thai', () => {
    expect(formatDate('1990-04-15', 'th')).toBe('15/04/2533');
    expect(formatDate('2024-12-31', 'th')).toBe('31/12/2567');
  });

  it('can show the Gregorian year in Thai when asked', () => {
    expect(formatDate('1990-04-15', 'th', { buddhistEra: false })).toBe('15/04/1990');
    expect(formatDate('1990-04-15', 'en', { buddhistEra: true })).toBe('15/04/2533');
  });

  it('takes Date objects and timestamps', () => {
    expect(formatDate(new Date(2025, 0, 2), 'en')).toBe('02/01/2025');
    expect(formatDate(new Date(2025, 0, 2).getTime(), 'th')).toBe('02/01/2568');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'th')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('writes calendar dates in the wire format', () => {
    expect(toIsoDate(new Date(1990, 3, 15))).toBe('1990-04-15');
  });
});
