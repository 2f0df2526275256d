import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import allEnglish from '../../../../locales/en.json';
import allThai from '../../../../locales/th.json';
import { formatDate, formatDateTime, formatMoney, formatMonth, formatNumber, toIsoDate } from './format.ts';

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

  it('shows an instant as its Bangkok day, whatever zone the phone is in', () => {
    // 17:30 UTC on 31 December is already 1 January in Bangkok.
    expect(formatDate('2025-12-31T17:30:00Z', 'en')).toBe('01/01/2026');
    expect(formatDate(new Date('2025-12-31T16:59:59Z'), 'th')).toBe('31/12/2568');
    expect(formatDate(Date.parse('2026-11-26T12:04:00Z'), 'th')).toBe('26/11/2569');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('', 'th')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('writes calendar dates in the wire format', () => {
    expect(toIsoDate(dayjs('1990-04-15'))).toBe('1990-04-15');
    expect(toIsoDate(dayjs('2004-12-01'))).toBe('2004-12-01');
  });
});

describe('formatDateTime', () => {
  it('shows day/month/year and the Bangkok time, Buddhist era in Thai', () => {
    expect(formatDateTime('2026-11-26T12:04:00Z', 'en')).toBe('26/11/2026 19:04');
    expect(formatDateTime('2026-11-26T12:04:00Z', 'th')).toBe('26/11/2569 19:04');
    expect(formatDateTime('2026-11-26T17:00:00Z', 'en')).toBe('27/11/2026 00:00');
    expect(formatDateTime('nonsense', 'en')).toBe('');
  });
});

describe('formatMonth', () => {
  it('names the month, with the Buddhist-era year in Thai', () => {
    const names = { en: allEnglish.history.monthNames, th: allThai.history.monthNames };
    expect(formatMonth('2026-09', 'en', (m) => names.en[m])).toBe('September 2026');
    expect(formatMonth('2026-09', 'th', (m) => names.th[m])).toBe('กันยายน 2569');
    expect(formatMonth('2027-01', 'th', (m) => names.th[m])).toBe('มกราคม 2570');
    expect(formatMonth('2026-13', 'en', (m) => names.en[m])).toBe('');
    expect(formatMonth('2026-9', 'en', (m) => names.en[m])).toBe('');
  });

  it('reads as the browser’s own month names would, in both languages', () => {
    for (const [lang, locale, names] of [
      ['en', 'en-GB', allEnglish.history.monthNames],
      ['th', 'th-TH', allThai.history.monthNames],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' });
      for (let m = 1; m <= 12; m++) {
        const month = `2026-${String(m).padStart(2, '0')}`;
        expect(formatMonth(month, lang, (n) => names[n])).toBe(
          intl.format(new Date(`${month}-15T12:00:00Z`)),
        );
      }
    }
  });
});
