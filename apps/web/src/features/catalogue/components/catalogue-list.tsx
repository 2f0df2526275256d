import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { BackHeading } from '../../../shared/ui/back-heading.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { getCategoriesQueryOptions } from '../api/get-categories.ts';
import { getItemsInfiniteQueryOptions, type ItemKind } from '../api/get-items.ts';
import { useCatalogueScope } from '../api/scope.ts';
import type { CatalogueKind } from '../kinds/catalogue-kind.ts';
import { DEFAULT_FILTER, filterFromSearch, filterToSearch, type ListFilter } from '../lib/list-filter.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { PagedItems } from './paged-items.tsx';

/** The first row of a list is on screen at once: its pictures load first. */
const EAGER_CARDS = 2;

/**
 * The items of a kind for the filter in the URL query, plus `fixed` (one store's vouchers), page after
 * page under the toolbar. Only what the member chose is in the URL and counts as "filtered"; what the
 * screen fixes is neither shown there nor reset.
 */
export function CatalogueList<K extends ItemKind>({
  kind,
  fixed,
  showCategories = true,
  lead,
}: {
  kind: CatalogueKind<K>;
  fixed?: Partial<ListFilter>;
  showCategories?: boolean;
  /** Above the toolbar (the privileges' liked strip); told whether the member has filtered. */
  lead?: (filtered: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => ({ ...filterFromSearch(params), ...fixed }), [params, fixed]);
  const chosen = (f: ListFilter) => {
    const inUrl = { ...f };
    for (const key of Object.keys(fixed ?? {})) delete inUrl[key as keyof ListFilter];
    return filterToSearch(inUrl);
  };
  const setFilter = (next: ListFilter) => setParams(chosen(next));
  const items = useInfiniteQuery(getItemsInfiniteQueryOptions(kind.plural, scope, filter));
  const categories = useQuery(getCategoriesQueryOptions(scope));
  const filtered = chosen(filter).toString() !== '';

  return (
    <>
      {lead?.(filtered)}
      <ListToolbar
        kind={kind.singular}
        filter={filter}
        onChange={setFilter}
        total={items.data?.pages[0]?.total}
        categories={categories.data}
        showCategories={showCategories}
      />
      <PagedItems
        query={items}
        label={t(`catalogue.${kind.plural}.title`)}
        render={(item, index) => kind.card(item, now, index < EAGER_CARDS)}
        empty={
          filtered
            ? {
                title: t('catalogue.list.noMatchTitle'),
                text: t('catalogue.list.noMatchText'),
                action: (
                  <LightButton
                    onClick={() => setFilter({ ...DEFAULT_FILTER, ...fixed })}
                    data-testid="reset-filters"
                  >
                    {t('catalogue.list.resetFilters')}
                  </LightButton>
                ),
              }
            : {
                title: t(`catalogue.${kind.plural}.emptyTitle`),
                text: t(`catalogue.${kind.plural}.emptyText`),
              }
        }
      />
    </>
  );
}

/** The Vouchers or Privileges screen: its title with the way back, and the list. */
export function CatalogueListScreen<K extends ItemKind>({
  kind,
  lead,
}: {
  kind: CatalogueKind<K>;
  lead?: (filtered: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`catalogue.${kind.plural}.title`);
  useDocumentTitle(title);
  return (
    <div className="page page-list">
      <BackHeading fallback={paths.home} title={title} />
      <CatalogueList kind={kind} lead={lead} />
    </div>
  );
}
