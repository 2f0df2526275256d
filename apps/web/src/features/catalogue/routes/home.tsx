import '../texts.ts';
import type { BannerPosition } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { Later } from '../../../shared/ui/later.tsx';
import { lazyScreen } from '../../../shared/ui/lazy-screen.tsx';
import page from '../../../shared/ui/page.module.css';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { whenSettled } from '../../../shared/when-settled.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getBannersQueryOptions } from '../api/get-banners.ts';
import { getCategoriesQueryOptions } from '../api/get-categories.ts';
import { getRecommendedQueryOptions } from '../api/get-items.ts';
import { RECOMMENDED } from '../api/first-view.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { BannerStrip } from '../components/banner-strip.tsx';
import { GridTab } from '../components/home-tabs/grid-tab.tsx';
import { ItemStrip } from '../components/item-strip.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { CardSkeletons, RowSkeletons } from '../components/skeletons.tsx';
import { Tabs } from '../components/tabs.tsx';
import { voucherKind } from '../kinds/voucher-kind.tsx';
import { HOME_TABS, readHomeAddress, type HomeTab } from '../lib/home-address.ts';
import styles from '../catalogue.module.css';

// Only what the first view shows is in the home chunk; other tabs and search results load on demand.
const PrivilegeTab = lazyScreen(() => import('../components/home-tabs/privilege-tab.tsx'), { kit: false });
const CouponTab = lazyScreen(() => import('../components/home-tabs/coupon-tab.tsx'), { kit: false });
const StoreTab = lazyScreen(() => import('../components/home-tabs/store-tab.tsx'), { kit: false });
const SearchResults = lazyScreen(() => import('../components/search-results.tsx'), { kit: false });

export function HomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  const [params, setParams] = useSearchParams();
  const { q, tab, category } = readHomeAddress(params);
  usePrefetchLightParts();

  // Tabs and chips replace the entry (Back leaves home rather than stepping through tabs); a search is a new entry.
  const update = (patch: Record<string, string | undefined>, push = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: !push, preventScrollReset: !push });
  };

  // An address with both (an old link) shows the search without the category, and says so.
  const stale = !!q && !!category;
  useEffect(() => {
    if (stale) update({ category: undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address has both
  }, [stale]);

  return (
    <div className="page page-home">
      <Welcome />
      <SearchBox
        value={q}
        // The home search covers the whole catalogue: the category chips are hidden while it shows,
        // so a category left in the address would say one thing and the results another.
        onSearch={(term) => update({ q: term, category: undefined }, true)}
        onClear={() => update({ q: undefined })}
      />
      {q ? (
        <Suspense fallback={<CardSkeletons count={4} />}>
          <SearchResults q={q} />
        </Suspense>
      ) : (
        <>
          <Banners position="TOP" label={t('catalogue.banners.top')} />
          <Later>
            <Recommended />
          </Later>
          <Later>
            <section className={styles.homeSection} aria-labelledby="category-title">
              <h2 id="category-title" className={page.sectionTitle}>
                {t('catalogue.home.category')}
              </h2>
              <CategoryTabs
                tab={tab}
                category={category}
                onTab={(next) => update({ tab: next === 'voucher' ? undefined : next, category: undefined })}
                onCategory={(slug) => update({ category: slug })}
              />
            </section>
          </Later>
          <Banners position="BOTTOM" label={t('catalogue.banners.bottom')} />
        </>
      )}
    </div>
  );
}

/**
 * The privilege tab's and the search results' code (a few kB, no antd) downloads once home is settled, so
 * a first tap on them draws at once instead of asking for it inside the tap.
 */
function usePrefetchLightParts() {
  const client = useQueryClient();
  useEffect(() => {
    void whenSettled(client).then(() => {
      PrivilegeTab.prefetch();
      SearchResults.prefetch();
    });
  }, [client]);
}

function Welcome() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const firstName = useAuthStore((s) => s.info?.firstName?.trim());
  return (
    <section className={styles.homeWelcome} aria-labelledby="home-title">
      <div>
        <h1 id="home-title" className={styles.homeHello}>
          {isLoggedIn
            ? firstName
              ? t('home.welcomeMember', { name: firstName })
              : t('home.welcomeMemberNoName')
            : t('home.welcomeGuest')}
        </h1>
        <p className={styles.homeLead}>{isLoggedIn ? t('home.memberLead') : t('home.guestLead')}</p>
      </div>
      {!isLoggedIn && (
        <Link to={to(paths.signin)} className={styles.pillLink} data-testid="home-signin">
          {t('home.signIn')}
        </Link>
      )}
    </section>
  );
}

// Banners and the recommended strip depend on nothing the address holds: a tab or chip tapped (a new
// address, home drawn again) leaves them as they are, and the tap draws only what it changed.
const Banners = memo(function Banners({ position, label }: { position: BannerPosition; label: string }) {
  const scope = useCatalogueScope();
  const banners = useQuery(getBannersQueryOptions(scope, position));
  if (banners.isPending) {
    return (
      <div
        className={`${skeleton.skeleton} ${skeleton.media} ${styles.bannerSkeleton}`}
        style={{ aspectRatio: '12 / 5' }}
        aria-hidden="true"
      />
    );
  }
  // Banners are decoration around the catalogue: when they fail, the page goes on without them.
  if (banners.isError) return null;
  return <BannerStrip banners={banners.data} label={label} eager={position === 'TOP'} />;
});

const Recommended = memo(function Recommended() {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const now = useNow();
  const recommended = useQuery(getRecommendedQueryOptions('vouchers', scope, { limit: RECOMMENDED }));
  return (
    <ItemStrip
      id="recommended"
      title={t('catalogue.home.recommended')}
      query={recommended}
      render={(v) => voucherKind.card(v, now)}
    />
  );
});

function CategoryTabs({
  tab,
  category,
  onTab,
  onCategory,
}: {
  tab: HomeTab;
  category: string | undefined;
  onTab: (tab: HomeTab) => void;
  onCategory: (slug: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const categories = useQuery(getCategoriesQueryOptions(scope));
  return (
    <Tabs
      label={t('catalogue.home.category')}
      value={tab}
      onChange={onTab}
      tabs={HOME_TABS.map((key) => ({ key, label: t(`catalogue.tabs.${key}`) }))}
    >
      {tab === 'voucher' ? (
        <GridTab
          kind={voucherKind}
          categories={categories.data}
          category={category}
          onCategory={onCategory}
        />
      ) : (
        <Suspense
          fallback={tab === 'privilege' ? <CardSkeletons count={6} /> : <RowSkeletons count={4} tall />}
        >
          {tab === 'privilege' && (
            <PrivilegeTab categories={categories.data} category={category} onCategory={onCategory} />
          )}
          {tab === 'coupon' && <CouponTab />}
          {tab === 'store' && <StoreTab />}
        </Suspense>
      )}
    </Tabs>
  );
}

export default HomeScreen;
