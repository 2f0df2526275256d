import type { Language } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_FILTER } from '../lib/list-filter.ts';
import { getBannersQueryOptions } from './get-banners.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';
import { getFirstItemsQueryOptions, getRecommendedQueryOptions } from './get-items.ts';
import { VISITOR, type CatalogueScope } from './scope.ts';

/** Cards in home's "Recommended" strip. */
export const RECOMMENDED = 10;
/** Cards in the grid under home's category chips. */
export const HOME_GRID_SIZE = 6;

/**
 * Asks for what home's first view shows while its code is still downloading (main.tsx calls it at
 * start): on a weak signal the answers arrive with the code instead of one round trip after it. A
 * visitor's only: a member's answers are keyed by the member, known once the session is restored.
 * The same query options as the screen's, so the screen finds these answers (or requests in flight).
 */
export function prefetchHomeFirstView(queryClient: QueryClient, lang: Language, search: URLSearchParams) {
  if (search.get('q')?.trim()) return; // a search shows results instead
  const scope: CatalogueScope = { lang, viewer: VISITOR };
  const category = search.get('category')?.trim() || undefined;
  const tab = search.get('tab');
  void queryClient.prefetchQuery(getBannersQueryOptions(scope, 'TOP'));
  void queryClient.prefetchQuery(getRecommendedQueryOptions('vouchers', scope, { limit: RECOMMENDED }));
  void queryClient.prefetchQuery(getCategoriesQueryOptions(scope));
  if (!tab || tab === 'voucher')
    void queryClient.prefetchQuery(
      getFirstItemsQueryOptions('vouchers', scope, { ...DEFAULT_FILTER, category }, HOME_GRID_SIZE),
    );
  void queryClient.prefetchQuery(getBannersQueryOptions(scope, 'BOTTOM'));
}
