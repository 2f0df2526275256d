import '../texts.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getCategoriesQueryOptions } from '../../../shared/catalogue/categories.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { EmptyState, StateActions } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { getWalletGroupsInfiniteQueryOptions, getWalletInfiniteQueryOptions } from '../api/get-wallet.ts';
import { useWalletScope } from '../api/query-keys.ts';
import { WalletFilters } from '../components/wallet-filters.tsx';
import { OfflineNote } from '../components/offline-note.tsx';
import { WalletList } from '../components/wallet-list.tsx';
import { walletFilterFromSearch, walletFilterToSearch, type WalletFilter } from '../lib/wallet-filter.ts';
import styles from '../wallet.module.css';

/**
 * The member's vouchers: status tabs, category and sort, page after page, identical vouchers as one
 * card ("×3"); a card opens its voucher, a group's card the list of its vouchers (`?group=`).
 */
export function WalletScreen() {
  const [params] = useSearchParams();
  const filter = useMemo(() => walletFilterFromSearch(params), [params]);
  return filter.group ? <WalletGroupView filter={filter} /> : <WalletListView filter={filter} />;
}

export default WalletScreen;

function WalletListView({ filter }: { filter: WalletFilter }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const scope = useWalletScope();
  const [, setParams] = useSearchParams();
  // Like home's tabs, a filter replaces the history entry: Back leaves the wallet, it does not step
  // back through every tab and chip tapped.
  const setFilter = (next: WalletFilter) => setParams(walletFilterToSearch(next), { replace: true });
  const vouchers = useInfiniteQuery(getWalletGroupsInfiniteQueryOptions(scope, filter));
  const categories = useQuery(getCategoriesQueryOptions(scope.lang));
  useDocumentTitle(t('wallet.title'));

  const shopNow = (
    <LightButton variant="primary" block onClick={() => void navigate(to(paths.home))} data-testid="shop-now">
      {t('wallet.shopNow')}
    </LightButton>
  );
  const empty = filter.category ? (
    <EmptyState
      title={t('wallet.empty.category.title')}
      text={t('wallet.empty.category.text')}
      action={
        <StateActions>
          <LightButton
            block
            onClick={() => setFilter({ status: filter.status, sort: filter.sort })}
            data-testid="show-all-categories"
          >
            {t('wallet.showAllCategories')}
          </LightButton>
          {shopNow}
        </StateActions>
      }
    />
  ) : (
    <EmptyState
      title={t(`wallet.empty.${filter.status}.title`)}
      text={t(`wallet.empty.${filter.status}.text`)}
      action={<StateActions>{shopNow}</StateActions>}
    />
  );

  return (
    <div className={`page ${styles.page}`}>
      <h1 className={`${page.title} ${styles.title}`}>{t('wallet.title')}</h1>
      <WalletFilters
        filter={filter}
        onChange={setFilter}
        categories={categories.data}
        total={vouchers.data?.pages[0]?.itemTotal}
      />
      <OfflineNote savedAt={vouchers.data?.pages[0]?.offlineSavedAt} />
      <WalletList query={vouchers} empty={empty} />
    </div>
  );
}

/**
 * One group of identical vouchers opened: each with its own code, uses and purchase, one card each.
 * A group the member has since emptied (its vouchers used or expired) says so and leads back.
 */
function WalletGroupView({ filter }: { filter: WalletFilter }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const scope = useWalletScope();
  const vouchers = useInfiniteQuery(getWalletInfiniteQueryOptions(scope, filter));
  const first = vouchers.data?.pages[0];
  const title = first?.items[0]?.title;
  const count = first?.total ?? 0;
  useDocumentTitle(title ?? t('wallet.title'));
  const { group: _opened, ...list } = filter;
  const listSearch = walletFilterToSearch(list).toString();
  const backTo = `${paths.wallet}${listSearch ? `?${listSearch}` : ''}`;
  return (
    <div className={`page ${styles.page}`}>
      <div className={`${page.heading} ${styles.heading}`}>
        <BackButton fallback={backTo} />
        <span className={styles.headingLabel}>{t('wallet.title')}</span>
      </div>
      {title && (
        <>
          <h1 className={`${page.title} ${styles.groupTitle}`} data-testid="group-title">
            <Phrases text={title} />{' '}
            <span className={styles.groupCount}>{t('wallet.group.times', { count })}</span>
          </h1>
          <p className={styles.groupText}>{t('wallet.group.text', { count })}</p>
        </>
      )}
      <OfflineNote savedAt={first?.offlineSavedAt} />
      <WalletList
        query={vouchers}
        inGroup
        empty={
          <EmptyState
            title={t('wallet.group.emptyTitle')}
            text={t('wallet.group.emptyText')}
            action={
              <StateActions>
                <LightButton
                  variant="primary"
                  block
                  onClick={() => void navigate(to(backTo), { replace: true })}
                  data-testid="back-to-wallet"
                >
                  {t('wallet.detail.backToWallet')}
                </LightButton>
              </StateActions>
            }
          />
        }
      />
    </div>
  );
}
