import type { Language } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { readHomeAddress } from '../lib/home-address.ts';
import { DEFAULT_FILTER } from '../lib/list-filter.ts';
import { getBannersQueryOptions } from './get-banners.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';
import {
  getFirstItemsQueryOptions,
  getItemQueryOptions,
  getRecommendedQueryOptions,
  type ItemKind,
} from './get-items.ts';
import { VISITOR, type CatalogueScope } from './scope.ts';

/** Cards in home's "Recommended" strip. */
export const RECOMMENDED = 10;
/** Cards in the grid under home's category chips. */
export const HOME_GRID_SIZE = 6;
/** Cards in a detail's "You may also like". */
export const ALSO_LIKE = 10;

// What a screen's first view asks for, requested while its code is still downloading (main.tsx, through
// the route's `firstView`): on a weak signal the answers arrive with the code instead of one round trip
// after it. A visitor's only: a member's answers are keyed by the member, known once the session is
// restored. The same query options as the screens', so a screen finds these answers (or requests in flight).

// A failed answer is the screen's to show (it asks again); here it only means no picture to start.
const ignore = () => {};

/**
 * Starts the download of the screen's largest picture (its LCP) the moment its address is known, so it
 * loads while the screen's code is still arriving rather than after the screen first draws it.
 */
function startPicture(url: string | undefined) {
  if (!url) return;
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.src = url;
}

/** Home: banners, Recommended, the categories and the vouchers grid of the tab and category in the address. */
export function prefetchHomeFirstView(queryClient: QueryClient, lang: Language, search: URLSearchParams) {
  const { q, tab, category } = readHomeAddress(search);
  if (q) return; // a search shows results instead
  const scope: CatalogueScope = { lang, viewer: VISITOR };
  void queryClient
    .fetchQuery(getBannersQueryOptions(scope, 'TOP'))
    .then((banners) => startPicture(banners[0]?.imageUrl), ignore);
  void queryClient.prefetchQuery(getRecommendedQueryOptions('vouchers', scope, { limit: RECOMMENDED }));
  void queryClient.prefetchQuery(getCategoriesQueryOptions(scope));
  if (tab === 'voucher')
    void queryClient.prefetchQuery(
      getFirstItemsQueryOptions('vouchers', scope, { ...DEFAULT_FILTER, category }, HOME_GRID_SIZE),
    );
  void queryClient.prefetchQuery(getBannersQueryOptions(scope, 'BOTTOM'));
}

/** A voucher's or privilege's detail and its "You may also like". */
export function prefetchDetailFirstView(
  queryClient: QueryClient,
  kind: ItemKind,
  lang: Language,
  id: string,
) {
  const scope: CatalogueScope = { lang, viewer: VISITOR };
  void queryClient
    .fetchQuery(getItemQueryOptions(kind, scope, id))
    .then((item) => startPicture(item.images[0]), ignore);
  void queryClient.prefetchQuery(
    getRecommendedQueryOptions(kind, scope, { limit: ALSO_LIKE, exclude: [id] }),
  );
}
