import type { QueryClient } from '@tanstack/react-query';

/** The longest wait for an idle moment: on a page that is never idle the work still starts. */
const IDLE_TIMEOUT_MS = 5_000;

/** A moment the browser has nothing else to do (or, where it cannot say, the next task). */
export const idleMoment = (timeout = IDLE_TIMEOUT_MS): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve);
  });

const readsDone = (client: QueryClient): Promise<void> =>
  new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    });
  });

/**
 * Resolves once none of the app's reads is on its way and the browser has had an idle moment since.
 * Work the member did not ask for waits for it: the wallet's copy on the device, refreshed as the app
 * started, sent its dozen reads beside the screen's own and held a slow phone's main thread while the
 * member's first screen was being drawn. A read that starts during the idle wait (the screen's, once the
 * session is back) is waited for too.
 */
export async function whenSettled(client: QueryClient): Promise<void> {
  for (;;) {
    await readsDone(client);
    await idleMoment();
    if (client.isFetching() === 0) return;
  }
}
