import type { HistoryEntry, HistoryType, Language } from '@app/contracts';
import { getHistoryPage } from '../../../shared/api/history-page.ts';
import { pagedQueryOptions } from '../../../shared/api/paged-query.ts';

export type HistoryQueryInput = { type: HistoryType; startDate: string; endDate: string };

/**
 * The member's purchases, uses and points movements. Titles follow the language and the rows belong to
 * one member: both are in the key.
 */
export const getHistoryQueryOptions = (lang: Language, viewer: string, input: HistoryQueryInput) =>
  pagedQueryOptions(['history', lang, viewer, input], (page, signal) =>
    getHistoryPage<HistoryEntry>('/bff/orders/histories', input, lang, page, signal),
  );
