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
import { getWalletInfiniteQueryOptions } from '../api/get-wallet.ts';
import { useWalletScope } from '../api/query-keys.ts';
import { WalletFilters } from '../components/wallet-filters.tsx';
import { WalletList } from '../components/wallet-list.tsx';
import { walletFilterFromSearch, walletFilterToSearch, type WalletFilter } from '../lib/wallet-filter.ts';
import styles from '../wallet.module.css';

/** The member's vouchers: status tabs, category and sort, page after page; each card opens its code. */
export function WalletScreen() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const scope = useWalletScope();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => walletFilterFromSearch(params), [params]);
  // Like home's tabs, a filter replaces the history entry: Back leaves the wallet, it does not step
  // back through every tab and chip tapped.
  const setFilter = (next: WalletFilter) => setParams(walletFilterToSearch(next), { replace: true });
  const vouchers = useInfiniteQuery(getWalletInfiniteQueryOptions(scope, filter));
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
        total={vouchers.data?.pages[0]?.total}
      />
      <WalletList query={vouchers} empty={empty} />
    </div>
  );
}

export default WalletScreen;
