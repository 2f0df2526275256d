import { matchRoutes } from 'react-router';
import { paths } from '../shared/paths.ts';
import { routes, type ScreenHandle } from './routes.tsx';

/** Starts downloading the code of the screen at `pathname` (no-op once it is here or on its way). */
export function preloadScreen(pathname: string): void {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  // A failed prefetch is not an error: the navigation itself loads the screen again and reports it.
  handle?.screen.preload().catch(() => {});
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

/** Where a member usually goes next from a first screen: the tabs of the bottom navigation. */
const LIKELY_NEXT = [paths.home, paths.profile, paths.wallet, paths.cart, paths.notifications];
const IDLE_DELAY_MS = 3000;

/**
 * Once the first screen has loaded and the phone is idle, fetches the code of the likely next screens
 * (and with them antd's runtime), so the first tap on a weak signal does not wait for a download. Not
 * when the member asked the browser to save data.
 */
export function preloadWhenIdle(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const start = () =>
    window.setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
      idle(() => LIKELY_NEXT.forEach((path) => preloadScreen(path)));
    }, IDLE_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
