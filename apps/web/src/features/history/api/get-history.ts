import type { HistoryEntry, HistoryType, Language, Page } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const HISTORY_PAGE_SIZE = 20;

export type HistoryQueryInput = { type: HistoryType; startDate: string; endDate: string };

/**
 * One page of the member's purchases, uses and points movements, newest first. Cast, not parsed, like
 * the other reads: the API holds every answer to the contract.
 */
export const getHistory = async (
  lang: Language,
  input: HistoryQueryInput,
  page: number,
  signal?: AbortSignal,
) =>
  (await api.get('/bff/orders/histories', {
    query: { ...input, page, limit: HISTORY_PAGE_SIZE, orderBy: 'createdAt', orderDir: 'DESC' },
    lang,
    signal,
  })) as Page<HistoryEntry>;

/** Titles follow the language and the rows belong to one member: both are in the key. */
export const getHistoryQueryOptions = (lang: Language, viewer: string, input: HistoryQueryInput) =>
  infiniteQueryOptions({
    queryKey: ['history', lang, viewer, input],
    queryFn: ({ pageParam, signal }) => getHistory(lang, input, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page<HistoryEntry>) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
