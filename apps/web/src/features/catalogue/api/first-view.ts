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
  // On the server the picture is in the page's markup instead.
  if (!url || typeof Image === 'undefined') return;
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.src = url;
}

/**
 * Home: banners, Recommended, the categories and the vouchers grid of the tab and category in the address.
 * Settles when every answer is in (the server waits for it before rendering the page); never rejects.
 */
export function prefetchHomeFirstView(
  queryClient: QueryClient,
  lang: Language,
  search: URLSearchParams,
): Promise<unknown> {
  const { q, tab, category } = readHomeAddress(search);
  if (q) return Promise.resolve(); // a search shows results instead
  const scope: CatalogueScope = { lang, viewer: VISITOR };
  return Promise.all([
    queryClient
      .fetchQuery(getBannersQueryOptions(scope, 'TOP'))
      .then((banners) => startPicture(banners[0]?.imageUrl), ignore),
    queryClient.prefetchQuery(getRecommendedQueryOptions('vouchers', scope, { limit: RECOMMENDED })),
    queryClient.prefetchQuery(getCategoriesQueryOptions(scope)),
    tab === 'voucher' &&
      queryClient.prefetchQuery(
        getFirstItemsQueryOptions('vouchers', scope, { ...DEFAULT_FILTER, category }, HOME_GRID_SIZE),
      ),
    queryClient.prefetchQuery(getBannersQueryOptions(scope, 'BOTTOM')),
  ]);
}

/** A voucher's or privilege's detail and its "You may also like"; settles like the home's. */
export function prefetchDetailFirstView(
  queryClient: QueryClient,
  kind: ItemKind,
  lang: Language,
  id: string,
): Promise<unknown> {
  const scope: CatalogueScope = { lang, viewer: VISITOR };
  return Promise.all([
    queryClient
      .fetchQuery(getItemQueryOptions(kind, scope, id))
      .then((item) => startPicture(item.images[0]), ignore),
    queryClient.prefetchQuery(getRecommendedQueryOptions(kind, scope, { limit: ALSO_LIKE, exclude: [id] })),
  ]);
}
