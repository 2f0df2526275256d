import type { Language } from '@app/contracts';
import { formatDate } from '../../../shared/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<Language, Intl.RelativeTimeFormat>();
const relative = (lang: Language) => {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    formatters.set(lang, f);
  }
  return f;
};

/**
 * How long ago, in the member's language: "5 minutes ago" / "5 นาทีที่ผ่านมา", "yesterday" / "เมื่อวาน".
 * Under a minute is `justNow`; after a week the date itself (day/month/year, Buddhist era in Thai), as
 * "5 weeks ago" says less than the date.
 */
export function timeLabel(createdAt: string, lang: Language, now: number, justNow: string): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return justNow;
  if (ago < HOUR) return relative(lang).format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative(lang).format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative(lang).format(-Math.floor(ago / DAY), 'day');
  return formatDate(createdAt, lang);
}
