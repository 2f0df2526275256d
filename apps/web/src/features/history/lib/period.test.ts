import { describe, expect, it } from 'vitest';
import {
  historyFilterFromSearch,
  historyFilterToSearch,
  listedMonths,
  monthOf,
  periodDays,
} from './period.ts';

describe('history periods', () => {
  const today = '2026-03-15';

  it('This Month runs from the 1st to today; 3 and 12 months start on a month’s 1st', () => {
    expect(periodDays('this-month', today)).toEqual({ startDate: '2026-03-01', endDate: today });
    expect(periodDays('3m', today)).toEqual({ startDate: '2026-01-01', endDate: today });
    expect(periodDays('12m', today)).toEqual({ startDate: '2025-04-01', endDate: today });
  });

  it('a month of the list covers it whole, leap years included', () => {
    expect(periodDays('2024-02', '2024-11-30')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(periodDays('2025-12', today)).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('the month list is the 11 months before this one, across a year', () => {
    expect(monthOf('2026-01-10', -1)).toBe('2025-12');
    const months = listedMonths(today);
    expect(months).toHaveLength(11);
    expect(months[0]).toBe('2026-02');
    expect(months.at(-1)).toBe('2025-04');
  });

  it('reads and writes the address; anything unknown is All and This Month', () => {
    const read = (q: string) => historyFilterFromSearch(new URLSearchParams(q), today);
    expect(read('')).toEqual({ type: 'all', period: 'this-month' });
    expect(read('type=use&period=2026-01')).toEqual({ type: 'use', period: '2026-01' });
    expect(read('type=bogus&period=2019-01')).toEqual({ type: 'all', period: 'this-month' });
    expect(read('period=2026-04')).toEqual({ type: 'all', period: 'this-month' });
    expect(historyFilterToSearch({ type: 'all', period: 'this-month' })).toEqual({});
    expect(historyFilterToSearch({ type: 'points', period: '3m' })).toEqual({ type: 'points', period: '3m' });
  });
});
