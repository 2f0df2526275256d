import type { Page, PointsMovement } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Language } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';

export const POINTS_HISTORY_PAGE_SIZE = 20;

/**
 * One page of the member's points movements from `startDate` (a Bangkok day), newest first. Cast, not
 * parsed, like the other reads: the API holds every answer to the contract.
 */
export const getPointsHistory = async (
  lang: Language,
  startDate: string,
  page: number,
  signal?: AbortSignal,
) =>
  (await api.get('/bff/orders/histories/point', {
    query: { startDate, page, limit: POINTS_HISTORY_PAGE_SIZE, orderBy: 'createdAt', orderDir: 'DESC' },
    lang,
    signal,
  })) as Page<PointsMovement>;

/** Titles follow the language and the rows belong to one member: both are in the key. */
export const getPointsHistoryQueryOptions = (lang: Language, viewer: string, startDate: string) =>
  infiniteQueryOptions({
    queryKey: ['points-history', lang, viewer, startDate],
    queryFn: ({ pageParam, signal }) => getPointsHistory(lang, startDate, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page<PointsMovement>) =>
      last.page < last.totalPages ? last.page + 1 : undefined,
  });
