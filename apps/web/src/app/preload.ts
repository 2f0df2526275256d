import { matchRoutes } from 'react-router';
import { queryClient } from '../shared/api/query-client.ts';
import { tokenStorage } from '../shared/api/tokens.ts';
import { splitLocale } from '../shared/paths.ts';
import { screens, type ScreenHandle } from './routes.tsx';

type ScreenAt = { params: Record<string, string | undefined>; handle: ScreenHandle | undefined };
let last: { pathname: string; at: ScreenAt | undefined } | undefined;

/**
 * The screen route at `pathname`, with its parameters and handle. React Router ranks every route
 * afresh on each match (~30 ms on a mid-range phone for both languages' trees): this matches the path
 * under its language's root against the screens alone, and keeps the last answer, since the start asks
 * for the same address twice (the preloads, then the router's screen handle).
 */
export function screenAt(pathname: string): ScreenAt | undefined {
  if (last?.pathname === pathname) return last.at;
  const match = matchRoutes(screens, splitLocale(pathname).path)?.at(-1);
  const at = match && { params: match.params, handle: match.route.handle as ScreenHandle | undefined };
  last = { pathname, at };
  return at;
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
