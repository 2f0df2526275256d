import { matchRoutes } from 'react-router';
import { queryClient } from '../shared/api/query-client.ts';
import { tokenStorage } from '../shared/api/tokens.ts';
import { splitLocale } from '../shared/paths.ts';
import { routes, type ScreenHandle } from './routes.tsx';

/** The screen route at `pathname`, with its parameters and handle. */
export function screenAt(pathname: string) {
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match && { params: match.params, handle: match.route.handle as ScreenHandle | undefined };
}

/** Starts downloading the code of the screen at `pathname` (no-op once it is here or on its way). */
export function preloadScreen(pathname: string): void {
  screenAt(pathname)?.handle?.screen.prefetch();
}

/**
 * At start: the first screen's code and, for a visitor (no stored session), its first view's data, all
 * at once rather than the data after the code.
 */
export function preloadFirstScreen({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  const at = screenAt(pathname);
  at?.handle?.screen.prefetch();
  if (at?.handle?.firstView && !tokenStorage.get())
    void at.handle.firstView({
      queryClient,
      lang: splitLocale(pathname).lang,
      search: new URLSearchParams(search),
      params: at.params,
    });
}

/**
 * Fetches a link's screen as soon as the member shows the intent to follow it — a finger on it, the
 * pointer over it, keyboard focus — so on a slow network most of the download is over by the tap.
 */
export function preloadOnIntent(root: Document = document): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    preloadScreen(link.pathname);
  };
  for (const type of ['pointerover', 'pointerdown', 'focusin'] as const) {
    root.addEventListener(type, onIntent, { passive: true, capture: true });
  }
}
