import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, withQuery } from '../../../shared/paths.ts';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import { useNow } from '../../../shared/use-now.ts';
import { getPrivilegesQueryOptions } from '../api/get-privileges.ts';
import { getVouchersQueryOptions } from '../api/get-vouchers.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { DEFAULT_FILTER } from '../lib/list-filter.ts';
import { PrivilegeCard } from './privilege-card.tsx';
import { CardSkeletons } from './skeletons.tsx';
import { VoucherCard } from './voucher-card.tsx';

const VOUCHER_RESULTS = 10;
const PRIVILEGE_RESULTS = 6;

/** What a home search finds: vouchers (with 'See all' in the full list) and privileges, or 'No results found'. */
export function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const scope = useCatalogueScope();
  const now = useNow();
  const filter = { ...DEFAULT_FILTER, q };
  const vouchers = useQuery(getVouchersQueryOptions(scope, filter, VOUCHER_RESULTS));
  const privileges = useQuery(getPrivilegesQueryOptions(scope, filter, PRIVILEGE_RESULTS));

  const heading = (
    <h2 className="section-title" id="search-results-title" aria-live="polite">
      {t('catalogue.search.resultsFor', { q })}
    </h2>
  );
  if (vouchers.isPending || privileges.isPending) {
    return (
      <section className="home-section" aria-labelledby="search-results-title">
        {heading}
        <CardSkeletons count={4} />
      </section>
    );
  }
  if (vouchers.isError || privileges.isError) {
    return (
      <section className="home-section" aria-labelledby="search-results-title">
        {heading}
        <ErrorState
          error={vouchers.error ?? privileges.error}
          retrying={vouchers.isFetching || privileges.isFetching}
          onRetry={() => {
            void vouchers.refetch();
            void privileges.refetch();
          }}
        />
      </section>
    );
  }
  const voucherTotal = vouchers.data.total;
  const privilegeTotal = privileges.data.total;
  return (
    <section className="home-section" aria-labelledby="search-results-title" data-testid="search-results">
      {heading}
      {voucherTotal + privilegeTotal === 0 ? (
        <EmptyState title={t('catalogue.search.noResults')} text={t('catalogue.search.noResultsText')} />
      ) : (
        <>
          {voucherTotal > 0 && (
            <>
              <div className="section-heading">
                <h3 className="subsection-title">
                  {t('catalogue.search.vouchers', {
                    count: voucherTotal,
                    number: formatNumber(voucherTotal),
                  })}
                </h3>
                {voucherTotal > vouchers.data.items.length && (
                  <Link
                    className="see-all"
                    to={to(withQuery(paths.vouchers, { q }))}
                    data-testid="search-see-all"
                  >
                    {t('catalogue.home.seeAll')}
                  </Link>
                )}
              </div>
              <ul className="card-grid">
                {vouchers.data.items.map((v) => (
                  <li key={v.id}>
                    <VoucherCard voucher={v} now={now} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {privilegeTotal > 0 && (
            <>
              <div className="section-heading">
                <h3 className="subsection-title">
                  {t('catalogue.search.privileges', {
                    count: privilegeTotal,
                    number: formatNumber(privilegeTotal),
                  })}
                </h3>
                {privilegeTotal > privileges.data.items.length && (
                  <Link className="see-all" to={to(withQuery(paths.privileges, { q }))}>
                    {t('catalogue.home.seeAll')}
                  </Link>
                )}
              </div>
              <ul className="card-grid">
                {privileges.data.items.map((p) => (
                  <li key={p.id}>
                    <PrivilegeCard privilege={p} now={now} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

export default SearchResults;
