import dayjs, { type Dayjs } from 'dayjs';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

/*
 * The programme runs on Bangkok time (UTC+7 all year, no daylight saving), whatever zone the desk's
 * computer is in: pickers show and take Bangkok wall-clock times, and the API gets them with +07:00.
 */

/** An instant from the API → a picker value showing its Bangkok date and time. */
export const fromInstant = (iso: string | null | undefined): Dayjs | null =>
  iso ? dayjs(new Date(Date.parse(iso) + BANGKOK_OFFSET_MS).toISOString().slice(0, 19)) : null;

/** A picker value (Bangkok wall clock) → an instant for the API. */
export const toInstant = (d: Dayjs | null | undefined): string | null =>
  d ? `${d.format('YYYY-MM-DDTHH:mm:00')}+07:00` : null;

/** The picker's display format: day/month/year and time, the Buddhist-era year in Thai. */
export const dateTimeFormat = (lang: string) => (lang === 'th' ? 'DD/MM/BBBB HH:mm' : 'DD/MM/YYYY HH:mm');
