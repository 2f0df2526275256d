import type { Language } from '@app/contracts';
import { isoDateIn, PROGRAMME_TIME_ZONE } from './calendar.ts';

/*
 * Dates of the member's history, in Bangkok time, with Intl (no date library on these screens). th-TH
 * writes the Buddhist-era year, as the rest of the Thai app does.
 */

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (key: string, lang: Language, options: Intl.DateTimeFormatOptions) => {
  let f = formats.get(`${key}${lang}`);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
      timeZone: PROGRAMME_TIME_ZONE,
      ...options,
    });
    formats.set(`${key}${lang}`, f);
  }
  return f;
};

/** When something happened: "23 Nov 2026, 14:05" / "23 พ.ย. 2569 14:05". */
export const formatWhen = (iso: string, lang: Language) =>
  formatter('when', lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** A Bangkok calendar day (YYYY-MM-DD) as "31 Dec 2026" / "31 ธ.ค. 2569". */
export const formatDay = (day: string, lang: Language) =>
  // Noon UTC is the same calendar day in Bangkok (UTC+7).
  formatter('day', lang, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** A month (`2026-09`) as "September 2026" / "กันยายน 2569". */
export const formatMonth = (month: string, lang: Language) =>
  // The 15th at noon UTC is inside the same month in Bangkok.
  formatter('month', lang, { month: 'long', year: 'numeric' }).format(new Date(`${month}-15T12:00:00Z`));

/** The Bangkok month (`2026-11`) an instant falls in, for grouping rows under month headings. */
export const monthOfInstant = (iso: string) => isoDateIn(iso).slice(0, 7);

/** The Bangkok day `days` days before `today` (YYYY-MM-DD), e.g. the start of "the last 30 days". */
export const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
