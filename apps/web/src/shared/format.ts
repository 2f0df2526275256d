import type { Language } from '@app/contracts';
import { BUDDHIST_ERA_OFFSET } from '@app/contracts/dates';

/*
 * Where the app's screens get money, numbers and dates as text. Screens never format a date themselves
 * (`format.boundary.test.ts` fails when one calls Intl's date formatting, toLocale…String or dayjs's
 * format): a date reads day/month/year on every screen, with the Buddhist-era year in Thai — the rule
 * itself is `@app/contracts/dates`, shared with the server's texts and the back office.
 */

// Whole numbers in groups of three digits with commas: what th-TH and en both print. Not
// Intl.NumberFormat: the first one a page builds loads the browser's number data, 30-45 ms of main
// thread on a fast machine (four times that on a mid-range phone), on every screen that shows a price.
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** Whole baht in Thai number format with a ฿ prefix: 1250 → "฿1,250", -99.6 → "-฿100". */
export function formatMoney(baht: number): string {
  if (!Number.isFinite(baht)) return '';
  const rounded = Math.round(Math.abs(baht));
  const sign = baht < 0 && rounded !== 0 ? '-' : '';
  return `${sign}฿${grouped(rounded)}`;
}

/** A whole number in Thai number format: 12345 → "12,345". */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? grouped(Math.round(value)) : '';
}

/** The date picker's display formats (dayjs tokens): the same day/month/year as `formatDate`. */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const BUDDHIST_DATE_FORMAT = 'DD/MM/BBBB';

export { BUDDHIST_ERA_OFFSET, formatDate, formatDateTime } from '@app/contracts/dates';

/** A month's number, 1–12: its name's key in the texts (`history.monthNames`). */
export type MonthNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/**
 * A month (`2026-09`) as "September 2026" / "กันยายน 2569" — the month's name from the texts
 * (`monthName(9)`), then the year, in the Buddhist era in Thai: month headings and the month picker.
 * Not Intl.DateTimeFormat: the first one a page builds loads the browser's date data, ~100 ms of a
 * mid-range phone's main thread as the history screen was drawn.
 */
export function formatMonth(
  month: string,
  lang: Language,
  monthName: (month: MonthNumber) => string,
): string {
  const parts = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!parts) return '';
  const year = Number(parts[1]) + (lang === 'th' ? BUDDHIST_ERA_OFFSET : 0);
  return `${monthName(Number(parts[2]) as MonthNumber)} ${year}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Wire format of a calendar date (contracts: dateOfBirth is YYYY-MM-DD), from the date picker's value. */
export const toIsoDate = (value: { year(): number; month(): number; date(): number } | null): string =>
  value ? `${String(value.year()).padStart(4, '0')}-${pad2(value.month() + 1)}-${pad2(value.date())}` : '';
