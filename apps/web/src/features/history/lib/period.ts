import type { HistoryType } from '@app/contracts';
import { daysBefore } from '../../../shared/calendar.ts';

/**
 * The Transaction History's filters, kept in the address (?type=&period=) so Back and a reload keep
 * them. A period is This Month, the last 3 or 12 months, or one month of the list (`2026-09`); every
 * one becomes Bangkok days for the query (startDate, endDate, both included).
 */
export type Period = 'this-month' | '3m' | '12m' | `${number}-${number}`;
export type HistoryFilter = { type: HistoryType; period: Period };

const TYPES: readonly HistoryType[] = ['all', 'purchase', 'use', 'points'];
export const HISTORY_TYPES = TYPES;
/** How many months back the month list goes (the current one is This Month). */
export const MONTHS_LISTED = 12;

const MONTH = /^(\d{4})-(\d{2})$/;

/** `2026-11` from a Bangkok day `2026-11-23`, moved by `delta` months. */
export function monthOf(today: string, delta = 0): string {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of a month: the day before the next month's first. */
const lastDayOf = (month: string) => daysBefore(`${monthOf(`${month}-01`, 1)}-01`, 1);

/** The months of the list, newest first, before the current one. */
export const listedMonths = (today: string) =>
  Array.from({ length: MONTHS_LISTED - 1 }, (_, i) => monthOf(today, -(i + 1)));

/** The Bangkok days a period covers; a period in the future or beyond the list falls back to This Month. */
export function periodDays(period: Period, today: string): { startDate: string; endDate: string } {
  if (period === '3m') return { startDate: `${monthOf(today, -2)}-01`, endDate: today };
  if (period === '12m') return { startDate: `${monthOf(today, -(MONTHS_LISTED - 1))}-01`, endDate: today };
  if (period !== 'this-month' && listedMonths(today).includes(period))
    return { startDate: `${period}-01`, endDate: lastDayOf(period) };
  return { startDate: `${monthOf(today)}-01`, endDate: today };
}

export function historyFilterFromSearch(params: URLSearchParams, today: string): HistoryFilter {
  const type = TYPES.find((t) => t === params.get('type')) ?? 'all';
  const raw = params.get('period');
  const period: Period =
    raw === '3m' || raw === '12m' || (raw && MONTH.test(raw) && listedMonths(today).includes(raw))
      ? (raw as Period)
      : 'this-month';
  return { type, period };
}

export function historyFilterToSearch(filter: HistoryFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.type !== 'all') out.type = filter.type;
  if (filter.period !== 'this-month') out.period = filter.period;
  return out;
}
