import type { Category } from '@app/contracts';
import chips from './filter-chips.module.css';

/**
 * "All" and one chip per category (its icon and name); the chosen one is pressed, "All" when none is.
 * While the categories load, grey placeholders keep the row's height so the list below does not jump.
 * Used by the catalogue's lists and the wallet, which filter by the same categories.
 */
export function CategoryChips({
  categories,
  value,
  onChange,
  label,
  allLabel,
  placeholders = 5,
}: {
  categories: Category[] | undefined;
  /** The chosen category's slug; undefined for "All". */
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
  /** The row's accessible name. */
  label: string;
  /** The words on the "All" chip. */
  allLabel: string;
  placeholders?: number;
}) {
  if (!categories) {
    return (
      <div className={chips.chipRow} aria-hidden="true">
        {Array.from({ length: placeholders }, (_, i) => (
          <span key={i} className={`${chips.chip} ${chips.placeholder}`} />
        ))}
      </div>
    );
  }
  return (
    <div className={chips.chipRow} role="group" aria-label={label}>
      <button
        type="button"
        className={chips.chip}
        aria-pressed={!value}
        onClick={() => onChange(undefined)}
        data-testid="chip-all"
      >
        {allLabel}
      </button>
      {categories.map((c) => (
        <button
          key={c.id}
          type="button"
          className={chips.chip}
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
