import { Later } from '../../../shared/ui/later.tsx';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import type { Paged } from '../api/scope.ts';
import styles from '../catalogue.module.css';
import { LoadMore } from './load-more.tsx';
import { CardSkeletons, RowSkeletons } from './skeletons.tsx';

/**
 * A paged list's states in one place: skeletons while the first page loads, an error with Retry,
 * the empty state, the items, and the next pages on scroll (or Load more).
 */
export function PagedItems<T extends { id: string }>({
  query,
  render,
  empty,
  layout = 'grid',
  label,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  render: (item: T, index: number) => ReactNode;
  empty: { title: string; text?: string; action?: ReactNode };
  layout?: 'grid' | 'rows';
  label: string;
}) {
  if (query.isPending)
    return layout === 'grid' ? <CardSkeletons count={6} /> : <RowSkeletons count={5} tall />;
  if (query.isError && !query.data) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  // Pages shift when the catalogue changes between two of them: show each item once.
  const seen = new Set<string>();
  const unique = items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
  if (unique.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <ul className={layout === 'grid' ? styles.cardGrid : styles.rowList} aria-label={label}>
        {unique.map((item, index) => (
          <Later key={item.id}>
            <li>{render(item, index)}</li>
          </Later>
        ))}
      </ul>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => void query.fetchNextPage()}
        failed={query.isFetchNextPageError}
      />
    </>
  );
}
