import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { paths } from '../../../shared/paths.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import {
  getItemQueryOptions,
  getRecommendedQueryOptions,
  type DetailOf,
  type ItemKind,
} from '../api/get-items.ts';
import { ALSO_LIKE } from '../api/first-view.ts';
import { useCatalogueScope } from '../api/scope.ts';
import type { CatalogueKind } from '../kinds/catalogue-kind.ts';
import { ItemNotFound } from './detail-parts.tsx';
import { ItemStrip } from './item-strip.tsx';
import { DetailSkeleton } from './skeletons.tsx';
import styles from '../catalogue.module.css';

/**
 * The detail screen of the item in the URL: the way back to its list, its loading, error and
 * not-found states, the kind's own `view` of it, and "You may also like" of the same kind.
 */
export function DetailScreen<K extends ItemKind>({
  kind,
  view,
}: {
  kind: CatalogueKind<K>;
  view: (item: DetailOf<K>, now: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scope = useCatalogueScope();
  const now = useNow();
  const item = useQuery(getItemQueryOptions(kind.plural, scope, id));
  const alsoLike = useQuery(
    getRecommendedQueryOptions(kind.plural, scope, { limit: ALSO_LIKE, exclude: [id] }),
  );
  useDocumentTitle(
    item.data?.title ??
      (item.isError ? t(`errors.${kind.singular}_not_found`) : t(`catalogue.${kind.plural}.title`)),
  );

  if (item.isError && isApiError(item.error) && item.error.status === 404) {
    return <ItemNotFound kind={kind.singular} />;
  }
  return (
    <div className={styles.detailScreen}>
      <div className={`${page.heading} ${styles.detailHeading}`}>
        <BackButton fallback={paths[kind.plural]} />
        <span className={styles.detailHeadingLabel}>{t(`catalogue.detail.${kind.singular}`)}</span>
      </div>
      {item.isPending ? (
        <DetailSkeleton />
      ) : item.isError ? (
        <ErrorState error={item.error} onRetry={() => void item.refetch()} retrying={item.isFetching} />
      ) : (
        view(item.data, now)
      )}
      {/* Below the item, once the item is there: shown beside the skeleton it would jump down the page
          when the (taller) item replaces it. Its data loads in parallel all the same. */}
      {!item.isPending && (
        <ItemStrip
          id="also-like"
          title={t('catalogue.detail.alsoLike')}
          query={alsoLike}
          render={(other) => kind.card(other, now)}
        />
      )}
    </div>
  );
}
