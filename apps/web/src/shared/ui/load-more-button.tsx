import { useTranslation } from 'react-i18next';
import button from './button.module.css';
import styles from './load-more-button.module.css';

type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * "Load more" under a paged list, as wide as the list: there only while another page exists, inert
 * while it loads, and "Try again" after the last attempt failed (the rows already shown stay).
 */
export function LoadMoreButton({ query, label }: { query: NextPageQuery; label: string }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className={`${button.button} ${button.block} ${styles.more}`}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      aria-busy={query.isFetchingNextPage}
      data-testid="load-more"
    >
      {query.isFetchNextPageError ? t('states.retry') : label}
    </button>
  );
}
