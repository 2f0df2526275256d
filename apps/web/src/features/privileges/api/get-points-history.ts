import type { Language, PointsMovement } from '@app/contracts';
import { getHistoryPage } from '../../../shared/api/history-page.ts';
import { pagedQueryOptions } from '../../../shared/api/paged-query.ts';

/**
 * The member's points movements from `startDate` (a Bangkok day). Titles follow the language and the
 * rows belong to one member: both are in the key.
 */
export const getPointsHistoryQueryOptions = (lang: Language, viewer: string, startDate: string) =>
  pagedQueryOptions(['points-history', lang, viewer, startDate], (page, signal) =>
    getHistoryPage<PointsMovement>('/bff/orders/histories/point', { startDate }, lang, page, signal),
  );
