import type { Category } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../../shared/i18n/use-localized-path.ts';
import { paths, withQuery } from '../../../../shared/paths.ts';
import { Later } from '../../../../shared/ui/later.tsx';
import { EmptyState, ErrorState } from '../../../../shared/ui/list-states.tsx';
import { useNow } from '../../../../shared/use-now.ts';
import { getFirstItemsQueryOptions, type ItemKind } from '../../api/get-items.ts';
import { HOME_GRID_SIZE } from '../../api/first-view.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import type { CatalogueKind } from '../../kinds/catalogue-kind.ts';
import { DEFAULT_FILTER } from '../../lib/list-filter.ts';
import { CategoryChips } from '../category-chips.tsx';
import { CardSkeletons } from '../skeletons.tsx';
import styles from '../../catalogue.module.css';

export interface CategoryTabProps {
  categories: Category[] | undefined;
  category: string | undefined;
  onCategory: (slug: string | undefined) => void;
}

/**
 * A home tab of vouchers or privileges: category chips, the first few items as a grid, and 'See all'
 * opening the full list with the same category.
 */
export function GridTab<K extends ItemKind>({
  kind: { plural, card },
  categories,
  category,
  onCategory,
}: CategoryTabProps & { kind: CatalogueKind<K> }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const scope = useCatalogueScope();
  const now = useNow();
  const query = useQuery(
    getFirstItemsQueryOptions(plural, scope, { ...DEFAULT_FILTER, category }, HOME_GRID_SIZE),
  );
  const titleId = `all-${plural}-title`;
  return (
    <>
      <CategoryChips
        categories={categories}
        value={category}
        onChange={onCategory}
        label={t('catalogue.categories.label')}
      />
      <div className={styles.sectionHeading}>
        <h3 className={styles.subsectionTitle} id={titleId}>
          {plural === 'vouchers' ? t('catalogue.home.allVouchers') : t('catalogue.home.allPrivileges')}
        </h3>
        <Link
          className={styles.seeAll}
          to={to(withQuery(paths[plural], { category }))}
          data-testid={`see-all-${plural}`}
        >
          {t('catalogue.home.seeAll')}
        </Link>
      </div>
      {query.isPending ? (
        <CardSkeletons count={HOME_GRID_SIZE} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t(`catalogue.${plural}.emptyTitle`)} text={t(`catalogue.${plural}.emptyText`)} />
      ) : (
        <ul className={styles.cardGrid} aria-labelledby={titleId} data-testid={`all-${plural}`}>
          {query.data.items.map((item) => (
            <Later key={item.id}>
              <li>{card(item, now)}</li>
            </Later>
          ))}
        </ul>
      )}
    </>
  );
}
