import { lazy, type ComponentType } from 'react';
import type { LazyScreen } from '../../shared/ui/lazy-screen.tsx';

/**
 * A lazy component whose download failed keeps the error and throws it again at every render
 * after: a screen tapped once offline would stay broken until a reload. A screen whose code has since
 * arrived is drawn by a fresh lazy component over the same download.
 */
const renewed = new Map<LazyScreen<object>, ComponentType<object>>();

/**
 * Vite loads a screen's styles by adding a stylesheet link and counts any link already there as loaded:
 * one that failed offline would leave the screen unstyled when its code downloads later. Such links
 * (no style sheet behind them) go, so the next download adds them afresh.
 */
function dropFailedStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href*="/assets/"]')) {
    if (link.sheet === null) link.remove();
  }
}

/** Downloads the screen's code again; once it is here, the slot draws the screen. */
export async function reloadScreen(screen: LazyScreen<object>): Promise<void> {
  dropFailedStyles();
  await screen.preload();
  renewed.set(
    screen,
    lazy(() => screen.preload()),
  );
}

/** The route's element: the screen, or its renewed component after a failed download. */
export function ScreenSlot({ screen }: { screen: LazyScreen<object> }) {
  const Screen = renewed.get(screen) ?? screen;
  // Not made here: one lazy component per screen, module-wide, replaced only after a failed download.
  // eslint-disable-next-line react-hooks/static-components
  return <Screen />;
}
