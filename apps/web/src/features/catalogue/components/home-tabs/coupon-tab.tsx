import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../../shared/use-now.ts';
import { getCouponsInfiniteQueryOptions } from '../../api/get-coupons.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import { CouponCard } from '../coupon-card.tsx';
import { PagedItems } from '../paged-items.tsx';
import styles from '../../catalogue.module.css';

/** The coupon tab: every coupon with its conditions (they are applied at checkout). */
export function CouponTab() {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const now = useNow();
  const coupons = useInfiniteQuery(getCouponsInfiniteQueryOptions(scope));
  return (
    <>
      <p className={styles.tabLead}>{t('catalogue.coupon.lead')}</p>
      <PagedItems
        query={coupons}
        layout="rows"
        label={t('catalogue.tabs.coupon')}
        render={(c) => <CouponCard coupon={c} now={now} />}
        empty={{ title: t('catalogue.coupon.emptyTitle'), text: t('catalogue.coupon.emptyText') }}
      />
    </>
  );
}

export default CouponTab;
