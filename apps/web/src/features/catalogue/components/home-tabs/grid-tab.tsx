import type { Category, Page } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../../shared/i18n/use-localized-path.ts';
import { paths, withQuery } from '../../../../shared/paths.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/list-states.tsx';
import { CategoryChips } from '../category-chips.tsx';
import { CardSkeletons } from '../skeletons.tsx';

export const HOME_GRID_SIZE = 6;

export interface CategoryTabProps {
  categories: Category[] | undefined;
  category: string | undefined;
  onCategory: (slug: string | undefined) => void;
}

/**
 * A home tab of vouchers or privileges: category chips, the first few items as a grid, and 'See all'
 * opening the full list with the same category.
 */
export function GridTab<T extends { id: string }>({
  kind,
  query,
  renderItem,
  categories,
  category,
  onCategory,
}: CategoryTabProps & {
  kind: 'vouchers' | 'privileges';
  query: UseQueryResult<Page<T>>;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const titleId = `all-${kind}-title`;
  return (
    <>
      <CategoryChips
        categories={categories}
        value={category}
        onChange={onCategory}
        label={t('catalogue.categories.label')}
      />
      <div className="section-heading">
        <h3 className="subsection-title" id={titleId}>
          {kind === 'vouchers' ? t('catalogue.home.allVouchers') : t('catalogue.home.allPrivileges')}
        </h3>
        <Link
          className="see-all"
          to={to(withQuery(paths[kind], { category }))}
          data-testid={`see-all-${kind}`}
        >
          {t('catalogue.home.seeAll')}
        </Link>
      </div>
      {query.isPending ? (
        <CardSkeletons count={HOME_GRID_SIZE} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t(`catalogue.${kind}.emptyTitle`)} text={t(`catalogue.${kind}.emptyText`)} />
      ) : (
        <ul className="card-grid" aria-labelledby={titleId} data-testid={`all-${kind}`}>
          {query.data.items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
