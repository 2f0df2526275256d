// Dates and money read exactly as in the member app (day/month/year, Buddhist-era year in Thai, ฿1,250):
// the same functions, not a copy that could drift.
export {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  DATE_FORMAT,
  BUDDHIST_DATE_FORMAT,
  toIsoDate,
} from '../../../web/src/shared/format.ts';

/** "+120" / "−50": points with their sign. */
export const signed = (n: number, format: (n: number) => string) =>
  n > 0 ? `+${format(n)}` : n < 0 ? `−${format(-n)}` : format(0);
