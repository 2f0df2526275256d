import type { Page } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, withQuery } from '../../../shared/paths.ts';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { useNow } from '../../../shared/use-now.ts';
import { getFirstItemsQueryOptions, type ItemKind, type SummaryOf } from '../api/get-items.ts';
import { useCatalogueScope } from '../api/scope.ts';
import type { CatalogueKind } from '../kinds/catalogue-kind.ts';
import { privilegeKind } from '../kinds/privilege-kind.tsx';
import { voucherKind } from '../kinds/voucher-kind.tsx';
import { DEFAULT_FILTER } from '../lib/list-filter.ts';
import { CardSkeletons } from './skeletons.tsx';
import styles from '../catalogue.module.css';

const VOUCHER_RESULTS = 10;
const PRIVILEGE_RESULTS = 6;

/** What a home search finds: vouchers (with 'See all' in the full list) and privileges, or 'No results found'. */
export function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const now = useNow();
  const filter = { ...DEFAULT_FILTER, q };
  const vouchers = useQuery(getFirstItemsQueryOptions('vouchers', scope, filter, VOUCHER_RESULTS));
  const privileges = useQuery(getFirstItemsQueryOptions('privileges', scope, filter, PRIVILEGE_RESULTS));

  const heading = (
    <h2 className={page.sectionTitle} id="search-results-title" aria-live="polite">
      {t('catalogue.search.resultsFor', { q })}
    </h2>
  );
  if (vouchers.isPending || privileges.isPending) {
    return (
      <section className={styles.homeSection} aria-labelledby="search-results-title">
        {heading}
        <CardSkeletons count={4} />
      </section>
    );
  }
  if (vouchers.isError || privileges.isError) {
    return (
      <section className={styles.homeSection} aria-labelledby="search-results-title">
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
  return (
    <section
      className={styles.homeSection}
      aria-labelledby="search-results-title"
      data-testid="search-results"
    >
      {heading}
      {vouchers.data.total + privileges.data.total === 0 ? (
        <EmptyState title={t('catalogue.search.noResults')} text={t('catalogue.search.noResultsText')} />
      ) : (
        <>
          <Found kind={voucherKind} q={q} found={vouchers.data} now={now} seeAllTestId="search-see-all" />
          <Found kind={privilegeKind} q={q} found={privileges.data} now={now} />
        </>
      )}
    </section>
  );
}

/** One kind's results: how many, 'See all' when there are more than shown, and the cards. */
function Found<K extends ItemKind>({
  kind,
  q,
  found,
  now,
  seeAllTestId,
}: {
  kind: CatalogueKind<K>;
  q: string;
  found: Page<SummaryOf<K>>;
  now: number;
  seeAllTestId?: string;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const plural: ItemKind = kind.plural;
  if (found.total === 0) return null;
  return (
    <>
      <div className={styles.sectionHeading}>
        <h3 className={styles.subsectionTitle}>
          {t(`catalogue.search.${plural}`, { count: found.total, number: formatNumber(found.total) })}
        </h3>
        {found.total > found.items.length && (
          <Link className={styles.seeAll} to={to(withQuery(paths[plural], { q }))} data-testid={seeAllTestId}>
            {t('catalogue.home.seeAll')}
          </Link>
        )}
      </div>
      <ul className={styles.cardGrid}>
        {found.items.map((item) => (
          <li key={item.id}>{kind.card(item, now)}</li>
        ))}
      </ul>
    </>
  );
}

export default SearchResults;
