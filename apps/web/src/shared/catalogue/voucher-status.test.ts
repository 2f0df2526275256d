import { afterAll, describe, expect, it } from 'vitest';
import { i18next } from '../i18n/i18n.ts';
import { calendarDaysBetween, isoDateIn } from '../calendar.ts';
import { voucherStatus, voucherStatusLabel, type VoucherStatus } from './voucher-status.ts';

/** A Bangkok wall-clock time as an instant (Bangkok is UTC+7 all year). */
const bkk = (local: string) => new Date(`${local}+07:00`);

const t = (lang: 'en' | 'th') => i18next.getFixedT(lang);
const label = (lang: 'en' | 'th', s: VoucherStatus | null) => (s ? voucherStatusLabel(t(lang), s) : null);

type Case = [
  rule: string,
  now: Date,
  starts: Date | null,
  ends: Date | null,
  expected: VoucherStatus | null,
  en: string | null,
  th: string | null,
];

const cases: Case[] = [
  // Not started: counted in Bangkok calendar days, not in 24-hour periods.
  [
    'starts later today',
    bkk('2025-03-10T09:00'),
    bkk('2025-03-10T18:00'),
    null,
    { kind: 'startsToday' },
    'Starts today',
    'เริ่มวันนี้',
  ],
  [
    'starts tomorrow, 1 minute away (23:59 → 00:00)',
    bkk('2025-03-10T23:59'),
    bkk('2025-03-11T00:00'),
    null,
    { kind: 'startsIn', days: 1 },
    'Starts in 1 day',
    'เริ่มในอีก 1 วัน',
  ],
  [
    'starts tomorrow, 47 hours away: still 1 day',
    bkk('2025-03-10T00:30'),
    bkk('2025-03-11T23:30'),
    null,
    { kind: 'startsIn', days: 1 },
    'Starts in 1 day',
    'เริ่มในอีก 1 วัน',
  ],
  [
    'starts in 3 days',
    bkk('2025-03-10T12:00'),
    bkk('2025-03-13T08:00'),
    bkk('2025-04-30T23:59'),
    { kind: 'startsIn', days: 3 },
    'Starts in 3 days',
    'เริ่มในอีก 3 วัน',
  ],
  [
    'starts across a month end',
    bkk('2025-02-27T10:00'),
    bkk('2025-03-02T10:00'),
    null,
    { kind: 'startsIn', days: 3 },
    'Starts in 3 days',
    'เริ่มในอีก 3 วัน',
  ],
  [
    'starts across a leap day',
    bkk('2024-02-28T10:00'),
    bkk('2024-03-01T10:00'),
    null,
    { kind: 'startsIn', days: 2 },
    'Starts in 2 days',
    'เริ่มในอีก 2 วัน',
  ],

  // On sale with an end.
  [
    'expires later today',
    bkk('2025-03-10T08:00'),
    bkk('2025-03-01T00:00'),
    bkk('2025-03-10T23:59:59'),
    { kind: 'expiresToday' },
    'Expires today',
    'หมดเขตวันนี้',
  ],
  [
    'expires at 00:00 tomorrow: tomorrow',
    bkk('2025-03-10T23:00'),
    bkk('2025-03-01T00:00'),
    bkk('2025-03-11T00:00'),
    { kind: 'expiresIn', days: 1 },
    'Expires in 1 day',
    'หมดเขตในอีก 1 วัน',
  ],
  [
    'expires in 5 days',
    bkk('2025-03-10T08:00'),
    bkk('2025-03-01T00:00'),
    bkk('2025-03-15T23:59:59'),
    { kind: 'expiresIn', days: 5 },
    'Expires in 5 days',
    'หมดเขตในอีก 5 วัน',
  ],
  [
    'expires in 30 days: still announced',
    bkk('2025-03-01T08:00'),
    bkk('2025-03-01T00:00'),
    bkk('2025-03-31T23:59:59'),
    { kind: 'expiresIn', days: 30 },
    'Expires in 30 days',
    'หมดเขตในอีก 30 วัน',
  ],
  [
    'expires in 31 days: not news yet',
    bkk('2025-03-01T08:00'),
    bkk('2025-03-01T00:00'),
    bkk('2025-04-01T23:59:59'),
    null,
    null,
    null,
  ],
  ['no end: no label', bkk('2025-03-10T08:00'), bkk('2025-03-01T00:00'), null, null, null, null],

  // Ended.
  [
    'ended a second ago',
    bkk('2025-03-10T23:59:59'),
    bkk('2025-03-01T00:00'),
    bkk('2025-03-10T23:59:58'),
    { kind: 'expired' },
    'Expired',
    'หมดอายุแล้ว',
  ],
  [
    'ends exactly now: expired',
    bkk('2025-03-10T12:00'),
    null,
    bkk('2025-03-10T12:00'),
    { kind: 'expired' },
    'Expired',
    'หมดอายุแล้ว',
  ],
  [
    'ended earlier today: expired, not "expires today"',
    bkk('2025-03-10T15:00'),
    bkk('2025-03-01T00:00'),
    bkk('2025-03-10T10:00'),
    { kind: 'expired' },
    'Expired',
    'หมดอายุแล้ว',
  ],
  [
    'a window that ended before it started reads expired',
    bkk('2025-03-10T15:00'),
    bkk('2025-03-20T00:00'),
    bkk('2025-03-05T00:00'),
    { kind: 'expired' },
    'Expired',
    'หมดอายุแล้ว',
  ],

  // Missing or unreadable dates are ignored.
  ['no dates at all', bkk('2025-03-10T15:00'), null, null, null, null, null],
];

describe('voucherStatus, in Asia/Bangkok calendar days', () => {
  it.each(cases)('%s', (_rule, now, starts, ends, expected, en, th) => {
    const status = voucherStatus(now, starts, ends);
    expect(status).toEqual(expected);
    expect(label('en', status)).toBe(en);
    expect(label('th', status)).toBe(th);
  });

  it('used wins over every date (wallet items)', () => {
    const status = voucherStatus(bkk('2025-03-10T12:00'), null, bkk('2025-03-01T00:00'), { used: true });
    expect(status).toEqual({ kind: 'used' });
    expect(label('en', status)).toBe('Used');
    expect(label('th', status)).toBe('ใช้แล้ว');
  });

  it('takes ISO strings and timestamps as the wire sends them', () => {
    expect(voucherStatus('2025-03-10T01:00:00.000Z', null, '2025-03-10T16:59:59.999Z')).toEqual({
      kind: 'expiresToday',
    });
    expect(voucherStatus(Date.parse('2025-03-10T01:00:00Z'), '2025-03-12T00:00:00Z', null)).toEqual({
      kind: 'startsIn',
      days: 2,
    });
    expect(voucherStatus(bkk('2025-03-10T12:00'), 'not a date', '')).toBeNull();
  });

  it('the announcement window can be changed', () => {
    const now = bkk('2025-03-01T08:00');
    const ends = bkk('2025-06-01T08:00');
    expect(voucherStatus(now, null, ends, { soonDays: 365 })).toEqual({ kind: 'expiresIn', days: 92 });
  });

  describe('around midnight in Bangkok', () => {
    // 16:59:59Z is 23:59:59 in Bangkok; 17:00:00Z is 00:00 the next Bangkok day.
    const ends = new Date('2025-03-11T16:59:59Z'); // 23:59:59, 11 March, Bangkok

    it('one second before midnight the end is tomorrow', () => {
      expect(voucherStatus(new Date('2025-03-10T16:59:59Z'), null, ends)).toEqual({
        kind: 'expiresIn',
        days: 1,
      });
    });

    it('at midnight the end is today', () => {
      expect(voucherStatus(new Date('2025-03-10T17:00:00Z'), null, ends)).toEqual({ kind: 'expiresToday' });
    });

    it('it is the Bangkok date that counts, while it is still the previous day in UTC', () => {
      // 10 March 18:00 UTC is already 11 March 01:00 in Bangkok.
      expect(isoDateIn(new Date('2025-03-10T18:00:00Z'))).toBe('2025-03-11');
      expect(calendarDaysBetween('2025-03-10T18:00:00Z', '2025-03-11T16:00:00Z')).toBe(0);
      expect(calendarDaysBetween('2025-03-10T18:00:00Z', '2025-03-11T16:00:00Z', 'UTC')).toBe(1);
    });
  });

  describe('whatever time zone the device is set to', () => {
    const original = process.env.TZ;
    afterAll(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    const zones = [
      'UTC',
      'America/Los_Angeles',
      'Pacific/Kiritimati',
      'Asia/Tokyo',
      'Europe/London',
      'Asia/Bangkok',
    ];

    it.each(zones)('the same answers with the device in %s', (zone) => {
      process.env.TZ = zone;
      // The setting took effect: the device's own offset follows it.
      const expectedOffset = {
        UTC: 0,
        'America/Los_Angeles': 480,
        'Pacific/Kiritimati': -840,
        'Asia/Tokyo': -540,
        'Europe/London': 0,
        'Asia/Bangkok': -420,
      }[zone];
      expect(new Date('2025-01-15T12:00:00Z').getTimezoneOffset()).toBe(expectedOffset);
      for (const [, now, starts, ends, expected] of cases) {
        expect(voucherStatus(now, starts, ends)).toEqual(expected);
      }
      expect(voucherStatus(new Date('2025-03-10T17:00:00Z'), null, new Date('2025-03-11T16:59:59Z'))).toEqual(
        {
          kind: 'expiresToday',
        },
      );
    });
  });
});
