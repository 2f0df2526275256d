import { useTranslation } from 'react-i18next';
import chips from '../../../shared/ui/filter-chips.module.css';
import styles from '../history.module.css';
import { HISTORY_TYPES, listedMonths, type HistoryFilter, type Period } from '../lib/period.ts';
import { useMonthTitle } from '../lib/use-month-title.ts';

/** The type chips (All, Purchases, Uses, Points) and the period: This Month, 3 or 12 months, or a month of the list. */
export function HistoryFilters({
  filter,
  today,
  onChange,
}: {
  filter: HistoryFilter;
  today: string;
  onChange: (next: HistoryFilter) => void;
}) {
  const { t } = useTranslation();
  const monthTitle = useMonthTitle();
  return (
    <div className={styles.filters}>
      <div className={chips.chipRow} role="group" aria-label={t('history.typeLabel')}>
        {HISTORY_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={chips.chip}
            aria-pressed={filter.type === type}
            onClick={() => onChange({ ...filter, type })}
            data-testid={`type-${type}`}
          >
            {t(`history.types.${type}`)}
          </button>
        ))}
      </div>
      <label className={styles.period}>
        <span className={styles.periodLabel}>{t('history.periodLabel')}</span>
        <select
          className={styles.select}
          value={filter.period}
          onChange={(e) => onChange({ ...filter, period: e.target.value as Period })}
          data-testid="period"
        >
          <option value="this-month">{t('history.thisMonth')}</option>
          <option value="3m">{t('history.last3Months')}</option>
          <option value="12m">{t('history.last12Months')}</option>
          <optgroup label={t('history.months')}>
            {listedMonths(today).map((month) => (
              <option key={month} value={month}>
                {monthTitle(month)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
    </div>
  );
}
