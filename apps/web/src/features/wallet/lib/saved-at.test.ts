import { describe, expect, it } from 'vitest';
import { formatSavedAt } from './saved-at.ts';

// 26/11/2026 07:05 UTC is 14:05 in Bangkok.
const saved = Date.UTC(2026, 10, 26, 7, 5);

describe('formatSavedAt', () => {
  it('says only the time on the day the copy was saved', () => {
    expect(formatSavedAt(saved, 'en', Date.UTC(2026, 10, 26, 12, 0))).toBe('14:05');
    expect(formatSavedAt(saved, 'th', Date.UTC(2026, 10, 26, 12, 0))).toBe('14:05');
  });

  it('adds the date on a later day, with the Buddhist-era year in Thai', () => {
    const nextDay = Date.UTC(2026, 10, 27, 1, 0);
    expect(formatSavedAt(saved, 'en', nextDay)).toBe('26/11/2026 14:05');
    expect(formatSavedAt(saved, 'th', nextDay)).toBe('26/11/2569 14:05');
  });

  it("goes by Bangkok's day, not the phone's: 23:30 in Bangkok and 00:30 the next day are two days", () => {
    const lateEvening = Date.UTC(2026, 10, 26, 16, 30); // 23:30 Bangkok
    expect(formatSavedAt(lateEvening, 'en', Date.UTC(2026, 10, 26, 17, 30))).toBe('26/11/2026 23:30');
  });
});
