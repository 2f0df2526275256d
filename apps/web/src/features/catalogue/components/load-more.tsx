import { useTranslation } from 'react-i18next';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.ts';
import styles from '../catalogue.module.css';

/**
 * The end of a paged list: the next page loads by itself as the member scrolls near it
 * (IntersectionObserver), and a Load more button does the same for keyboards and older browsers.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  failed,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** The last page failed: stop loading by itself, so the member chooses to try again. */
  failed?: boolean;
}) {
  const { t } = useTranslation();
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    () => {
      if (!isFetchingNextPage) fetchNextPage();
    },
    { enabled: hasNextPage && !isFetchingNextPage && !failed },
  );
  if (!hasNextPage) return null;
  return (
    <div className={styles.loadMore} ref={sentinel}>
      <LightButton block loading={isFetchingNextPage} onClick={fetchNextPage} data-testid="load-more">
        {failed ? t('states.retry') : t('catalogue.list.loadMore')}
      </LightButton>
    </div>
  );
}
