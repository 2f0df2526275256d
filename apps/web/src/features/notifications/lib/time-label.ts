import type { Language } from '@app/contracts';
import { formatDate } from '../../../shared/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What a label says, from the texts (`notifications.time`): the screen makes these with its `t`. */
export type TimeTexts = {
  justNow: string;
  yesterday: string;
  twoDaysAgo: string;
  ago: (unit: 'minutes' | 'hours' | 'days', count: number) => string;
};

/**
 * How long ago, in the member's language: "5 minutes ago" / "5 นาทีที่ผ่านมา", "yesterday" / "เมื่อวาน".
 * Under a minute is `justNow`; after a week the date itself (day/month/year, Buddhist era in Thai), as
 * "5 weeks ago" says less than the date. The words are the texts' rather than Intl.RelativeTimeFormat's
 * (which reads the same): building the first one loads the browser's data for it, 20–45 ms on a fast
 * machine, four times that on a mid-range phone, as the inbox is drawn.
 */
export function timeLabel(createdAt: string, lang: Language, now: number, texts: TimeTexts): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return texts.justNow;
  if (ago < HOUR) return texts.ago('minutes', Math.floor(ago / MINUTE));
  if (ago < DAY) return texts.ago('hours', Math.floor(ago / HOUR));
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return days === 1 ? texts.yesterday : days === 2 ? texts.twoDaysAgo : texts.ago('days', days);
  }
  return formatDate(createdAt, lang);
}
