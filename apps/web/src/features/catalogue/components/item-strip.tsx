import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import { CardSkeletons } from './skeletons.tsx';

/** A titled horizontal strip of cards (Recommended, You may also like) with its loading and error states. */
export function ItemStrip<T extends { id: string }>({
  id,
  title,
  query,
  render,
  action,
  hideWhenEmpty = true,
  empty,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T[]>;
  render: (item: T, index: number) => ReactNode;
  action?: ReactNode;
  hideWhenEmpty?: boolean;
  empty?: ReactNode;
}) {
  if (query.data && query.data.length === 0 && hideWhenEmpty) return null;
  return (
    <section className="home-section" aria-labelledby={id} data-testid={id}>
      <div className="section-heading">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {action}
      </div>
      {query.isPending ? (
        <CardSkeletons count={3} layout="strip" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          compact
        />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <ul className="h-strip" aria-labelledby={id}>
          {query.data.map((item, index) => (
            <li key={item.id}>{render(item, index)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
