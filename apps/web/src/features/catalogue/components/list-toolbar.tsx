import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import type { Category } from '@app/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { lazyScreen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { activeFilterCount, type ListFilter } from '../lib/list-filter.ts';
import { CategoryChips } from './category-chips.tsx';
import styles from '../catalogue.module.css';

// The modal (antd's Modal and Radio, with antd's theme) loads when first opened, not with the list: the
// list itself draws no antd.
const FilterModal = lazyScreen(() => import('./filter-modal.tsx').then((m) => ({ default: m.FilterModal })));

/** Above a list: the search text (removable), the Filter button, category chips and the result count. */
export function ListToolbar({
  kind,
  filter,
  onChange,
  total,
  categories,
  showCategories = true,
}: {
  kind: 'voucher' | 'privilege';
  filter: ListFilter;
  onChange: (next: ListFilter) => void;
  total: number | undefined;
  categories: Category[] | undefined;
  showCategories?: boolean;
}) {
  const { t } = useTranslation();
  const [filtering, setFiltering] = useState(false);
  const [modalLoaded, setModalLoaded] = useState(false);
  const active = activeFilterCount(filter);

  return (
    <div className={styles.listToolbar}>
      <div className={styles.listToolbarRow}>
        <p className={styles.resultCount} aria-live="polite" data-testid="result-count">
          {total === undefined
            ? '\u00a0'
            : t(`catalogue.list.count.${kind}`, { count: total, number: formatNumber(total) })}
        </p>
        <LightButton
          className={styles.filterButton}
          icon={<FilterOutlined aria-hidden />}
          data-testid="open-filter"
          aria-haspopup="dialog"
          onClick={() => {
            setModalLoaded(true);
            setFiltering(true);
          }}
        >
          {t('catalogue.filter.button')}
          {active > 0 && (
            <span className={styles.filterCount} data-testid="filter-count">
              <span className="visually-hidden">{t('catalogue.filter.activeCount', { count: active })}</span>
              <span aria-hidden="true">{active}</span>
            </span>
          )}
        </LightButton>
      </div>
      {filter.q && (
        <div className={styles.activeSearch}>
          <span>{t('catalogue.list.searchFor', { q: filter.q })}</span>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('catalogue.list.clearSearch')}
            data-testid="clear-search"
            onClick={() => {
              const next = { ...filter };
              delete next.q;
              onChange(next);
            }}
          >
            <CloseOutlined aria-hidden />
          </button>
        </div>
      )}
      {showCategories && (
        <CategoryChips
          categories={categories}
          value={filter.category}
          label={t('catalogue.categories.label')}
          onChange={(slug) => {
            const next = { ...filter };
            if (slug) next.category = slug;
            else delete next.category;
            onChange(next);
          }}
        />
      )}
      {modalLoaded && (
        <Suspense fallback={null}>
          <FilterModal
            open={filtering}
            filter={filter}
            kind={kind}
            onClose={() => setFiltering(false)}
            onApply={(next) => {
              setFiltering(false);
              onChange(next);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
