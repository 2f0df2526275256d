import type { Language, Page } from '@app/contracts';
import { api } from './client.ts';

/** How many entries a page of the member's histories holds. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * One page of one of the member's histories (purchases and uses, or points movements), newest first.
 * Cast, not parsed, like the other reads: the API holds every answer to the contract.
 */
export const getHistoryPage = async <T>(
  path: string,
  filter: Record<string, string>,
  lang: Language,
  page: number,
  signal?: AbortSignal,
) =>
  (await api.get(path, {
    query: { ...filter, page, limit: HISTORY_PAGE_SIZE, orderBy: 'createdAt', orderDir: 'DESC' },
    lang,
    signal,
  })) as Page<T>;
