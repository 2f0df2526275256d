import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';

/** A month (`2026-09`) as the history's headings and month picker name it: "September 2026" / "กันยายน 2569". */
export function useMonthTitle(): (month: string) => string {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  return (month) => formatMonth(month, lang, (m) => t(`history.monthNames.${m}`));
}
