import { bangkokDate, type Instant } from '@app/contracts/dates';

/**
 * Calendar days in the programme's time zone. Sale windows and validity are counted in Bangkok days
 * whatever zone the member's phone is set to: "expires today" must mean the same day for everyone.
 */
export const PROGRAMME_TIME_ZONE = 'Asia/Bangkok';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export { isValidInstant, type Instant } from '@app/contracts/dates';

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

/** The calendar date of an instant in `timeZone`: { year, month (1-12), day }. */
export function calendarDate(instant: Instant, timeZone = PROGRAMME_TIME_ZONE) {
  // The programme's zone by arithmetic: the first Intl.DateTimeFormat with a time zone loads the
  // browser's zone data, 25+ ms of main thread while the first list of cards renders.
  if (timeZone === PROGRAMME_TIME_ZONE) return bangkokDate(instant);
  const parts = formatterFor(timeZone).formatToParts(toDate(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The calendar date of an instant in `timeZone` as a day number (days since 1970-01-01). */
export function calendarDay(instant: Instant, timeZone = PROGRAMME_TIME_ZONE): number {
  const { year, month, day } = calendarDate(instant, timeZone);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** Whole calendar days from `from` to `to` in `timeZone` (0 = the same day, 1 = tomorrow, -1 = yesterday). */
export const calendarDaysBetween = (from: Instant, to: Instant, timeZone = PROGRAMME_TIME_ZONE) =>
  calendarDay(to, timeZone) - calendarDay(from, timeZone);

/** `2025-01-31`: the calendar date of an instant in `timeZone`, for showing as day/month/year. */
export function isoDateIn(instant: Instant, timeZone = PROGRAMME_TIME_ZONE): string {
  const { year, month, day } = calendarDate(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Bangkok month (`2026-11`) an instant falls in, for grouping rows under month headings. */
export const monthOfInstant = (instant: Instant) => isoDateIn(instant).slice(0, 7);

/** The calendar day `days` days before `day` (both YYYY-MM-DD), e.g. the start of "the last 30 days". */
export const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
