import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMerchantsInfiniteQueryOptions } from '../../api/get-merchants.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import { MerchantCard } from '../merchant-card.tsx';
import { PagedItems } from '../paged-items.tsx';

/** The store tab: every merchant; each opens its vouchers. */
export function StoreTab() {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const merchants = useInfiniteQuery(getMerchantsInfiniteQueryOptions(scope));
  return (
    <PagedItems
      query={merchants}
      layout="rows"
      label={t('catalogue.tabs.store')}
      render={(m) => <MerchantCard merchant={m} />}
      empty={{ title: t('catalogue.store.emptyTitle'), text: t('catalogue.store.emptyText') }}
    />
  );
}

export default StoreTab;
