import dayjs, { type Dayjs } from 'dayjs';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

/*
 * The dashboard's days are Asia/Bangkok days (UTC+7 all year). "Today" is Bangkok's today whatever
 * zone the desk's computer is in; picker values are calendar days, sent as YYYY-MM-DD.
 */

export const bangkokToday = (): Dayjs =>
  dayjs(new Date(Date.now() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10));

export type Range = [Dayjs, Dayjs];
export const toQuery = ([from, to]: Range) => ({
  from: from.format('YYYY-MM-DD'),
  to: to.format('YYYY-MM-DD'),
});

/** The picker's ready-made ranges, each ending today (or with last month). */
export function presets(t: (k: string) => string): Array<{ label: string; value: Range }> {
  const today = bangkokToday();
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: t('admin.dashboard.presets.7'), value: [today.subtract(6, 'day'), today] },
    { label: t('admin.dashboard.presets.30'), value: [today.subtract(29, 'day'), today] },
    { label: t('admin.dashboard.presets.90'), value: [today.subtract(89, 'day'), today] },
    { label: t('admin.dashboard.presets.thisMonth'), value: [today.startOf('month'), today] },
    {
      label: t('admin.dashboard.presets.lastMonth'),
      value: [lastMonth.startOf('month'), lastMonth.endOf('month')],
    },
    { label: t('admin.dashboard.presets.year'), value: [today.subtract(1, 'year').add(1, 'day'), today] },
  ];
}
