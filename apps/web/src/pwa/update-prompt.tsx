import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { withTexts } from '../shared/i18n/add-texts.ts';
import { waitingUpdate } from './update-state.ts';

const UpdateBanner = lazy(() => withTexts(import('./update-banner.tsx')));

let started = false;

/**
 * Starts the installable app's parts (service worker, the wallet's offline copy) once the first screen
 * is usable: after the page's load and an idle moment, so none of it competes with the first screen.
 */
function startLater() {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const start = () => void import('./start.ts').then(({ startPwa }) => startPwa());
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(start, { timeout: 3_000 })
      : setTimeout(start, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * "Update available": a new build's service worker is installed and waits; the member's tap lets it
 * take over and reloads the page. The layout mounts this once; until an update is there it renders
 * nothing and its banner's code is not loaded.
 */
export function UpdatePrompt() {
  const worker = useSyncExternalStore(waitingUpdate.subscribe, waitingUpdate.get, () => null);
  useEffect(startLater, []);
  if (!worker) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner worker={worker} />
    </Suspense>
  );
}
