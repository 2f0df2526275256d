import { Button } from 'antd';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getCategoriesQueryOptions } from '../api/get-categories.ts';
import { getFavoritePrivilegesQueryOptions } from '../api/get-favorite-privileges.ts';
import { getPrivilegesInfiniteQueryOptions } from '../api/get-privileges.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { PagedItems } from '../components/paged-items.tsx';
import { PrivilegeCard } from '../components/privilege-card.tsx';
import { DEFAULT_FILTER, filterFromSearch, filterToSearch, type ListFilter } from '../lib/list-filter.ts';
import '../catalogue.css';

export function PrivilegesScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('catalogue.privileges.title'));
  const scope = useCatalogueScope();
  const now = useNow();
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(params), [params]);
  const setFilter = (next: ListFilter) => setParams(filterToSearch(next));
  const privileges = useInfiniteQuery(getPrivilegesInfiniteQueryOptions(scope, filter));
  const categories = useQuery(getCategoriesQueryOptions(scope));
  const favorites = useQuery({ ...getFavoritePrivilegesQueryOptions(scope), enabled: isLoggedIn });
  const filtered = filterToSearch(filter).toString() !== '';

  return (
    <div className="page page-list">
      <div className="page-heading">
        <BackButton fallback={paths.home} />
        <h1 className="page-title">{t('catalogue.privileges.title')}</h1>
      </div>
      {!filtered && favorites.data && favorites.data.length > 0 && (
        <section className="home-section" aria-labelledby="liked-title">
          <h2 id="liked-title" className="section-title">
            {t('catalogue.privileges.liked')}
          </h2>
          <ul className="h-strip">
            {favorites.data.map((p) => (
              <li key={p.id}>
                <PrivilegeCard privilege={p} now={now} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <ListToolbar
        kind="privilege"
        filter={filter}
        onChange={setFilter}
        total={privileges.data?.pages[0]?.total}
        categories={categories.data}
      />
      <PagedItems
        query={privileges}
        label={t('catalogue.privileges.title')}
        render={(p) => <PrivilegeCard privilege={p} now={now} />}
        empty={
          filtered
            ? {
                title: t('catalogue.list.noMatchTitle'),
                text: t('catalogue.list.noMatchText'),
                action: (
                  <Button onClick={() => setFilter(DEFAULT_FILTER)} data-testid="reset-filters">
                    {t('catalogue.list.resetFilters')}
                  </Button>
                ),
              }
            : { title: t('catalogue.privileges.emptyTitle'), text: t('catalogue.privileges.emptyText') }
        }
      />
    </div>
  );
}

export default PrivilegesScreen;
