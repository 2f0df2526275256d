import type { Category } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import styles from '../catalogue.module.css';

/** "All" and one chip per category; the chosen one is pressed. A row that scrolls sideways on a phone. */
export function CategoryChips({
  categories,
  value,
  onChange,
  label,
}: {
  categories: Category[] | undefined;
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (!categories) {
    return (
      <div className={styles.chipRow} aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className={`${styles.chip} ${styles.chipSkeleton}`} />
        ))}
      </div>
    );
  }
  return (
    <div className={styles.chipRow} role="group" aria-label={label}>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={!value}
        onClick={() => onChange(undefined)}
        data-testid="chip-all"
      >
        {t('catalogue.categories.all')}
      </button>
      {categories.map((c) => (
        <button
          key={c.id}
          type="button"
          className={styles.chip}
          aria-pressed={value === c.slug}
          onClick={() => onChange(c.slug)}
          data-testid={`chip-${c.slug}`}
        >
          <img src={c.iconUrl} alt="" width={20} height={20} loading="lazy" decoding="async" />
          {c.name}
        </button>
      ))}
    </div>
  );
}
