import type { Category } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { CategoryChips as Chips } from '../../../shared/ui/category-chips.tsx';
import styles from '../catalogue.module.css';

/** The shared category chips with the catalogue's words and the room it keeps below them. */
export function CategoryChips(props: {
  categories: Category[] | undefined;
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.categoryChips}>
      <Chips {...props} allLabel={t('catalogue.categories.all')} />
    </div>
  );
}
