import type { Category } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../../shared/i18n/use-localized-path.ts';
import { paths, withQuery } from '../../../../shared/paths.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/list-states.tsx';
import { useNow } from '../../../../shared/use-now.ts';
import { getVouchersQueryOptions } from '../../api/get-vouchers.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import { DEFAULT_FILTER } from '../../lib/list-filter.ts';
import { CategoryChips } from '../category-chips.tsx';
import { CardSkeletons } from '../skeletons.tsx';
import { VoucherCard } from '../voucher-card.tsx';

export const HOME_GRID_SIZE = 6;

/** The voucher tab: category chips and All Vouchers (the first six, 'See all' opens the list). */
export function VoucherTab({
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
  const vouchers = useQuery(getVouchersQueryOptions(scope, { ...DEFAULT_FILTER, category }, HOME_GRID_SIZE));
  return (
    <>
      <CategoryChips
        categories={categories}
        value={category}
        onChange={onCategory}
        label={t('catalogue.categories.label')}
      />
      <div className="section-heading">
        <h3 className="subsection-title" id="all-vouchers-title">
          {t('catalogue.home.allVouchers')}
        </h3>
        <Link
          className="see-all"
          to={to(withQuery(paths.vouchers, { category }))}
          data-testid="see-all-vouchers"
        >
          {t('catalogue.home.seeAll')}
        </Link>
      </div>
      {vouchers.isPending ? (
        <CardSkeletons count={HOME_GRID_SIZE} />
      ) : vouchers.isError ? (
        <ErrorState
          error={vouchers.error}
          onRetry={() => void vouchers.refetch()}
          retrying={vouchers.isFetching}
        />
      ) : vouchers.data.items.length === 0 ? (
        <EmptyState title={t('catalogue.vouchers.emptyTitle')} text={t('catalogue.vouchers.emptyText')} />
      ) : (
        <ul className="card-grid" aria-labelledby="all-vouchers-title" data-testid="all-vouchers">
          {vouchers.data.items.map((v) => (
            <li key={v.id}>
              <VoucherCard voucher={v} now={now} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
