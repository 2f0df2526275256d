import { Later } from '../../../shared/ui/later.tsx';
import type { Page, WalletGroup, WalletVoucher } from '@app/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uniqueRows } from '../../../shared/unique-rows.ts';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { WalletCard } from './wallet-card.tsx';
import styles from '../wallet.module.css';

/** The first cards are on screen at once: their pictures load first. */
const EAGER_CARDS = 3;

type Entry = WalletVoucher | WalletGroup;

/** An entry once in the list: a group by its name, an item by its id. */
const keyOf = (entry: Entry) => ('group' in entry ? entry.group : entry.id);

/**
 * The wallet's states in one place: skeletons while the first page loads, an error with Retry, the
 * empty state, the cards, and the next pages as the member scrolls (or taps Load more). Entries are
 * the list's groups, or (`inGroup`) the items of one group.
 */
export function WalletList({
  query,
  empty,
  inGroup,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Entry>>>;
  empty: ReactNode;
  inGroup?: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <WalletSkeletons />;
  if (query.isError && !query.data) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  // A voucher bought or used between two pages shifts them: show each one once.
  const vouchers = uniqueRows(query.data?.pages, keyOf);
  if (vouchers.length === 0) return empty;
  const total = query.data?.pages[0]?.total ?? vouchers.length;
  return (
    <>
      <ul className={styles.list} aria-label={t('wallet.listLabel')} data-testid="wallet-list">
        {vouchers.map((voucher, index) => (
          <Later tail key={keyOf(voucher)}>
            <li>
              <WalletCard
                voucher={voucher}
                eager={index < EAGER_CARDS}
                position={inGroup ? { n: index + 1, of: total } : undefined}
              />
            </li>
          </Later>
        ))}
      </ul>
      <LoadMore query={query} />
    </>
  );
}

function WalletSkeletons() {
  const { t } = useTranslation();
  return (
    <div className={styles.list} role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('app.loading')}</span>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={`${skeleton.skeleton} ${styles.skeletonCard}`} aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * The end of the list: the next page starts loading 600 px before the member reaches it, and a button
 * does the same for keyboards. After a failed page it says Retry and waits for the member.
 */
function LoadMore({ query }: { query: UseInfiniteQueryResult<InfiniteData<Page<Entry>>> }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const auto = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    const node = sentinel.current;
    if (!auto || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto, fetchNextPage]);
  if (!hasNextPage) return null;
  return (
    <div className={styles.loadMore} ref={sentinel}>
      <LightButton
        block
        loading={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
        data-testid="load-more"
      >
        {isFetchNextPageError ? t('states.retry') : t('wallet.loadMore')}
      </LightButton>
    </div>
  );
}
