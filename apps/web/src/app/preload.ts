import { matchRoutes } from 'react-router';
import { routes, type ScreenHandle } from './routes.tsx';

/** Starts downloading the code of the screen at `pathname` (no-op once it is here or on its way). */
export function preloadScreen(pathname: string): void {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  handle?.screen.prefetch();
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
