import type { Language } from '@app/contracts';
import { isoDateIn, PROGRAMME_TIME_ZONE } from '../../../shared/calendar.ts';

const locale = (lang: Language) => (lang === 'th' ? 'th-TH' : 'en-GB');
const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (key: string, lang: Language, options: Intl.DateTimeFormatOptions) => {
  let f = formats.get(`${key}${lang}`);
  if (!f) {
    // th-TH writes the Buddhist-era year, as the rest of the Thai app does.
    f = new Intl.DateTimeFormat(locale(lang), { timeZone: PROGRAMME_TIME_ZONE, ...options });
    formats.set(`${key}${lang}`, f);
  }
  return f;
};

/** When a row happened, in Bangkok time: "23 Nov 2026, 14:05" / "23 พ.ย. 2569 14:05". */
export const formatWhen = (iso: string, lang: Language) =>
  formatter('when', lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** A month of the list (`2026-09`) as "September 2026" / "กันยายน 2569". */
export const formatMonth = (month: string, lang: Language) =>
  // The 15th at noon UTC is inside the same month in Bangkok.
  formatter('month', lang, { month: 'long', year: 'numeric' }).format(new Date(`${month}-15T12:00:00Z`));

/** The Bangkok month (`2026-11`) an instant falls in, for grouping the rows under month headings. */
export const monthOfInstant = (iso: string) => isoDateIn(iso).slice(0, 7);

/** "+120" / "−50": points with their sign. */
export const signedPoints = (points: number, format: (n: number) => string) =>
  points > 0 ? `+${format(points)}` : points < 0 ? `−${format(-points)}` : format(0);
