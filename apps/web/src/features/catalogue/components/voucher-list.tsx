import { Button } from 'antd';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNow } from '../../../shared/use-now.ts';
import { getCategoriesQueryOptions } from '../api/get-categories.ts';
import { getVouchersInfiniteQueryOptions } from '../api/get-vouchers.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { DEFAULT_FILTER, filterFromSearch, filterToSearch, type ListFilter } from '../lib/list-filter.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { PagedItems } from './paged-items.tsx';
import { VoucherCard } from './voucher-card.tsx';

const isFiltered = (f: ListFilter) => filterToSearch({ ...f, merchant: undefined }).toString() !== '';

/** The vouchers of the filter in the URL query (plus `fixed`, e.g. one store's), page after page. */
export function VoucherList({
  fixed,
  showCategories = true,
}: {
  fixed?: Partial<ListFilter>;
  showCategories?: boolean;
}) {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => ({ ...filterFromSearch(params), ...fixed }), [params, fixed]);
  const setFilter = (next: ListFilter) => {
    const inUrl = { ...next };
    for (const key of Object.keys(fixed ?? {})) delete inUrl[key as keyof ListFilter];
    setParams(filterToSearch(inUrl));
  };
  const vouchers = useInfiniteQuery(getVouchersInfiniteQueryOptions(scope, filter));
  const categories = useQuery(getCategoriesQueryOptions(scope));
  const filtered = isFiltered(filter);

  return (
    <>
      <ListToolbar
        kind="voucher"
        filter={filter}
        onChange={setFilter}
        total={vouchers.data?.pages[0]?.total}
        categories={categories.data}
        showCategories={showCategories}
      />
      <PagedItems
        query={vouchers}
        label={t('catalogue.vouchers.title')}
        render={(v, index) => <VoucherCard voucher={v} now={now} eager={index < 2} />}
        empty={
          filtered
            ? {
                title: t('catalogue.list.noMatchTitle'),
                text: t('catalogue.list.noMatchText'),
                action: (
                  <Button
                    onClick={() => setFilter({ ...DEFAULT_FILTER, ...fixed })}
                    data-testid="reset-filters"
                  >
                    {t('catalogue.list.resetFilters')}
                  </Button>
                ),
              }
            : { title: t('catalogue.vouchers.emptyTitle'), text: t('catalogue.vouchers.emptyText') }
        }
      />
    </>
  );
}
