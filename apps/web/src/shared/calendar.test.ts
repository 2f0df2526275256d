import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDaysBetween, PROGRAMME_TIME_ZONE } from './calendar.ts';

describe('calendarDate in the programme zone', () => {
  it('is the date Intl gives for Asia/Bangkok, across decades and around midnight', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: PROGRAMME_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    // Every 7 h 13 min from 1971 to 2060 meets each hour of the day, month ends and leap days.
    for (let t = Date.UTC(1971, 0, 1); t < Date.UTC(2060, 0, 1); t += 26_000_000) {
      const parts = intl.formatToParts(t);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      expect(calendarDate(t)).toEqual({ year: part('year'), month: part('month'), day: part('day') });
    }
  });

  it('turns the day at 17:00 UTC', () => {
    expect(calendarDate('2025-03-10T16:59:59Z')).toEqual({ year: 2025, month: 3, day: 10 });
    expect(calendarDate('2025-03-10T17:00:00Z')).toEqual({ year: 2025, month: 3, day: 11 });
    expect(calendarDaysBetween('2025-03-10T16:59:59Z', '2025-03-10T17:00:00Z')).toBe(1);
  });

  it('still reads other zones through Intl', () => {
    expect(calendarDate('2025-03-10T17:00:00Z', 'America/New_York')).toEqual({
      year: 2025,
      month: 3,
      day: 10,
    });
  });
});
