import type { Category } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../../shared/i18n/use-localized-path.ts';
import { paths, withQuery } from '../../../../shared/paths.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/list-states.tsx';
import { useNow } from '../../../../shared/use-now.ts';
import { getPrivilegesQueryOptions } from '../../api/get-privileges.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import { DEFAULT_FILTER } from '../../lib/list-filter.ts';
import { CategoryChips } from '../category-chips.tsx';
import { PrivilegeCard } from '../privilege-card.tsx';
import { CardSkeletons } from '../skeletons.tsx';
import { HOME_GRID_SIZE } from './voucher-tab.tsx';

/** The privilege tab: category chips and the first privileges, 'See all' opens the list. */
export function PrivilegeTab({
  categories,
  category,
  onCategory,
}: {
  categories: Category[] | undefined;
  category: string | undefined;
  onCategory: (slug: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const scope = useCatalogueScope();
  const now = useNow();
  const privileges = useQuery(
    getPrivilegesQueryOptions(scope, { ...DEFAULT_FILTER, category }, HOME_GRID_SIZE),
  );
  return (
    <>
      <CategoryChips
        categories={categories}
        value={category}
        onChange={onCategory}
        label={t('catalogue.categories.label')}
      />
      <div className="section-heading">
        <h3 className="subsection-title" id="all-privileges-title">
          {t('catalogue.home.allPrivileges')}
        </h3>
        <Link
          className="see-all"
          to={to(withQuery(paths.privileges, { category }))}
          data-testid="see-all-privileges"
        >
          {t('catalogue.home.seeAll')}
        </Link>
      </div>
      {privileges.isPending ? (
        <CardSkeletons count={HOME_GRID_SIZE} />
      ) : privileges.isError ? (
        <ErrorState
          error={privileges.error}
          onRetry={() => void privileges.refetch()}
          retrying={privileges.isFetching}
        />
      ) : privileges.data.items.length === 0 ? (
        <EmptyState title={t('catalogue.privileges.emptyTitle')} text={t('catalogue.privileges.emptyText')} />
      ) : (
        <ul className="card-grid" aria-labelledby="all-privileges-title">
          {privileges.data.items.map((p) => (
            <li key={p.id}>
              <PrivilegeCard privilege={p} now={now} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default PrivilegeTab;
