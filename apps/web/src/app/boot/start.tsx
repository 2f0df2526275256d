import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startFirstScreen } from '../../shared/ui/later.tsx';
import { App } from '../app.tsx';
import { preloadFirstScreen, preloadOnIntent } from '../preload.ts';

/**
 * The third step of the app's start (main.tsx): the screen's code and, for a visitor, its data
 * requested at once rather than one after the other (none when the server sent it with the page). On a
 * weak signal each round trip is a second or more.
 */
export function preloadScreens(): void {
  preloadFirstScreen(window.location);
  preloadOnIntent();
}

/**
 * The last step: the app drawn, or the server's markup taken over. Resolves once the first screen is
 * the app's: every part of the server's markup answers taps.
 */
export function startApp(root: HTMLElement, serverMarkup: boolean): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const takenOver = startFirstScreen(serverMarkup);
  if (serverMarkup) hydrateRoot(root, app);
  else createRoot(root).render(app);
  return takenOver;
}
