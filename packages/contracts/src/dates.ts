import type { Language } from './i18n.ts';

/*
 * How a member reads a date, on a screen, in a notification or in a push: day/month/year of the
 * programme's calendar day (Asia/Bangkok, whatever zone the phone or the server is in), with the
 * Buddhist-era year in Thai — "26/11/2026", "26/11/2569". One rule for the app, the back office and
 * the server's texts.
 */

/** The Buddhist era counts from 543 BCE: 2026 CE is 2569 BE. */
export const BUDDHIST_ERA_OFFSET = 543;

/** Bangkok has kept UTC+7 all year since 1920 (no daylight saving). */
export const BANGKOK_OFFSET_MS = 7 * 3_600_000;

export type Instant = Date | string | number;

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

export const isValidInstant = (value: Instant | null | undefined): value is Instant =>
  value !== null && value !== undefined && value !== '' && !Number.isNaN(toDate(value).getTime());

/**
 * The Bangkok calendar date of an instant: { year, month (1-12), day }. By arithmetic, not Intl: the
 * first Intl.DateTimeFormat with a time zone loads the browser's zone data, 25+ ms of main thread.
 */
export function bangkokDate(instant: Instant) {
  const shifted = new Date(toDate(instant).getTime() + BANGKOK_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

export type DateInput = Instant | null | undefined;
export type DateOptions = { buddhistEra?: boolean };

/** { year, month, day } of a calendar date (`1990-04-15`, as it is) or of an instant (its Bangkok day). */
function dayOf(value: DateInput) {
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value);
    if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  }
  return isValidInstant(value) ? bangkokDate(value) : null;
}

/**
 * Day/month/year: "26/11/2026"; in Thai the Buddhist-era year, "26/11/2569" (unless
 * `buddhistEra: false`). Calendar dates (`1990-04-15`) are shown as they are; instants as their
 * Bangkok day. Nothing for a missing or invalid value.
 */
export function formatDate(value: DateInput, lang: Language, options: DateOptions = {}): string {
  const d = value === '' ? null : dayOf(value);
  if (!d) return '';
  const year = (options.buddhistEra ?? lang === 'th') ? d.year + BUDDHIST_ERA_OFFSET : d.year;
  return `${pad2(d.day)}/${pad2(d.month)}/${year}`;
}

/** An instant as its Bangkok day and time: "26/11/2026 19:04" / "26/11/2569 19:04". */
export function formatDateTime(value: DateInput, lang: Language): string {
  if (!isValidInstant(value)) return '';
  const shifted = new Date(toDate(value).getTime() + BANGKOK_OFFSET_MS);
  return `${formatDate(value, lang)} ${pad2(shifted.getUTCHours())}:${pad2(shifted.getUTCMinutes())}`;
}
