import type { Page } from '@app/contracts';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** The page after `last`, or none when `last` was the list's last page. */
export const nextPageOf = (last: Page<unknown>) => (last.page < last.totalPages ? last.page + 1 : undefined);

/** A list read page after page from the first; `read` asks for one page by its number. */
export const pagedQueryOptions = <T extends Page<unknown>, K extends QueryKey>(
  queryKey: K,
  read: (page: number, signal: AbortSignal) => Promise<T>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
