import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';
/*
 * The programme's calendar is Asia/Bangkok (UTC+7 all year, no daylight saving): a voucher "valid
 * for 30 days" or "expires today" counts Bangkok days, wherever the server runs.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 in Bangkok. */
export const bangkokDay = (d: Date): number => Math.floor((d.getTime() + BANGKOK_OFFSET_MS) / DAY_MS);

/** The last millisecond of Bangkok day `day`. */
export const endOfBangkokDay = (day: number): Date => new Date((day + 1) * DAY_MS - BANGKOK_OFFSET_MS - 1);

/** Whole Bangkok days from `now` until `until` (0 = the same day); negative once past. */
export const bangkokDaysUntil = (until: Date, now: Date): number => bangkokDay(until) - bangkokDay(now);

/** The last millisecond of the Bangkok quarter that holds `d`. */
export const endOfBangkokQuarter = (d: Date): Date => {
  const local = new Date(d.getTime() + BANGKOK_OFFSET_MS);
  const firstMonthOfNext = Math.floor(local.getUTCMonth() / 3) * 3 + 3;
  return new Date(Date.UTC(local.getUTCFullYear(), firstMonthOfNext, 1) - BANGKOK_OFFSET_MS - 1);
};

/** The same instant `years` later (29 February → 28 February … as Date does: 1 March). */
export const addYears = (d: Date, years: number): Date => {
  const r = new Date(d.getTime());
  r.setUTCFullYear(r.getUTCFullYear() + years);
  return r;
};

/** The same instant `months` later; a day the target month lacks becomes its last day (31 Aug + 1 → 30 Sep). */
export const addMonths = (d: Date, months: number): Date => {
  const r = new Date(d.getTime());
  const day = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, lastDay));
  return r;
};
