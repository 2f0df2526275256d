import type { Language } from '@app/contracts';
import { isoDateIn, isValidInstant, type Instant } from '../calendar.ts';
import { formatDate } from '../format.ts';

/** An instant as its Bangkok calendar date, day/month/year (Buddhist era in Thai). */
export function formatProgrammeDate(instant: Instant | null | undefined, lang: Language): string {
  return isValidInstant(instant) ? formatDate(isoDateIn(instant), lang) : '';
}
