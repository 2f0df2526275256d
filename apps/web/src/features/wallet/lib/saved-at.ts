import type { Language } from '@app/contracts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';

/**
 * When the device's copy was saved, as the offline note says it: the time alone on the day it was
 * saved ("14:05"), else day and time ("25/11/2569 14:05" in Thai, Buddhist era) — both in Bangkok time,
 * like every date in the app.
 */
export function formatSavedAt(savedAt: number, lang: Language, now = Date.now()): string {
  const saved = new Date(savedAt).toISOString();
  const full = formatDateTime(saved, lang);
  const sameDay = formatDate(saved, lang) === formatDate(new Date(now).toISOString(), lang);
  return sameDay ? full.slice(full.indexOf(' ') + 1) : full;
}
