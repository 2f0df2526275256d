import type { Category } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { CategoryChips } from '../../../shared/ui/category-chips.tsx';
import { LightSegmented } from '../../../shared/ui/light-segmented.tsx';
import { LightSelect } from '../../../shared/ui/light-select.tsx';
import { WALLET_SORTS, WALLET_STATUSES, type WalletFilter } from '../lib/wallet-filter.ts';
import styles from '../wallet.module.css';

/** Above the wallet list: the status tabs, the category chips, the count and the sort. */
export function WalletFilters({
  filter,
  onChange,
  categories,
  total,
}: {
  filter: WalletFilter;
  onChange: (next: WalletFilter) => void;
  categories: Category[] | undefined;
  total: number | undefined;
}) {
  const { t } = useTranslation();
  const sortLabel = useId();
  return (
    <div className={styles.filters}>
      <LightSegmented
        label={t('wallet.statusLabel')}
        value={filter.status}
        onChange={(status) => onChange({ ...filter, status })}
        options={WALLET_STATUSES.map((status) => ({
          value: status,
          label: <span data-testid={`status-${status}`}>{t(`wallet.status.${status}`)}</span>,
        }))}
      />
      <CategoryChips
        label={t('wallet.categories')}
        allLabel={t('wallet.allCategories')}
        placeholders={4}
        categories={categories}
        value={filter.category}
        onChange={(category) => {
          const next = { ...filter };
          if (category) next.category = category;
          else delete next.category;
          onChange(next);
        }}
      />
      <div className={styles.countRow}>
        <p className={styles.count} aria-live="polite" data-testid="wallet-count">
          {total === undefined ? '\u00a0' : t('wallet.count', { count: total, number: formatNumber(total) })}
        </p>
        <div className={styles.sort}>
          <span id={sortLabel}>{t('wallet.sortLabel')}</span>
          <LightSelect
            className={styles.sortSelect}
            aria-labelledby={sortLabel}
            value={filter.sort}
            onChange={(sort) => onChange({ ...filter, sort })}
            options={WALLET_SORTS.map((sort) => ({ value: sort, label: t(`wallet.sort.${sort}`) }))}
            data-testid="wallet-sort"
          />
        </div>
      </div>
    </div>
  );
}
