import { Button, Input, Modal, Radio } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import messages from '../../../shared/ui/form-messages.module.css';
import {
  checkPriceRange,
  DEFAULT_FILTER,
  SORT_KEYS,
  SORTS,
  sortKeyOf,
  type ListFilter,
  type PriceRangeError,
  type SortKey,
} from '../lib/list-filter.ts';
import styles from '../catalogue.module.css';

type Fields = { sort: SortKey; min: string; max: string };

const fieldsOf = (filter: ListFilter): Fields => ({
  sort: sortKeyOf(filter),
  min: filter.minPrice === undefined ? '' : String(filter.minPrice),
  max: filter.maxPrice === undefined ? '' : String(filter.maxPrice),
});

/**
 * The list filter: sort (Newest, Oldest, Price low to high, Price high to low), min and
 * max price (whole numbers, min ≤ max), Reset and Apply Filter. Prices are points for privileges.
 */
export function FilterModal({
  open,
  filter,
  kind,
  onClose,
  onApply,
}: {
  open: boolean;
  filter: ListFilter;
  kind: 'voucher' | 'privilege';
  onClose: () => void;
  onApply: (next: ListFilter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(filter));
  const [error, setError] = useState<{ field: 'min' | 'max'; error: PriceRangeError } | null>(null);
  const [lastOpen, setLastOpen] = useState(open);

  // Each opening starts from the filter in the URL.
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setFields(fieldsOf(filter));
      setError(null);
    }
  }

  const apply = () => {
    const range = checkPriceRange(fields.min, fields.max);
    if (!range.ok) {
      setError({ field: range.field, error: range.error });
      return;
    }
    const next: ListFilter = { ...filter, ...SORTS[fields.sort] };
    delete next.minPrice;
    delete next.maxPrice;
    if (range.minPrice !== undefined) next.minPrice = range.minPrice;
    if (range.maxPrice !== undefined) next.maxPrice = range.maxPrice;
    onApply(next);
  };

  const unit = kind === 'voucher' ? 'price' : 'points';
  const errorText = error ? t(`catalogue.filter.errors.${error.error}`) : null;

  return (
    <Modal
      open={open}
      title={t('catalogue.filter.title')}
      onCancel={onClose}
      centered
      width={400}
      destroyOnHidden
      footer={
        <div className={styles.modalActions}>
          <Button
            data-testid="filter-reset"
            onClick={() => {
              setFields(fieldsOf(DEFAULT_FILTER));
              setError(null);
            }}
          >
            {t('catalogue.filter.reset')}
          </Button>
          <Button type="primary" data-testid="filter-apply" onClick={apply}>
            {t('catalogue.filter.apply')}
          </Button>
        </div>
      }
    >
      <div className="filter-form">
        <fieldset className={styles.filterGroup}>
          <legend className={styles.filterLegend}>{t('catalogue.filter.sortBy')}</legend>
          <Radio.Group
            className={styles.filterSorts}
            value={fields.sort}
            onChange={(e) => setFields((f) => ({ ...f, sort: e.target.value as SortKey }))}
          >
            {SORT_KEYS.map((key) => (
              <Radio key={key} value={key} data-testid={`sort-${key}`}>
                {t(`catalogue.filter.sorts.${unit}.${key}`)}
              </Radio>
            ))}
          </Radio.Group>
        </fieldset>
        <fieldset className={styles.filterGroup}>
          <legend className={styles.filterLegend}>{t(`catalogue.filter.range.${unit}`)}</legend>
          <div className={styles.priceRow}>
            <label className={styles.priceField} htmlFor={`${id}-min`}>
              <span>{t('catalogue.filter.min')}</span>
              <Input
                id={`${id}-min`}
                data-testid="filter-min"
                inputMode="numeric"
                autoComplete="off"
                value={fields.min}
                status={error?.field === 'min' ? 'error' : undefined}
                aria-invalid={error?.field === 'min'}
                aria-describedby={`${id}-error`}
                placeholder="0"
                onPressEnter={apply}
                onChange={(e) => {
                  setFields((f) => ({ ...f, min: e.target.value }));
                  setError(null);
                }}
              />
            </label>
            <span className={styles.priceDash} aria-hidden="true">
              –
            </span>
            <label className={styles.priceField} htmlFor={`${id}-max`}>
              <span>{t('catalogue.filter.max')}</span>
              <Input
                id={`${id}-max`}
                data-testid="filter-max"
                inputMode="numeric"
                autoComplete="off"
                value={fields.max}
                status={error?.field === 'max' ? 'error' : undefined}
                aria-invalid={error?.field === 'max'}
                aria-describedby={`${id}-error`}
                placeholder={t('catalogue.filter.any')}
                onPressEnter={apply}
                onChange={(e) => {
                  setFields((f) => ({ ...f, max: e.target.value }));
                  setError(null);
                }}
              />
            </label>
          </div>
          <p id={`${id}-error`} className={messages.fieldError} role="alert" data-testid="filter-error">
            {errorText}
          </p>
        </fieldset>
      </div>
    </Modal>
  );
}
