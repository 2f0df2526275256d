import '../texts.ts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { BackHeading } from '../../../shared/ui/back-heading.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { getMerchantQueryOptions } from '../api/get-merchant.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { CatalogueList } from '../components/catalogue-list.tsx';
import { voucherKind } from '../kinds/voucher-kind.tsx';
import styles from '../catalogue.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';

/** A store (merchant) and its vouchers, with the same filters as the vouchers list. */
export function StoreScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scope = useCatalogueScope();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const merchant = useQuery(getMerchantQueryOptions(scope, id));
  const fixed = useMemo(() => ({ merchant: id }), [id]);
  useDocumentTitle(merchant.data?.name ?? t('catalogue.store.title'));

  if (merchant.isError && isApiError(merchant.error) && merchant.error.status === 404) {
    return (
      <div className="page">
        <EmptyState
          title={t('errors.merchant_not_found')}
          text={t('catalogue.store.notFoundText')}
          action={
            <LightButton variant="primary" onClick={() => void navigate(to(paths.home))}>
              {t('common.backToHome')}
            </LightButton>
          }
        />
      </div>
    );
  }

  return (
    <div className="page page-list">
      <BackHeading fallback={paths.home} title={merchant.data?.name ?? t('catalogue.store.title')} />
      {merchant.isError ? (
        <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} compact />
      ) : (
        <section className={styles.storeHeader} aria-label={t('catalogue.store.about')}>
          {merchant.data ? (
            <>
              <MediaBox src={merchant.data.logoUrl} alt="" ratio="1 / 1" className={styles.storeLogo} eager />
              <div>
                <p className={styles.storeCategory}>{merchant.data.category.name}</p>
                <p className={styles.storeDescription}>
                  <Phrases text={merchant.data.description} />
                </p>
              </div>
            </>
          ) : (
            <span
              className={`${skeleton.skeleton} ${skeleton.block} ${styles.storeHeaderSkeleton}`}
              aria-hidden="true"
            />
          )}
        </section>
      )}
      <CatalogueList kind={voucherKind} fixed={fixed} showCategories={false} />
    </div>
  );
}

export default StoreScreen;
