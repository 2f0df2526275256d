import type { Language } from '@app/contracts';
import { PROGRAMME_TIME_ZONE } from '../../../shared/calendar.ts';

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (lang: Language, withTime: boolean) => {
  const key = `${lang}${withTime}`;
  let f = formats.get(key);
  if (!f) {
    // th-TH writes the Buddhist-era year, as the rest of the Thai app does.
    f = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
      timeZone: PROGRAMME_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    formats.set(key, f);
  }
  return f;
};

/** When a movement happened, in Bangkok time: "23 Nov 2026, 14:05" / "23 พ.ย. 2569 14:05". */
export const formatWhen = (iso: string, lang: Language) => formatter(lang, true).format(new Date(iso));

/** A Bangkok calendar day (YYYY-MM-DD) as "31 Dec 2026" / "31 ธ.ค. 2569". */
export const formatDay = (day: string, lang: Language) =>
  // Noon UTC is the same calendar day in Bangkok (UTC+7).
  formatter(lang, false).format(new Date(`${day}T12:00:00Z`));

/** The Bangkok day `days` days before `today` (YYYY-MM-DD), e.g. the start of "the last 30 days". */
export const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** "+120" / "−50": a movement's points with their sign. */
export const signedPoints = (points: number, format: (n: number) => string) =>
  points > 0 ? `+${format(points)}` : points < 0 ? `−${format(-points)}` : format(0);
