import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addYears,
  bangkokDaysUntil,
  endOfBangkokDay,
  bangkokDay,
  endOfBangkokQuarter,
} from './calendar.ts';

describe('the Bangkok calendar', () => {
  it('starts a Bangkok day at 17:00 UTC the day before', () => {
    expect(bangkokDay(new Date('2026-11-23T16:59:59.999Z'))).toBe(
      bangkokDay(new Date('2026-11-23T00:00:00Z')),
    );
    expect(bangkokDay(new Date('2026-11-23T17:00:00Z'))).toBe(
      bangkokDay(new Date('2026-11-23T00:00:00Z')) + 1,
    );
  });

  it('ends a day at 23:59:59.999 Bangkok time', () => {
    const day = bangkokDay(new Date('2026-11-23T05:00:00Z'));
    expect(endOfBangkokDay(day).toISOString()).toBe('2026-11-23T16:59:59.999Z');
  });

  it('counts whole days left, 0 on the last day and negative after', () => {
    const until = new Date('2026-11-30T16:59:59.999Z');
    expect(bangkokDaysUntil(until, new Date('2026-11-23T18:00:00Z'))).toBe(6);
    expect(bangkokDaysUntil(until, new Date('2026-11-30T16:00:00Z'))).toBe(0);
    expect(bangkokDaysUntil(until, new Date('2026-11-30T17:00:00Z'))).toBe(-1);
  });

  it('ends a quarter on the last day of its third month, Bangkok time', () => {
    expect(endOfBangkokQuarter(new Date('2026-11-23T05:00:00Z')).toISOString()).toBe(
      '2026-12-31T16:59:59.999Z',
    );
    // 1 April 00:30 in Bangkok is still 31 March in UTC: the second quarter.
    expect(endOfBangkokQuarter(new Date('2026-03-31T17:30:00Z')).toISOString()).toBe(
      '2026-06-30T16:59:59.999Z',
    );
    expect(endOfBangkokQuarter(new Date('2026-03-31T16:30:00Z')).toISOString()).toBe(
      '2026-03-31T16:59:59.999Z',
    );
  });

  it('adds years', () => {
    expect(addYears(new Date('2026-11-23T05:00:00Z'), 2).toISOString()).toBe('2028-11-23T05:00:00.000Z');
  });

  it('adds months, keeping the day where the month has it and taking its last day where it does not', () => {
    expect(addMonths(new Date('2026-11-23T05:00:00Z'), 24).toISOString()).toBe('2028-11-23T05:00:00.000Z');
    expect(addMonths(new Date('2026-08-31T05:00:00Z'), 1).toISOString()).toBe('2026-09-30T05:00:00.000Z');
    // 31 March + 3 months stays in June (the quarter points expire at), not 1 July.
    expect(addMonths(new Date('2026-03-31T05:00:00Z'), 3).toISOString()).toBe('2026-06-30T05:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T05:00:00Z'), 12).toISOString()).toBe('2029-02-28T05:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T05:00:00Z'), 1).toISOString()).toBe('2027-01-15T05:00:00.000Z');
  });
});
